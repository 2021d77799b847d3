import Foundation
import SusiCore
import SusiPorts
import Testing

/// One length rule for what accounts store (device names and rooms, reports,
/// feedback), a per-account device limit and a cap on token lifetimes, the
/// same on both backends: refused with the limit named, never truncated.
@Suite struct StoredLimitsContract {
    static let mac = "12:34:56:78:9A:BC"

    static func mac(_ index: Int) -> String {
        String(format: "02:00:00:00:%02X:%02X", index / 256, index % 256)
    }

    @Test(arguments: BackendKind.allCases)
    func deviceNamesAndRoomsOverTheLimitAreRefusedNotTruncated(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            let limit = ServiceRules.deviceTextLimit
            let long = String(repeating: "n", count: limit + 1)
            let name = refused(.invalidInput, backend) {
                try service.addDevice(Device(macAddress: Self.mac, name: long, room: "Kitchen"), token: ada)
            }
            #expect(name?.message == "A device name is limited to \(limit) characters (this has \(limit + 1)).", "\(kind)")
            let room = refused(.invalidInput, backend) {
                try service.addDevice(Device(macAddress: Self.mac, name: "Speaker", room: long), token: ada)
            }
            #expect(room?.message == "A room is limited to \(limit) characters (this has \(limit + 1)).", "\(kind)")
            #expect(try service.devices(token: ada).isEmpty, "nothing stored by a refused call")

            let exact = String(repeating: "é", count: limit)
            try service.addDevice(Device(macAddress: Self.mac, name: exact, room: exact), token: ada)
            let stored = try service.devices(token: ada)
            #expect(stored.map(\.name) == [exact] && stored.map(\.room) == [exact], "stored whole")
        }
    }

    @Test(arguments: BackendKind.allCases)
    func reportsAndFeedbackHaveTheirLengthLimits(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            #expect(ServiceRules.feedbackLimit == 2000 && ServiceRules.reportLimit == 4000)
            let reportLimit = ServiceRules.reportLimit
            let report = refused(.invalidInput, backend) {
                try service.report(greetings, reason: String(repeating: "r", count: reportLimit + 1), token: ada)
            }
            #expect(report?.message == "A report is limited to \(reportLimit) characters (this has \(reportLimit + 1)).", "\(kind)")
            let limit = ServiceRules.feedbackLimit
            let feedback = refused(.invalidInput, backend) {
                try service.postFeedback(greetings, text: String(repeating: "f", count: limit + 1), token: ada)
            }
            #expect(feedback?.message == "Feedback is limited to 2000 characters (this has 2001).", "\(kind)")
            #expect(try service.feedback(greetings).isEmpty)

            // At the limit both are taken, whole.
            try service.report(greetings, reason: String(repeating: "r", count: reportLimit), token: ada)
            try service.postFeedback(greetings, text: String(repeating: "f", count: limit), token: ada)
            #expect(try service.feedback(greetings).map(\.text.count) == [limit])
        }
    }

    @Test(arguments: BackendKind.allCases)
    func anAccountHasAtMostTheDeviceLimit(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            let bob = try backend.account("bob@example.org")
            let limit = ServiceRules.deviceLimit
            for index in 0..<limit {
                try service.addDevice(Device(macAddress: Self.mac(index), name: "Speaker \(index)", room: "Room"), token: ada)
            }
            let error = refused(.invalidInput, backend) {
                try service.addDevice(Device(macAddress: Self.mac(limit), name: "One more", room: "Room"), token: ada)
            }
            #expect(error?.message == "An account can have at most \(limit) devices; remove one first.", "\(kind)")
            #expect(try service.devices(token: ada).count == limit)
            // Changing a device already there is no new device; another account has its own limit.
            try service.addDevice(Device(macAddress: Self.mac(0), name: "Renamed", room: "Hall"), token: ada)
            #expect(try service.devices(token: ada).contains { $0.name == "Renamed" })
            try service.addDevice(Device(macAddress: Self.mac(limit), name: "Bob's", room: "Room"), token: bob)
        }
    }

    @Test(arguments: BackendKind.allCases)
    func tokenLifetimesAreCappedAtTenYears(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            _ = try backend.account("ada@example.org")
            let cap = ServiceRules.tokenLifetimeLimit
            #expect(cap == 10 * 365 * 24 * 3600)
            for asked in [cap * 2, 1e300, .infinity] {
                let grant = try service.login(email: "ada@example.org", password: goodPassword, validFor: asked)
                let expires = try #require(grant.expires, "\(kind): a capped login still expires")
                #expect(expires.timeIntervalSince(backend.clock.now()) <= cap + 5, "\(kind): \(asked)")
                #expect(expires.timeIntervalSince(backend.clock.now()) >= cap - 5, "\(kind): \(asked)")
            }
            for asked in [0, -5, .nan] as [TimeInterval] {
                refused(.invalidInput, backend) {
                    _ = try service.login(email: "ada@example.org", password: goodPassword, validFor: asked)
                }
            }
        }
    }
}
