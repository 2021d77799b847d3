import Foundation
import SusiCore
import SusiLocal
import SusiNet
import SusiPorts
import SusiServer

/// `susi serve` in this process on 127.0.0.1 (a free port) over its own
/// temporary embedded SUSI: the server a command line is pointed at with
/// `--server`, for what a SUSI server does differently from the embedded one.
public final class ServedSUSI {
    public let url: String
    public let service: EmbeddedService
    private let server: HTTPServer
    private let directory: String

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("susi-served-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/susi.db"
        let environment = NetworkGuard.safeEnvironment()
        let make: @Sendable () throws -> SusiService = {
            try EmbeddedService(path: path, environment: environment, passwordCost: .minimal)
        }
        service = try EmbeddedService(path: path, environment: environment, passwordCost: .minimal)
        server = try HTTPServer(host: "127.0.0.1", port: 0, limits: ServerLimits(threads: 2), log: { _ in },
                                handler: SusiAPI(makeService: make))
        url = "http://127.0.0.1:\(server.port)"
    }

    deinit {
        server.stop(graceSeconds: 0)
        try? FileManager.default.removeItem(atPath: directory)
    }
}
