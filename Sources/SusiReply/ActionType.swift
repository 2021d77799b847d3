/// A reply action's `type`. Known types are constants; any other string passes through,
/// because skills and servers emit types this engine does not know (e.g. `self`, `emotion`).
public struct ActionType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let answer = ActionType("answer")
    public static let table = ActionType("table")
    public static let piechart = ActionType("piechart")
    public static let rss = ActionType("rss")
    public static let websearch = ActionType("websearch")
    public static let anchor = ActionType("anchor")
    public static let map = ActionType("map")
    public static let audioPlay = ActionType("audio_play")
    public static let videoPlay = ActionType("video_play")
    public static let imageShow = ActionType("image_show")
    public static let timerSet = ActionType("timer_set")
    public static let timerReset = ActionType("timer_reset")
    public static let audioVolume = ActionType("audio_volume")
    public static let stop = ActionType("stop")
    public static let pause = ActionType("pause")
    public static let resume = ActionType("resume")
    public static let next = ActionType("next")
    public static let previous = ActionType("previous")
    public static let shuffle = ActionType("shuffle")
    public static let restart = ActionType("restart")

    public static let known: [ActionType] = [
        .answer, .table, .piechart, .rss, .websearch, .anchor, .map, .audioPlay, .videoPlay, .imageShow,
        .timerSet, .timerReset, .audioVolume, .stop, .pause, .resume, .next, .previous, .shuffle, .restart,
    ]

    public var isKnown: Bool { ActionType.known.contains(self) }
    public var description: String { rawValue }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}
