import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

/// `susi room`: the rooms a device can be in.
public enum RoomModule: CommandModule {
    public static var command: Command {
        Command(
            name: "room",
            aliases: ["rooms"],
            abstract: "List the rooms, pick one, or set this device's room.",
            discussion: """
            The rooms are the fourteen the SUSI apps offer, plus any other room your devices \
            already use. A room name has 1 to 64 printable characters; any name is allowed.
            """,
            examples: [
                Example("susi room list", "The rooms, with how many of your devices each has."),
                Example("susi room pick", "Choose a room from a numbered list and print it."),
                Example("susi room set Kitchen", "Say which room this device is in."),
            ],
            subcommands: [listCommand, pickCommand, setCommand])
    }

    /// The account's devices, or none when nobody is logged in.
    static func devices(_ context: Context) throws -> [Device]? {
        guard let token = try context.token() else { return nil }
        return try context.service().devices(token: token)
    }

    static var listCommand: Command {
        Command(
            name: "list",
            aliases: ["ls"],
            abstract: "List the rooms, with how many of your devices are in each.",
            discussion: """
            Without a login only the fourteen common rooms are listed. Piped, each line is \
            ROOM<TAB>DEVICES. --json gives name, devices and common (one of the apps' fourteen).
            """,
            examples: [
                Example("susi room list", "Common rooms first, then the other rooms in use."),
                Example("susi room list --json", "The same as JSON."),
            ],
            run: { _, context in
                let devices = try devices(context)
                let entries = Rooms.entries(devices: devices ?? [])
                if context.globals.json {
                    try context.printJSON(entries)
                    return
                }
                context.printTable(Table(columns: ["Room", "Devices"], rows: entries.map { [$0.name, String($0.devices)] }))
                if devices == nil {
                    context.note("Log in ('susi login') to see the rooms your devices are in.")
                }
            })
    }

    static var pickCommand: Command {
        Command(
            name: "pick",
            abstract: "Choose a room from a numbered list and print it.",
            discussion: """
            Type a number to choose, letters to narrow the list (e.g. 'ro' for the rooms containing \
            'ro'), or a name that is not in the list to use it as a new room. The chosen room is \
            printed on standard output, so scripts can use it: ROOM=$(susi room pick). Needs a \
            terminal; elsewhere pass the room with --room to the command that needs it.
            """,
            examples: [
                Example("susi room pick", "Choose a room and print it."),
                Example("susi device move 41:24:aa:9c:c5:78 --room \"$(susi room pick)\"", "Choose the room to move a device to."),
            ],
            run: { _, context in
                // Asked on stderr, so stdout may be a pipe ($(susi room pick)).
                guard context.io.stdin.isTTY, context.io.stderr.isTTY, !context.globals.noInput, context.environment["TERM"] != "dumb" else {
                    throw UsageError("Picking a room needs a terminal.",
                                     hint: "In scripts, pass the room with --room to the command that needs it, e.g. 'susi device setup --room Kitchen'.")
                }
                let devices = try devices(context) ?? []
                let room = try RoomPicker(prompter: TerminalPrompter(io: context.io, style: context.errorStyle), output: context.stderr,
                                          rooms: Rooms.entries(devices: devices).map(\.name), suggested: try context.setting(.room)).pick()
                context.stdout.line(UntrustedText.line(room))
            })
    }
}
