import Foundation
import SusiPorts
import SusiReply

extension SusiAPI {
    /// The setting names the reference server accepts, each its own parameter.
    static let settingNames = Set(ServiceRules.settingNames)

    /// Other parameters (the token, the iOS app's `count=1`) are ignored, as on the reference.
    static func changeSettings(_ call: APICall) throws -> APIReply {
        var settings: [String: String] = [:]
        for name in settingNames {
            if let value = call[name] { settings[name] = value }
        }
        guard !settings.isEmpty else {
            throw APIFailure(400, "Bad Service call, key or value parameters not provided")
        }
        _ = try call.identity()
        try call.service.changeSettings(settings, token: call.token)
        return .ok([("accepted", .bool(true)), ("message", .string("You successfully changed settings of your account!"))])
    }

    /// With the account's devices keyed by MAC, as the reference answered
    /// until 2019: susi_python's `sign_in` (the speaker's login) reads them
    /// here and stops with KeyError('devices') without them (issue 38).
    static func listSettings(_ call: APICall) throws -> APIReply {
        let settings = try call.service.settings(token: call.token)
        let object = JSONObject(settings.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })
        return .ok([("settings", .object(object)), ("devices", .object(try deviceMap(call))), ("accepted", .bool(true)),
                    ("message", .string("Success: Showing user settings"))])
    }

    static func addDevice(_ call: APICall) throws -> APIReply {
        guard let mac = call.nonEmpty("macid"), let name = call.nonEmpty("name"), let room = call.nonEmpty("room") else {
            throw APIFailure(400, "Bad service call, missing arguments: macid, name and room are required.")
        }
        guard Device.isValidMAC(mac) else { throw APIFailure(400, "Invalid Mac Address.") }
        let device = Device(macAddress: mac, name: name, room: room,
                            latitude: try call.decimal("latitude"), longitude: try call.decimal("longitude"))
        _ = try call.identity()
        try call.service.addDevice(device, token: call.token)
        return .ok([("accepted", .bool(true)), ("message", .string("You have successfully added the device!"))])
    }

    static func listDevices(_ call: APICall) throws -> APIReply {
        .ok([("devices", .object(try deviceMap(call))), ("accepted", .bool(true)),
             ("message", .string("Success: Showing user devices"))])
    }

    /// The account's devices keyed by MAC, in listUserDevices.json's shape.
    static func deviceMap(_ call: APICall) throws -> JSONObject {
        var devices = JSONObject()
        for device in try call.service.devices(token: call.token) {
            devices[device.macAddress] = .object(JSONObject([
                ("name", .string(device.name)), ("room", .string(device.room)),
                ("deviceAddTime", .string(Timestamps.iso(device.added ?? Date(timeIntervalSince1970: 0), milliseconds: true))),
                ("geolocation", .object(JSONObject([
                    ("latitude", .string(device.latitude.map { String($0) } ?? "Latitude not available.")),
                    ("longitude", .string(device.longitude.map { String($0) } ?? "Longitude not available.")),
                ]))),
            ]))
        }
        return devices
    }

    /// Without `macid`, every device of the account is removed.
    static func removeDevices(_ call: APICall) throws -> APIReply {
        let mac = call.nonEmpty("macid")
        if let mac, !Device.isValidMAC(mac) { throw APIFailure(400, "Invalid Mac Address.") }
        _ = try call.identity()
        try call.service.removeDevice(mac, token: call.token)
        return .ok([("accepted", .bool(true)),
                    ("message", .string(mac == nil ? "Success: All User devices were removed." : "Success: User device was removed."))])
    }
}
