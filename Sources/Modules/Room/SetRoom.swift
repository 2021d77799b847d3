import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore

extension RoomModule {
    /// `susi room set ROOM`: the room setting, with the rooms to Tab through.
    static let roomArgument = ArgumentKey.required("room", "The room's name (see 'susi room list').", completion: .dynamic(Completions.rooms))

    static var setCommand: Command {
        Command(
            name: "set",
            abstract: "Set the room this device is in (the room setting).",
            discussion: """
            The room is what 'susi device setup' and 'susi room pick' suggest. Any name of 1 to 64 \
            printable characters is allowed, without leading or trailing spaces; Tab offers the \
            fourteen common rooms and those your devices use. 'susi config unset room' forgets it.
            """,
            examples: [
                Example("susi room set Kitchen", "This device is in the kitchen."),
                Example("susi room set \"Living Room\"", "A room with a space in its name."),
            ],
            arguments: [roomArgument.spec],
            run: { invocation, context in
                let room = invocation.values[roomArgument]
                if let problem = ConfigKey.room.kind.problem(with: room) {
                    throw UsageError("The room '\(UntrustedText.line(room))' cannot be used: \(problem).",
                                     hint: "'susi room list' shows the common rooms; quote a name with spaces: susi room set \"Living Room\".")
                }
                var file = try context.config()
                try file.set(.room, to: room)
                try file.save()
                context.configDidChange(file)
                context.note("Set room to \(UntrustedText.line(room)).")
                let variable = ConfigKey.room.environmentVariable
                if let value = context.environment[variable], !value.isEmpty {
                    context.warn("\(variable) is set in the environment and takes precedence over this setting.")
                }
            })
    }
}
