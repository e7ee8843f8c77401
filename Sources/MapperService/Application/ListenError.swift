#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import NIOCore

/// The server could not open its listening socket: said plainly, with what to do.
///
/// `cannot listen on 127.0.0.1:8080: the address is already in use (another mapper serve?)`
package struct ListenError: Error, CustomStringConvertible {
    package var host: String
    package var port: Int
    package var reason: String

    package var description: String {
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return "cannot listen on \(address): \(reason)"
    }

    /// The plain form of a socket error met while binding, or nil for other errors.
    init?(_ error: any Error, host: String, port: Int) {
        guard let error = error as? IOError else { return nil }
        self.host = host
        self.port = port
        switch error.errnoCode {
        case EADDRINUSE: reason = "the address is already in use (another mapper serve?)"
        case EACCES: reason = "permission denied (ports below 1024 need privileges; pick another with --port)"
        case EADDRNOTAVAIL: reason = "the address is not one of this machine's (check --host)"
        default: return nil
        }
    }
}
