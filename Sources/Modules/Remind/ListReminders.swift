import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

/// `susi remind list [--json]`: the pending reminders, soonest first.
enum ListReminders {
    static var command: Command {
        Command(
            name: "list",
            abstract: "List the pending reminders, timers and alarms, soonest first.",
            discussion: "Due times are local (TZ); with --json, ISO 8601 with the offset. FROM says what made each: a command or a skill's planned answer.",
            run: { _, context in try list(context) })
    }

    static func list(_ context: Context) throws {
        let store = try context.reminderStore()
        let owner = try ReminderFiring.owner(context)
        let now = context.now()
        let zone = ReminderFiring.zone(context.environment)
        try ReminderFiring.followZone(store, owner: owner, now: now, zone: zone)
        let (reminders, damaged) = try store.pending(owner: owner)
        for problem in damaged {
            context.warn("Reminder #\(problem.id) could not be read (\(problem.reason)); it was skipped.")
        }
        if context.globals.json {
            try context.printJSON(reminders.map { ReminderJSON($0, zone: zone) })
            return
        }
        guard !reminders.isEmpty else {
            context.stdout.line("No reminders are pending.")
            return
        }
        let rows = reminders.map { r in
            ["\(r.id)", r.kind.rawValue, ReminderFiring.clock(r.due, now: now, zone: zone),
             r.due < now ? "missed" : PlannedAnswers.wait(from: now, to: r.due),
             r.repeatRule?.description ?? "", r.origin, r.text]
        }
        context.stdout.write(Table(columns: ["ID", "KIND", "DUE", "WHEN", "REPEAT", "FROM", "TEXT"], rows: rows)
            .render(forTerminal: context.io.stdout.isTTY, width: context.width, style: context.style))
    }
}

/// One reminder as `--json` prints it.
struct ReminderJSON: Encodable {
    var id: Int64
    var kind: String
    var text: String
    var due: String
    var repeatRule: String?
    var zone: String
    var origin: String
    var created: String

    init(_ reminder: Reminder, zone: TimeZone) {
        id = reminder.id
        kind = reminder.kind.rawValue
        text = reminder.text
        due = ReminderFiring.iso(reminder.due, zone: zone)
        repeatRule = reminder.repeatRule?.description
        self.zone = reminder.zone
        origin = reminder.origin
        created = ReminderFiring.iso(reminder.created, zone: zone)
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(text, forKey: .text)
        try c.encode(due, forKey: .due)
        try c.encode(repeatRule, forKey: .repeatRule)
        try c.encode(zone, forKey: .zone)
        try c.encode(origin, forKey: .origin)
        try c.encode(created, forKey: .created)
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, text, due, repeatRule = "repeat", zone, origin, created
    }
}
