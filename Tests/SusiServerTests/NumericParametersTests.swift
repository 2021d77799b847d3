import Foundation
import SusiLocal
@testable import SusiServer
import Testing

/// Every number a client can send, at the extremes: the server answers
/// (a 4xx with a JSON error, or a valid answer) and stays up.
@Suite("susi serve: numeric parameters at their extremes")
struct NumericParameterTests {
    static let extremes = [
        String(Int.min), String(Int.max), "-1", "0", "1e308", "NaN", "-inf",
        String(repeating: "9", count: 400), "-" + String(repeating: "9", count: 400),
    ]

    /// What each endpoint needs besides the number, so the number is really read.
    static func baseQuery(_ path: String) -> String {
        switch path {
        case "/susi/chat.json": return "q=hello&latitude=1&longitude=2"
        case "/aaa/login.json": return "login=ray@example.com&password=\(password)&type=access-token"
        case "/cms/fiveStarRateSkill.json": return "model=general&group=Knowledge&language=en&skill=time"
        case "/aaa/addNewDevice.json": return "macid=aa:bb:cc:dd:ee:ff&name=kitchen&room=home&latitude=1&longitude=2"
        default: return ""
        }
    }

    @Test func everyDeclaredNumberAtEveryExtremeIsAnsweredAndTheServerStaysUp() throws {
        let served = try ServedSUSI()
        let token = try RawHTTPTests.signedIn(served)
        let declared = SusiAPI.numericParameters
        #expect(declared.keys.sorted() == ["/aaa/addNewDevice.json", "/aaa/login.json", "/cms/fiveStarRateSkill.json",
                                           "/cms/getSkillList.json", "/susi/chat.json", "/susi/memory.json"])
        var sent = 0
        for (path, parameters) in declared.sorted(by: { $0.key < $1.key }) {
            for parameter in parameters {
                for value in Self.extremes {
                    // The declared parameter comes first: the first value of a name wins.
                    let target = path + "?\(parameter.name)=" + FormCoding.escape(value) + "&" + Self.baseQuery(path)
                        + "&access_token=\(token)"
                    let response = try served.get(target)
                    sent += 1
                    #expect((200..<300).contains(response.status) || (400..<500).contains(response.status),
                            "\(path) \(parameter.name)=\(value.prefix(20)): \(response.status)")
                    #expect(response.json["session"] != nil, "\(path) \(parameter.name)=\(value.prefix(20)): \(response.text.prefix(200))")
                    if (400..<500).contains(response.status) {
                        let message = response.json["message"] as? String ?? ""
                        #expect(message.contains(parameter.name) || message.contains("Invalid"), "\(path): \(message)")
                        #expect(message.count < 300, "the refusal echoes the whole value: \(message.count) characters")
                    }
                }
            }
        }
        #expect(sent == declared.values.map(\.count).reduce(0, +) * Self.extremes.count)
        let hello = try served.get("/susi/chat.json?q=hello")
        #expect(hello.status == 200)
        #expect((hello.json["answers"] as? [Any])?.isEmpty == false)
    }

    @Test func theTwoReportedCrashesAreRefusedWith400() throws {
        let served = try ServedSUSI()
        for target in ["/cms/getSkillList.json?count=9223372036854775807", "/cms/getSkillList.json?count=2&page=9223372036854775807",
                       "/cms/getSkillList.json?count=2&offset=9223372036854775807",
                       "/susi/chat.json?q=hi&timezoneOffset=-9223372036854775808"] {
            let response = try served.get(target)
            #expect((400..<500).contains(response.status), "\(target): \(response.status)")
            #expect(response.json["accepted"] as? Bool == false, "\(target)")
        }
        let list = try served.get("/cms/getSkillList.json?count=2&page=2&offset=1&applyFilter=true")
        #expect(list.status == 200)
        #expect((list.json["filteredData"] as? [Any])?.count == 2)
    }

    @Test func anUndeclaredNumberIsAProgrammingErrorNotACrash() throws {
        let call = APICall(request: HTTPRequest(method: "GET", path: "/susi/chat.json"),
                           fields: [FormField("count", "3")], service: try EmbeddedService(path: ":memory:", environment: testEnvironment, passwordCost: .minimal),
                           numbers: SusiAPI.numericParameters["/susi/chat.json"] ?? [])
        #expect(throws: APIFailure.self) { _ = try call.integer("count") }
        #expect(try call.integer("timezoneOffset") == nil)
    }
}

/// An error the API does not know shows no Swift type dump to the client.
@Suite("susi serve: internal errors")
struct InternalErrorTests {
    struct Opaque: Error {
        var secretDetail = "ServiceError(kind: .unavailable)"
    }

    @Test func anUnknownErrorIsA500WithoutATypeDump() throws {
        let failures: [any Error] = [
            DecodingError.keyNotFound(AnyKey("x"), .init(codingPath: [], debugDescription: "no key x")),
            Opaque(),
        ]
        for thrown in failures {
            let api = SusiAPI(makeService: { throw thrown })
            let response = api.respond(to: HTTPRequest(method: "GET", path: "/susi/chat.json", query: [FormField("q", "hi")]))
            let body = String(decoding: response.body, as: UTF8.self)
            #expect(response.status == 500)
            for dump in ["DecodingError", "keyNotFound", "Opaque", "ServiceError(", "secretDetail", "codingPath"] {
                #expect(!body.contains(dump), "\(dump) in \(body)")
            }
            #expect(body.contains("Internal error"), "\(body)")
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// `NumericParameter.parse` reads bytes, not Characters: the same values and
/// the same refusals as before for every kind of text.
@Suite("susi serve: numeric parameters are parsed by their bytes")
struct NumericParameterParseTests {
    static func outcome(_ parameter: NumericParameter, _ text: String) -> String {
        do {
            return "value \(try parameter.parse(text))"
        } catch {
            return "\(error.status): \(error.message)"
        }
    }

    @Test func valuesAndRefusals() {
        let offset = SusiAPI.timezoneOffset
        #expect(Self.outcome(offset, "15") == "value 15.0")
        #expect(Self.outcome(offset, "+3") == "value 3.0")
        #expect(Self.outcome(offset, "-1440") == "value -1440.0")
        #expect(Self.outcome(offset, "1441") == "400: The parameter 'timezoneOffset' must be minutes between -1440 and 1440, not '1441'.")
        for malformed in ["1.5", "1e3", "abc", "\u{FF11}", "1\u{301}", "+-", "0x10", " 1"] {
            #expect(Self.outcome(offset, malformed).hasPrefix("400: "), "\(malformed.debugDescription)")
        }
        let digits = String(repeating: "9", count: 40)
        #expect(Self.outcome(offset, digits) == "400: The parameter 'timezoneOffset' must be minutes between -1440 and 1440, not '99999999999999999999… (40 characters)'.")
        let count = SusiAPI.count
        #expect(Self.outcome(count, digits).hasPrefix("422: Invalid count value"))
        #expect(Self.outcome(count, String(repeating: "+", count: 40)).hasPrefix("400: "), "no digit: malformed, not out of range")
        #expect(Self.outcome(count, "1.0") == "400: Invalid count value: 'count' must be a whole number from 0 to 10000 (0: no pages), not '1.0'.")

        let latitude = SusiAPI.latitude
        #expect(Self.outcome(latitude, "1e1") == "value 10.0")
        #expect(Self.outcome(latitude, "-89.5") == "value -89.5")
        #expect(Self.outcome(latitude, "nan") == "400: The parameter 'latitude' must be a number from -90.0 to 90.0, not 'nan'.")
        #expect(Self.outcome(latitude, "1e999") == "400: The parameter 'latitude' must be a number from -90.0 to 90.0, not '1e999'.")
        #expect(Self.outcome(latitude, "1..2").hasPrefix("400: "))
        #expect(Self.outcome(SusiAPI.validSeconds, "-1") == "value -1.0")
        #expect(Self.outcome(SusiAPI.validSeconds, "0").hasPrefix("422: "))
    }
}
