#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The machine's addresses on local networks, where phones can reach it.
public enum LocalNetwork {
  /// The IPv4 addresses of the interfaces that are up, loopback aside:
  /// private ranges (a home Wi-Fi, a phone's hotspot) first, then the rest.
  /// Empty without a network.
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
    return found.filter(isPrivate) + found.filter { !isPrivate($0) }
  }

  /// Whether an IPv4 address is in a private range (RFC 1918) or link-local.
  static func isPrivate(_ address: String) -> Bool {
    let parts = address.split(separator: ".").compactMap { Int($0) }
    guard parts.count == 4 else { return false }
    return parts[0] == 10 || (parts[0] == 172 && (16...31).contains(parts[1])) || (parts[0] == 192 && parts[1] == 168)
      || (parts[0] == 169 && parts[1] == 254)
  }
}
