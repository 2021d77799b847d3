import Foundation
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

/// `susi device`: set up a SUSI Smart Speaker and manage the account's devices.
public enum DeviceModule: CommandModule {
    public static var command: Command {
        Command(
            name: "device",
            aliases: ["devices"],
            abstract: "Set up a SUSI Smart Speaker and manage your account's devices.",
            discussion: """
            Devices are registered to your SUSI account, so these commands need a login \
            ('susi login'; exit 77 otherwise). A device is named by its name (any case), a prefix \
            of the name that only one device has, or its MAC address, typed in either case with ':' \
            or '-' between the pairs (41:24:aa:9c:c5:78 or 41-24-AA-9C-C5-78). A name that fits \
            several devices lists them, and nothing is done.

            'susi device setup' configures a new speaker over its Wi-Fi hotspot and registers it \
            (it needs a login only to use your account; --anonymous sets a speaker up without one).
            """,
            examples: [
                Example("susi device list", "The account's devices with their rooms."),
                Example("susi device setup --room Kitchen", "Set up a speaker that is in its hotspot mode, in the kitchen."),
                Example("susi device move 'Kitchen Speaker 2' --room 'Living Room'", "Move a device to another room."),
            ],
            subcommands: [listCommand, showCommand, renameCommand, moveCommand, removeCommand, setupCommand])
    }

    /// The token, or 77 with the way to log in.
    static func requireToken(_ context: Context, for what: String) throws -> String {
        guard let token = try context.token() else { throw ServiceError.loginRequired(what) }
        return token
    }

    /// The device named on the command line among the account's, with "did you mean".
    static func lookUp(_ text: String, _ context: Context, for what: String) throws -> (Device, String) {
        let token = try requireToken(context, for: what)
        let devices = try context.service().devices(token: token)
        return (try DeviceNames.find(text, in: devices, account: try context.credentials()?.account), token)
    }

    /// `device show <Tab>`: the account's devices' addresses, with their names and rooms.
    static let macAddresses = DynamicCompletion.provider("device-macs") { _, context in
        Completions.devices(context).map { CompletionCandidate($0.macAddress, "\($0.name) (\($0.room))") }
    }

    static let macArgument = ArgumentKey.required("device", "The device: its name, a unique prefix of it, or its MAC address.",
                                                  completion: .dynamic(macAddresses))
}

/// One device in `--json` output.
struct DeviceJSON: Encodable {
    var mac: String
    var name: String
    var room: String
    var added: String?
    var latitude: Double?
    var longitude: Double?

    init(_ device: Device) {
        mac = (try? MACAddress.normalized(device.macAddress)) ?? device.macAddress
        name = device.name
        room = device.room
        added = device.added.map { ISO8601DateFormatter().string(from: $0) }
        latitude = device.latitude
        longitude = device.longitude
    }
}
