import PareaApp
import PareaVoice

extension Voice.Problem {
  /// The one notice of a run whose narrator cannot be heard: why, and that
  /// the steps are narrated on screen, each marked by the bell.
  var notice: Notice {
    Notice(
      kind: .info, title: "voice.missing.title", message: "voice.missing.message",
      args: ["reason": .key(reasonKey)])
  }

  /// The locale key of the reason, used inside `voice.missing.message`.
  var reasonKey: String {
    switch self {
    case .notInstalled: "voice.reason.notInstalled"
    case .cannotStart: "voice.reason.cannotStart"
    case .noAudio: "voice.reason.noAudio"
    }
  }
}
