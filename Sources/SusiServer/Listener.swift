#if canImport(Glibc)
import Glibc
#endif

/// A listening TCP socket, bound here rather than by libmicrohttpd so that
/// errors say what went wrong and `--port 0` can report the chosen port.
enum Listener {
    struct Bound {
        var descriptor: Int32
        var port: UInt16
    }

    static func bind(host: String, port: UInt16, backlog: Int32 = 1024) throws -> Bound {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw ServerError("Cannot resolve the address '\(host)': \(String(cString: gai_strerror(status))).")
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { lastError = errno; continue }
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            if Glibc.bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 || listen(fd, backlog) != 0 {
                lastError = errno
                close(fd)
                continue
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            return Bound(descriptor: fd, port: boundPort(fd) ?? port)
        }
        let reason = String(cString: strerror(lastError))
        if lastError == EADDRINUSE {
            throw ServerError("Cannot listen on \(host):\(port): the port is in use.",
                              hint: "Choose another with --port, or --port 0 for any free port.")
        }
        throw ServerError("Cannot listen on \(host):\(port): \(reason).")
    }

    private static func boundPort(_ fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { return nil }
        return port(of: &storage)
    }

    static func port(of storage: inout sockaddr_storage) -> UInt16? {
        withUnsafePointer(to: &storage) { pointer in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            default:
                return nil
            }
        }
    }

    /// "127.0.0.1" or "::1" for a peer address.
    static func describe(_ address: UnsafePointer<sockaddr>?) -> String {
        guard let address else { return "-" }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                var addr = pointer.pointee.sin_addr
                guard inet_ntop(AF_INET, &addr, &buffer, socklen_t(buffer.count)) != nil else { return "-" }
                return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                var addr = pointer.pointee.sin6_addr
                guard inet_ntop(AF_INET6, &addr, &buffer, socklen_t(buffer.count)) != nil else { return "-" }
                return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            }
        default:
            return "-"
        }
    }
}

/// The server could not start.
public struct ServerError: Error, CustomStringConvertible {
    public var message: String
    public var hint: String?

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    public var description: String { message }
}
