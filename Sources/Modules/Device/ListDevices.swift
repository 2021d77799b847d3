import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore

extension DeviceModule {
    static var listCommand: Command {
        Command(
            name: "list",
            aliases: ["ls"],
            abstract: "List the devices registered to your account.",
            discussion: "Piped, each line is MAC<TAB>NAME<TAB>ROOM<TAB>ADDED (the date it was registered, YYYY-MM-DD, or -).",
            examples: [
                Example("susi device list", "MAC, name, room and date of each device."),
                Example("susi device list --json", "The same as JSON, with the coordinates where known."),
            ],
            run: { _, context in
                let token = try requireToken(context, for: "Listing devices")
                let devices = try context.service().devices(token: token)
                if context.globals.json {
                    try context.printJSON(devices.map(DeviceJSON.init))
                    return
                }
                if devices.isEmpty {
                    context.note("No devices are registered to this account. 'susi device setup' sets up a SUSI Smart Speaker.")
                    return
                }
                context.printTable(Table(columns: ["MAC", "Name", "Room", "Added"], rows: devices.map { device in
                    [DeviceJSON(device).mac, device.name, device.room, device.added.map(day) ?? "-"]
                }))
            })
    }

    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    static var showCommand: Command {
        Command(
            name: "show",
            abstract: "Show one device.",
            discussion: "A name or address that is not one of your devices gets the closest one as a suggestion.",
            examples: [
                Example("susi device show Kitchen", "Name, room, date and place of the device whose name starts with Kitchen."),
                Example("susi device show 41-24-AA-9C-C5-78 --json", "The same as JSON."),
            ],
            arguments: [macArgument.spec],
            run: { invocation, context in
                let (device, _) = try lookUp(invocation.values[macArgument], context, for: "Showing a device")
                if context.globals.json {
                    try context.printJSON(DeviceJSON(device))
                    return
                }
                var rows = [["MAC", DeviceJSON(device).mac], ["Name", device.name], ["Room", device.room],
                            ["Added", device.added.map { ISO8601DateFormatter().string(from: $0) } ?? "-"]]
                if let latitude = device.latitude, let longitude = device.longitude {
                    rows.append(["Location", "\(latitude),\(longitude)"])
                }
                for row in rows { context.stdout.line("\(row[0]):".padding(toLength: 10, withPad: " ", startingAt: 0) + UntrustedText.line(row[1])) }
            })
    }
}
