#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The machine's addresses on the room's network, where phones can reach it.
///
/// Only addresses that the internet cannot route to are ever listened on by
/// default (docs/DECISIONS.md, "Phones: only the room's addresses"): a
/// public address, a VPN's public range or a documentation range is left
/// alone, so the server answers the room and nobody beyond it.
public enum LocalNetwork {
  /// The IPv4 addresses of the interfaces that are up, loopback aside, that
  /// are on a local network (`isLocal`): private ranges (a home Wi-Fi, a
  /// phone's hotspot) first, then carrier-grade and link-local ones. Empty
  /// when there is none.
  public static func addresses() -> [String] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var found: [String] = []
    var next = first
    while let entry = next {
      defer { next = entry.pointee.ifa_next }
      let flags = Int32(entry.pointee.ifa_flags)
      guard let address = entry.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET,
        flags & Int32(IFF_UP) != 0, flags & Int32(IFF_RUNNING) != 0, flags & Int32(IFF_LOOPBACK) == 0
      else { continue }
      var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
      address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
        var value = pointer.pointee.sin_addr
        _ = inet_ntop(AF_INET, &value, &text, socklen_t(text.count))
      }
      let dotted = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if !found.contains(dotted) { found.append(dotted) }
    }
    return chosen(from: found)
  }

  /// The addresses listened on, of those an interface has: the local ones
  /// only, the private ranges first (they are the room's Wi-Fi), in the
  /// order found otherwise.
  public static func chosen(from found: [String]) -> [String] {
    let local = found.filter { kind(of: $0) != nil }
    return local.filter { kind(of: $0) == .privateRange } + local.filter { kind(of: $0) != .privateRange }
  }

  /// What kind of local address an IPv4 address is, or nil when the wider
  /// internet may route to it (or it is not a dotted IPv4 address at all).
  public enum Kind: Hashable, Sendable {
    /// RFC 1918: 10/8, 172.16/12, 192.168/16 (home routers, phones' hotspots).
    case privateRange
    /// RFC 6598: 100.64/10 (a carrier's or a travel router's shared network).
    case carrierGrade
    /// RFC 3927: 169.254/16 (two machines with no router between them).
    case linkLocal
  }

  public static func kind(of address: String) -> Kind? {
    let parts = address.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 4, parts.allSatisfy({ $0.map { (0...255).contains($0) } ?? false }) else { return nil }
    let (a, b) = (parts[0]!, parts[1]!)
    if a == 10 || (a == 172 && (16...31).contains(b)) || (a == 192 && b == 168) { return .privateRange }
    if a == 100 && (64...127).contains(b) { return .carrierGrade }
    if a == 169 && b == 254 { return .linkLocal }
    return nil
  }
}
