import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts

/// The numbered room picker of `room pick` and `device setup`: a number
/// picks, letters filter the list, a name that matches nothing is offered
/// as a new room, and "Other" asks for any name (the apps let users type one).
public struct RoomPicker {
    let prompter: Prompter
    let output: OutputSink
    let rooms: [String]
    let suggested: String?

    /// `rooms` in the order shown; `suggested` is taken on an empty answer.
    public init(prompter: Prompter, output: OutputSink, rooms: [String], suggested: String? = nil) {
        self.prompter = prompter
        self.output = output
        self.rooms = rooms
        self.suggested = suggested
    }

    /// The picker for a context: rooms from `Rooms.entries`, asked on the
    /// terminal, or a usage error naming --room when nobody can be asked.
    public static func forContext(_ context: Context, devices: [Device], suggested: String?) throws -> RoomPicker {
        let prompter = try context.prompter(orPass: "--room", for: "The room")
        return RoomPicker(prompter: prompter, output: context.stderr,
                          rooms: Rooms.entries(devices: devices).map(\.name), suggested: suggested)
    }

    public func pick() throws -> String {
        var shown = rooms
        var heading = "Rooms:"
        while true {
            output.line(heading)
            for (index, room) in shown.enumerated() {
                output.line("  \(String(index + 1).leftPadded(to: 2))) \(UntrustedText.line(room))")
            }
            output.line("  \(String(shown.count + 1).leftPadded(to: 2))) Other (type a name)")
            let answer = try prompter.ask("Room (a number, letters to filter, or a name):", default: suggested)
            if let number = Int(answer) {
                if (1...shown.count).contains(number) { return shown[number - 1] }
                if number == shown.count + 1 {
                    if let room = try askName() { return room }
                    (shown, heading) = (rooms, "Rooms:")
                    continue
                }
                output.line("There is no \(number) in the list.")
                continue
            }
            if let exact = rooms.first(where: { $0.lowercased() == answer.lowercased() }) { return exact }
            let matches = rooms.filter { $0.lowercased().contains(answer.lowercased()) }
            if matches.isEmpty {
                if let room = try offer(answer) { return room }
                (shown, heading) = (rooms, "Rooms:")
            } else {
                (shown, heading) = (matches, "Rooms matching '\(UntrustedText.line(answer))':")
            }
        }
    }

    /// A new name, checked; nil when the user declines or it cannot be used.
    private func offer(_ name: String) throws -> String? {
        do {
            try Rooms.check(name)
        } catch let error as UsageError {
            output.line(error.message)
            return nil
        }
        return try prompter.confirm("Use '\(UntrustedText.line(name))' as a new room?", default: true) ? name : nil
    }

    private func askName() throws -> String? {
        let name = try prompter.ask("Room name:", default: nil)
        do {
            try Rooms.check(name)
            return name
        } catch let error as UsageError {
            output.line(error.message)
            return nil
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
