import CMicroHTTPD
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on libmicrohttpd: a pool of worker threads, each
/// polling its share of the connections and calling `handler` on that
/// thread, with limits on connections, idle time, header and body size,
/// one access-log line per request, and a shutdown that lets requests in
/// flight finish.
public final class HTTPServer: @unchecked Sendable {
    public let host: String
    public let port: UInt16
    public let limits: ServerLimits
    let handler: any HTTPHandler
    /// Where request lines go; never written on a worker thread.
    public let accessLog: AccessLog
    private let ownsLog: Bool

    private let lock = NSLock()
    private var daemon: OpaquePointer?
    private var inFlight = 0
    private var stopping = false

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
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started = susi_mhd_start(bound.descriptor, UInt32(max(1, limits.threads)), UInt32(max(1, limits.maxConnections)),
                                     UInt32(max(0, limits.idleTimeoutSeconds)), max(4096, limits.maxHeaderBytes),
                                     accessHandler, context, completedHandler, context)
        guard let started else {
            close(bound.descriptor)
            throw ServerError("libmicrohttpd could not start serving on \(host):\(bound.port).")
        }
        daemon = started
    }

    deinit { stop(graceSeconds: 0) }

    /// Access-log lines dropped because the reader did not keep up.
    public var droppedLogLines: Int { accessLog.droppedLines }

    /// Requests received and not yet answered.
    public var requestsInFlight: Int {
        lock.lock()
        defer { lock.unlock() }
        return inFlight
    }

    /// Stops accepting connections, waits up to `graceSeconds` (the
    /// limit's value by default) for requests in flight, then closes
    /// everything. Idempotent.
    public func stop(graceSeconds: Double? = nil) {
        lock.lock()
        guard let running = daemon, !stopping else {
            lock.unlock()
            return
        }
        stopping = true
        lock.unlock()
        let listener = susi_mhd_quiesce(running)
        let deadline = Date().addingTimeInterval(graceSeconds ?? limits.shutdownGraceSeconds)
        while requestsInFlight > 0, Date() < deadline {
            usleep(5_000)
        }
        susi_mhd_stop(running)
        if listener >= 0 { close(listener) }
        lock.lock()
        daemon = nil
        lock.unlock()
        if ownsLog { accessLog.finish(within: 1) }
    }

    var isStopping: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopping
    }

    // MARK: - Requests

    final class RequestState {
        var request: HTTPRequest
        let started: UInt64
        var tooLarge = false
        var responded = false
        var status = 0

        init(request: HTTPRequest) {
            self.request = request
            started = DispatchTime.now().uptimeNanoseconds
        }
    }

    static let allowedMethods: Set<String> = ["GET", "POST", "HEAD", "OPTIONS"]

    fileprivate func handle(_ connection: OpaquePointer, url: String, method: String, upload: UnsafePointer<CChar>?,
                            uploadSize: UnsafeMutablePointer<Int>, slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let existing = slot.pointee else {
            // First call: the head has arrived, the body has not.
            let state = RequestState(request: HTTPRequest(method: method, path: url,
                                                          clientAddress: Listener.describe(susi_mhd_client_address(connection))))
            let box = Unmanaged.passUnretained(state).toOpaque()
            susi_mhd_query_arguments(connection, collectArgument, box)
            susi_mhd_headers(connection, collectHeader, box)
            slot.pointee = Unmanaged.passRetained(state).toOpaque()
            lock.lock()
            inFlight += 1
            lock.unlock()
            if !Self.allowedMethods.contains(method) {
                var refusal = handler.reject(state.request, status: 405, message: "The method \(method) is not supported; use GET or POST.")
                refusal.headers.append(("Allow", "GET, POST, HEAD, OPTIONS"))
                return respond(connection, state, refusal)
            }
            if let length = state.request.header("content-length").flatMap(Int.init), length > limits.maxBodyBytes {
                return respond(connection, state, tooLarge(state.request))
            }
            return susi_mhd_yes()
        }
        let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
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
        if state.responded { return susi_mhd_yes() }
        if state.tooLarge { return respond(connection, state, tooLarge(state.request)) }
        return respond(connection, state, handler.respond(to: state.request))
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

    fileprivate func completed(_ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, code: MHD_RequestTerminationCode) {
        guard let slot, let pointer = slot.pointee else { return }
        slot.pointee = nil
        let state = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
        lock.lock()
        inFlight -= 1
        lock.unlock()
        let tenths = Int((DispatchTime.now().uptimeNanoseconds - state.started) / 100_000)
        let request = state.request
        var target = request.path
        if !request.query.isEmpty { target += "?" + FormCoding.redactedQuery(request.query) }
        let status = state.status == 0 ? "-" : String(state.status)
        var line = "\(request.clientAddress) \(request.method) \(target) \(status) \(tenths / 10).\(tenths % 10)ms"
        if susi_mhd_completed_ok(code) == 0 { line += " (terminated: \(susi_mhd_termination_code(code)))" }
        accessLog.append(line)
    }
}

private let collectArgument: MHD_KeyValueIterator = { box, _, key, value in
    guard let box, let key else { return susi_mhd_yes() }
    let state = Unmanaged<HTTPServer.RequestState>.fromOpaque(box).takeUnretainedValue()
    state.request.query.append(FormField(String(cString: key), value.map { String(cString: $0) } ?? ""))
    return susi_mhd_yes()
}

private let collectHeader: MHD_KeyValueIterator = { box, _, key, value in
    guard let box, let key else { return susi_mhd_yes() }
    let state = Unmanaged<HTTPServer.RequestState>.fromOpaque(box).takeUnretainedValue()
    let name = String(cString: key).lowercased()
    if state.request.headers[name] == nil {
        state.request.headers[name] = value.map { String(cString: $0) } ?? ""
    }
    return susi_mhd_yes()
}

private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, slot in
    guard let context, let connection, let uploadSize, let slot else { return susi_mhd_no() }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    return server.handle(connection, url: url.map { String(cString: $0) } ?? "/", method: method.map { String(cString: $0) } ?? "GET",
                         upload: upload, uploadSize: uploadSize, slot: slot)
}

private let completedHandler: MHD_RequestCompletedCallback = { context, _, slot, code in
    guard let context else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().completed(slot, code: code)
}
