import Foundation
import SusiTestSupport
import Testing
@testable import SusiNet

private let loopbackOnly = NetworkGuard.safeEnvironment()

@Suite struct HTTPTransportTests {
    @Test func fetchesFromALoopbackServer() throws {
        let server = try LoopbackHTTPServer { request in
            .json("{\"path\": \"\(request.path)\", \"q\": \"\(request.query["q"] ?? "")\"}")
        }
        defer { server.stop() }
        let transport = HTTPTransport(environment: loopbackOnly)
        let response = try transport.get(URL(string: server.baseURL + "/echo.json?q=hi%20there")!)
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"path\": \"/echo.json\", \"q\": \"hi there\"}")
        #expect(response.header("content-type") == "application/json")
        #expect(server.requests.count == 1)
    }

    @Test(arguments: ["http://10.0.0.1:7070/speaker_config", "https://api.susi.ai/susi/chat.json?q=hi",
                      "http://192.168.1.20/", "http://127.0.0.1.example.com/"])
    func theGuardRefusesNonLoopbackHostsBeforeSendingAnything(_ address: String) {
        let transport = HTTPTransport(environment: loopbackOnly, timeout: 1)
        do {
            _ = try transport.get(URL(string: address)!)
            Issue.record("\(address) must be refused")
        } catch {
            #expect(error.kind == .refusedByGuard)
            #expect(error.exitCode == .software)
            #expect(error.message.contains("NETWORK GUARD"))
        }
    }

    @Test func aSlowServerIsATimeout() throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 200, delay: 3) }
        defer { server.stop() }
        let transport = HTTPTransport(environment: loopbackOnly, timeout: 1)
        do {
            _ = try transport.get(URL(string: server.baseURL + "/slow")!)
            Issue.record("the request should time out")
        } catch {
            #expect(error.kind == .timeout)
            #expect(error.exitCode == .tempFail)
        }
    }

    @Test func aClosedPortIsUnreachable() throws {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        let url = URL(string: server.baseURL + "/")!
        server.stop()
        do {
            _ = try HTTPTransport(environment: loopbackOnly, timeout: 2).get(url)
            Issue.record("nothing listens there")
        } catch {
            #expect(error.kind == .unreachable)
            #expect(error.exitCode == .unavailable)
        }
    }

    @Test func anOversizedBodyIsRefused() throws {
        let server = try LoopbackHTTPServer { _ in .init(body: Data(repeating: 0x61, count: 10_000)) }
        defer { server.stop() }
        do {
            _ = try HTTPTransport(environment: loopbackOnly, maxBytes: 1000).get(URL(string: server.baseURL + "/big")!)
            Issue.record("the body is over the limit")
        } catch {
            #expect(error.kind == .tooLarge)
        }
    }

    @Test func onlyHTTPURLsAreAccepted() {
        #expect(throws: HTTPError.self) {
            try HTTPTransport(environment: loopbackOnly).get(URL(string: "file:///etc/passwd")!)
        }
    }
}
