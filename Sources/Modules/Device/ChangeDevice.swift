import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

extension DeviceModule {
    static let roomOption = OptionKey.string("room", "room", "The room (one of 'susi room list', or any name of 1 to 64 characters).",
                                             completion: .dynamic(Completions.rooms))

    static let nameArgument = ArgumentKey.required("name", "The new name.")

    static var renameCommand: Command {
        Command(
            name: "rename",
            abstract: "Give a device another name.",
            discussion: """
            The name is trimmed and may have at most 100 characters. A SUSI server lets a user change \
            a device only by adding it again under the same MAC address, so the device keeps its room \
            and place but the server may record a new date.
            """,
            examples: [
                Example("susi device rename 41:24:aa:9c:c5:78 'Kitchen speaker'", "Rename that device."),
            ],
            arguments: [macArgument.spec, nameArgument.spec],
            run: { invocation, context in
                let (device, token) = try lookUp(invocation.values[macArgument], context, for: "Renaming a device")
                var changed = device
                changed.name = invocation.values[nameArgument]
                changed = try ServiceRules.checkDevice(changed)
                try context.service().addDevice(changed, token: token)
                context.note("Renamed \(DeviceJSON(device).mac) from '\(UntrustedText.line(device.name))' to '\(UntrustedText.line(changed.name))'.")
            })
    }

    static var moveCommand: Command {
        Command(
            name: "move",
            abstract: "Put a device in another room.",
            discussion: "Without --room, the room picker is shown on a terminal. The device keeps its name.",
            examples: [
                Example("susi device move 41:24:aa:9c:c5:78 --room Kitchen", "Move that device to the kitchen."),
                Example("susi device move 41:24:aa:9c:c5:78", "Pick the room from a numbered list."),
            ],
            arguments: [macArgument.spec],
            options: [roomOption.spec],
            run: { invocation, context in
                let (device, token) = try lookUp(invocation.values[macArgument], context, for: "Moving a device")
                let room: String
                if let given = invocation.values[roomOption] {
                    room = given
                } else {
                    let devices = try context.service().devices(token: token)
                    room = try RoomPicker.forContext(context, devices: devices, suggested: nil).pick()
                }
                try Rooms.check(room)
                var changed = device
                changed.room = room
                try context.service().addDevice(try ServiceRules.checkDevice(changed), token: token)
                context.note("Moved '\(UntrustedText.line(device.name))' (\(DeviceJSON(device).mac)) from \(UntrustedText.line(device.room)) to \(UntrustedText.line(room)).")
            })
    }
}
