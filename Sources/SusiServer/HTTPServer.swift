import CMicroHTTPD
import Foundation
import SusiReply
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on libmicrohttpd: a pool of threads, each polling
/// its share of the connections and answering a quick request itself
/// (`HTTPHandler.respondInline`), with a pool of workers of our own for the
/// requests that may take long; limits on connections, idle time, header
/// and body size, one access-log line per request, and a shutdown that lets
/// requests in flight finish.
public final class HTTPServer: @unchecked Sendable {
    public let host: String
    public let port: UInt16
    public let limits: ServerLimits
    let handler: any HTTPHandler
    /// Where request lines go; never written on a worker thread.
    public let accessLog: AccessLog
    private let ownsLog: Bool
    let connections: ConnectionGuard
    /// The threads that answer what `handler` will not answer inline.
    private let workers: WorkerPool
    /// Connections suspended while a worker answers them, by request.
    private var answering: [ObjectIdentifier: (state: RequestState, connection: OpaquePointer)] = [:]

    private let lock = NSLock()
    private var daemon: OpaquePointer?
    /// Counted and read by every libmicrohttpd thread for every request:
    /// atomics, not `lock` (a shared mutex three times a request was
    /// contended between the threads under load).
    private let inFlight = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)

    /// Binds `host:port` (0 picks a free port, see `port`) and starts
    /// serving; `log` gets one line per request, on a thread of its own.
    public convenience init(host: String, port: UInt16, limits: ServerLimits = ServerLimits(),
                            log: @escaping @Sendable (String) -> Void, handler: any HTTPHandler) throws {
        let accessLog = AccessLog(capacity: limits.logBufferLines, sink: .lines(log))
        do {
            try self.init(host: host, port: port, limits: limits, accessLog: accessLog, ownsLog: true, handler: handler)
        } catch {
            accessLog.finish(within: 0)
            throw error
        }
    }

    /// The same with a log the caller owns (and finishes after `stop`).
    public convenience init(host: String, port: UInt16, limits: ServerLimits = ServerLimits(),
                            accessLog: AccessLog, handler: any HTTPHandler) throws {
        try self.init(host: host, port: port, limits: limits, accessLog: accessLog, ownsLog: false, handler: handler)
    }

    private init(host: String, port: UInt16, limits: ServerLimits, accessLog: AccessLog, ownsLog: Bool,
                 handler: any HTTPHandler) throws {
        self.host = host
        self.limits = limits
        self.handler = handler
        self.accessLog = accessLog
        self.ownsLog = ownsLog
        var reason = [CChar](repeating: 0, count: 256)
        guard susi_mhd_load(&reason, reason.count) == 0 else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ServerError("Cannot serve: \(text). Install it (on Debian: apt-get install libmicrohttpd12).")
        }
        let bound = try Listener.bind(host: host, port: port)
        self.port = bound.port
        connections = ConnectionGuard(limits: limits)
        workers = WorkerPool(threads: max(1, limits.threads), name: "susi-worker")
        var settings = susi_mhd_settings()
        settings.listen_fd = bound.descriptor
        // Each thread answers the quick requests of its connections itself.
        settings.threads = UInt32(max(1, limits.threads))
        settings.connection_limit = UInt32(max(1, limits.maxConnections))
        settings.per_address_limit = UInt32(max(0, limits.maxConnectionsPerAddress))
        settings.timeout_seconds = UInt32(max(0, limits.idleTimeoutSeconds))
        // Room for a head twice the limit plus its field records, so that
        // susi, not libmicrohttpd's pool, refuses a head past the limit (with
        // JSON); the pool's pages are touched only as far as a head reaches.
        settings.memory_limit = max(4096, limits.maxHeaderBytes) * 2 + RequestHead.maxFields * 64
        settings.accept_policy = acceptPolicy
        settings.handler = accessHandler
        settings.completed = completedHandler
        settings.notify_connection = connectionHandler
        settings.uri_callback = requestLineHandler
        settings.context = Unmanaged.passUnretained(self).toOpaque()
        guard let started = susi_mhd_start(&settings) else {
            connections.stop()
            workers.stop()
            close(bound.descriptor)
            throw ServerError("libmicrohttpd could not start serving on \(host):\(bound.port).")
        }
        daemon = started
    }

    deinit { stop(graceSeconds: 0) }

    /// Access-log lines dropped because the reader did not keep up.
    public var droppedLogLines: Int { accessLog.droppedLines }

    /// Requests received and not yet answered.
    public var requestsInFlight: Int { inFlight.load(ordering: .acquiring) }

    /// Stops accepting connections, waits up to `graceSeconds` (the
    /// limit's value by default) for requests in flight, then closes
    /// everything. Idempotent.
    public func stop(graceSeconds: Double? = nil) {
        lock.lock()
        guard let running = daemon, !stopping.load(ordering: .acquiring) else {
            lock.unlock()
            return
        }
        stopping.store(true, ordering: .releasing)
        lock.unlock()
        let listener = susi_mhd_quiesce(running)
        let deadline = Date().addingTimeInterval(graceSeconds ?? limits.shutdownGraceSeconds)
        while requestsInFlight > 0, Date() < deadline {
            usleep(5_000)
        }
        // Past the grace time, requests still being answered get a 503
        // (libmicrohttpd cannot stop with a connection suspended).
        lock.lock()
        let unfinished = answering
        answering.removeAll()
        lock.unlock()
        for (state, connection) in unfinished.values {
            state.pending = handler.reject(state.request, status: 503, message: "The server is stopping; try again later.")
            susi_mhd_resume(connection)
        }
        if !unfinished.isEmpty { usleep(50_000) }
        susi_mhd_stop(running)
        connections.stop()
        workers.stop()
        if listener >= 0 { close(listener) }
        lock.lock()
        daemon = nil
        lock.unlock()
        if ownsLog { accessLog.finish(within: 1) }
    }

    var isStopping: Bool { stopping.load(ordering: .acquiring) }

    // MARK: - Requests

    /// One request, from its request line (before the headers) to its end.
    final class RequestState {
        /// The request line's target as sent, byte for byte.
        let target: [UInt8]
        /// Where libmicrohttpd's copy of the target starts in its buffer.
        var targetStart: UnsafePointer<CChar>?
        /// Header fields as sent, collected at the handler's first call.
        var fields: [(name: [UInt8], value: [UInt8])] = []
        var request: HTTPRequest
        let started: UInt64
        /// The handler has been called: method, path, query and headers are known.
        var headRead = false
        /// The head failed its checks: path and query were never decoded.
        var headRefused = false
        var tooLarge = false
        var responded = false
        var status = 0
        /// Handed to a worker; `pending` is its answer, to be queued once the connection is resumed.
        var dispatched = false
        var pending: HTTPResponse?

        convenience init(uri: String, clientAddress: String) {
            self.init(target: Array(uri.utf8), clientAddress: clientAddress)
        }

        init(target: [UInt8], clientAddress: String) {
            self.target = target
            request = HTTPRequest(method: "-", path: "", clientAddress: clientAddress)
            started = DispatchTime.now().uptimeNanoseconds
        }
    }

    /// The methods answered (the 405's Allow header lists them).
    static func isAllowed(_ method: String) -> Bool {
        switch method {
        case "GET", "POST", "HEAD", "OPTIONS": return true
        default: return false
        }
    }

    /// `url` and `method` are libmicrohttpd's; they become Strings once per
    /// request (the handler is called at least twice for each).
    fileprivate func handle(_ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
                            version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
                            slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        if slot.pointee == nil {
            // Not made by the request-line callback (it always runs first); made here to be safe.
            slot.pointee = Unmanaged.passRetained(RequestState(target: url.map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? [],
                                                               clientAddress: Listener.describe(susi_mhd_client_address(connection)))).toOpaque()
        }
        let state = Unmanaged<RequestState>.fromOpaque(slot.pointee!).takeUnretainedValue()
        if !state.headRead {
            // First call: the head has arrived, the body has not. Nothing of
            // it is used before it is checked, and a refusal here is queued
            // before any body byte is read, which closes the connection.
            let method = method.map { String(cString: $0) } ?? "GET"
            state.headRead = true
            state.request.method = method
            susi_mhd_headers(connection, collectHeader, Unmanaged.passUnretained(state).toOpaque())
            inFlight.add(1, ordering: .acquiringAndReleasing)
            var head = RequestHead(method: method, version: version.map { String(cString: $0) } ?? "HTTP/1.1",
                                   target: state.target, fields: state.fields)
            // The version follows the target and one space in libmicrohttpd's
            // buffer (0.9.75 to 1.0): a longer gap than the target is a NUL in it.
            if let start = state.targetStart, let version {
                let gap = start.distance(to: version) - 1
                if gap > state.target.count, gap <= state.target.count + limits.maxHeaderBytes { head.sentTargetBytes = gap }
            }
            state.fields = []
            switch head.check(maxHeadBytes: limits.maxHeaderBytes, maxBodyBytes: limits.maxBodyBytes) {
            case let .failure(refusal):
                state.headRefused = true
                connections.handling(connection)
                var answer = handler.reject(state.request, status: refusal.status, message: refusal.message)
                answer.headers.append(("Connection", "close"))
                return respond(connection, state, answer)
            case let .success(checked):
                state.request.path = checked.path
                state.request.query = checked.query
                state.request.headers = checked.headers
            }
            if !Self.isAllowed(method) {
                connections.handling(connection)
                var refusal = handler.reject(state.request, status: 405, message: "The method \(LogText.field(method)) is not supported; use GET or POST.")
                refusal.headers.append(("Allow", "GET, POST, HEAD, OPTIONS"))
                return respond(connection, state, refusal)
            }
            return susi_mhd_yes()
        }
        if uploadSize.pointee > 0 {
            let size = uploadSize.pointee
            if !state.tooLarge, let upload {
                if state.request.body.count + size > limits.maxBodyBytes {
                    state.tooLarge = true
                    state.request.body = []
                } else {
                    upload.withMemoryRebound(to: UInt8.self, capacity: size) {
                        state.request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
                    }
                }
            }
            uploadSize.pointee = 0
            return susi_mhd_yes()
        }
        if let answer = state.pending {
            state.pending = nil
            return respond(connection, state, answer)
        }
        if state.responded || state.dispatched { return susi_mhd_yes() }
        connections.handling(connection)
        if state.tooLarge { return respond(connection, state, tooLarge(state.request)) }
        // Most requests are answered here, without a thread switch.
        if let answer = handler.respondInline(to: state.request) { return respond(connection, state, answer) }
        // Ones that may take long are answered by a worker while libmicrohttpd's thread serves other connections.
        state.dispatched = true
        lock.lock()
        answering[ObjectIdentifier(state)] = (state, connection)
        lock.unlock()
        susi_mhd_suspend(connection)
        workers.submit { [self] in
            let answer = handler.respond(to: state.request)
            lock.lock()
            let entry = answering.removeValue(forKey: ObjectIdentifier(state))
            if entry != nil { state.pending = answer }
            lock.unlock()
            // Nil: the shutdown answered it already.
            if let entry { susi_mhd_resume(entry.connection) }
        }
        return susi_mhd_yes()
    }

    private func tooLarge(_ request: HTTPRequest) -> HTTPResponse {
        handler.reject(request, status: 413, message: "The request body is larger than the limit of \(limits.maxBodyBytes) bytes.")
    }

    private func respond(_ connection: OpaquePointer, _ state: RequestState, _ response: HTTPResponse) -> MHD_Result {
        state.responded = true
        state.status = response.status
        let made = response.body.withUnsafeBytes { raw in susi_mhd_response_copy(raw.baseAddress, raw.count) }
        guard let made else { return susi_mhd_no() }
        for (name, value) in response.headers {
            susi_mhd_add_header(made, name, value)
        }
        if isStopping { susi_mhd_add_header(made, "Connection", "close") }
        let result = susi_mhd_queue_response(connection, UInt32(response.status), made)
        susi_mhd_destroy_response(made)
        return result
    }

    fileprivate func completed(_ connection: OpaquePointer?, _ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                               code: MHD_RequestTerminationCode) {
        let timedOut = connection.map { connections.completed($0) } ?? false
        guard let slot, let pointer = slot.pointee else { return }
        slot.pointee = nil
        let state = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
        if state.headRead {
            inFlight.subtract(1, ordering: .acquiringAndReleasing)
        }
        var status = state.status
        if status == 0, timedOut {
            status = 408
        } else if status == 0, let connection {
            // An error page libmicrohttpd sent itself (431, 400, ...).
            status = Int(susi_mhd_http_status(connection))
            if status != 0 { susi_mhd_claim_refusal(UInt32(status)) }
        }
        let tenths = Int((DispatchTime.now().uptimeNanoseconds - state.started) / 100_000)
        var line = Self.accessLineBytes(state, status: status, tenths: tenths)
        if susi_mhd_completed_ok(code) == 0 && status == 0 { line += " (\(Self.termination(code)))".utf8 }
        line.withUnsafeBufferPointer { accessLog.append(bytes: $0) }
    }

    /// `client method target status time`, every field escaped.
    static func accessLine(_ state: RequestState, status: Int, tenths: Int) -> String {
        String(decoding: accessLineBytes(state, status: status, tenths: tenths), as: UTF8.self)
    }

    /// The access line as bytes, written straight into one buffer (a
    /// String per field and per concatenation was a request's fortieth).
    static func accessLineBytes(_ state: RequestState, status: Int, tenths: Int) -> [UInt8] {
        let request = state.request
        var line: [UInt8] = []
        line.reserveCapacity(128)
        LogText.appendField(request.clientAddress, to: &line)
        line.append(0x20)
        LogText.appendField(request.method, to: &line)
        line.append(0x20)
        if state.headRead && !state.headRefused {
            // The redacted query is unreserved characters and %XX only, which
            // LogText leaves as they are: the path is the field to escape.
            if request.path.isEmpty && !request.query.isEmpty {
                line.append(UInt8(ascii: "?"))
            } else {
                LogText.appendField(request.path, to: &line)
                if !request.query.isEmpty { line.append(UInt8(ascii: "?")) }
            }
            FormCoding.appendRedactedQuery(request.query, to: &line)
        } else {
            // Refused before the handler: the raw target, its query redacted too.
            let parts = String(decoding: state.target, as: UTF8.self).split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            var target = FormCoding.unescapePath(parts.first.map(String.init) ?? "")
            if parts.count > 1 { target += "?" + FormCoding.redactedQuery(FormCoding.decode(String(parts[1]))) }
            LogText.appendField(target, to: &line)
        }
        line.append(0x20)
        if status == 0 { line.append(UInt8(ascii: "-")) } else { DecimalBytes.append(Int64(status), to: &line) }
        line.append(0x20)
        DecimalBytes.append(Int64(tenths / 10), to: &line)
        line.append(UInt8(ascii: "."))
        DecimalBytes.append(Int64(tenths % 10), to: &line)
        line.append(contentsOf: "ms".utf8)
        return line
    }

    static func termination(_ code: MHD_RequestTerminationCode) -> String {
        switch susi_mhd_termination_code(code) {
        case 1: return "terminated: error"
        case 2: return "terminated: timed out"
        case 3: return "terminated: server stopped"
        case 4: return "terminated: read error"
        case 5: return "terminated: client went away"
        default: return "terminated: \(susi_mhd_termination_code(code))"
        }
    }

    fileprivate func requestLine(_ connection: OpaquePointer?, uri: UnsafePointer<CChar>?) -> UnsafeMutableRawPointer {
        let known = connection.flatMap { connections.requestLine($0) }
        let target = uri.map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
        if let uri { susi_mhd_drop_query(uri) }
        let state = RequestState(target: target, clientAddress: known ?? Listener.describe(connection.flatMap { susi_mhd_client_address($0) }))
        state.targetStart = uri
        return Unmanaged.passRetained(state).toOpaque()
    }

    fileprivate func connectionOpened(_ connection: OpaquePointer) {
        connections.opened(connection, fd: susi_mhd_connection_fd(connection),
                           address: Listener.describe(susi_mhd_client_address(connection)))
    }

    /// Logs what never became a request: an error page libmicrohttpd sent
    /// before a request line was read (414, 505), or a 408 for a request
    /// that did not arrive in time.
    fileprivate func connectionClosed(_ connection: OpaquePointer) {
        let closed = connections.closed(connection)
        let refusal = Int(susi_mhd_take_refusal())
        guard let closed, refusal != 0 || closed.timedOutWaiting else { return }
        let tenths = Int(closed.milliseconds * 10)
        var line = LogText.field(closed.address) + " - - \(refusal != 0 ? refusal : 408) \(tenths / 10).\(tenths % 10)ms"
        if refusal == 0 { line += " (no complete request within \(limits.requestTimeoutSeconds) s)" }
        accessLog.append(line)
    }
}

private let collectHeader: MHD_KeyValueIteratorN = { box, _, key, keySize, value, valueSize in
    guard let box, let key else { return susi_mhd_yes() }
    let state = Unmanaged<HTTPServer.RequestState>.fromOpaque(box).takeUnretainedValue()
    let name = Array(UnsafeRawBufferPointer(start: key, count: keySize))
    state.fields.append((name, value.map { Array(UnsafeRawBufferPointer(start: $0, count: valueSize)) } ?? []))
    return susi_mhd_yes()
}

private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, version, upload, uploadSize, slot in
    guard let context, let connection, let uploadSize, let slot else { return susi_mhd_no() }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    return server.handle(connection, url: url, method: method, version: version, upload: upload, uploadSize: uploadSize, slot: slot)
}

private let completedHandler: MHD_RequestCompletedCallback = { context, connection, slot, code in
    guard let context else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().completed(connection, slot, code: code)
}

private let requestLineHandler: susi_mhd_uri_callback = { context, uri, connection in
    guard let context else { return nil }
    return Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        .requestLine(connection, uri: uri)
}

private let connectionHandler: MHD_NotifyConnectionCallback = { context, connection, _, code in
    guard let context, let connection else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    if susi_mhd_connection_started(code) != 0 {
        server.connectionOpened(connection)
    } else {
        server.connectionClosed(connection)
    }
}

private let acceptPolicy: MHD_AcceptPolicyCallback = { context, address, _ in
    guard let context else { return susi_mhd_yes() }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    return server.connections.admits(Listener.describe(address)) ? susi_mhd_yes() : susi_mhd_no()
}
