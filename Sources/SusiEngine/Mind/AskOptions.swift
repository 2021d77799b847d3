import Foundation

/// Everything outside the skills that an answer may depend on; tests pin all of it.
public struct AskOptions: Sendable {
    /// Fetches `!console` URLs (http/https). Without one, network consoles fail and the
    /// next candidate intent is tried, as the reference does when an API is down.
    public var fetcher: (any ConsoleFetcher)?
    /// Responses larger than this fail the console.
    public var maxResponseBytes = 2 * 1024 * 1024
    /// Rows kept from a console response.
    public var maxRows = 1000
    /// The clock for local time/date consoles and reply dates; nil means now.
    public var now: Date?
    /// Offset from UTC in seconds for local time/date consoles.
    public var utcOffsetSeconds: Int
    /// Nested backtick reflections beyond this fail.
    public var maxReflectionDepth = 3
    /// The weather service `local:weather` asks (through `fetcher`), the units and the
    /// user's place; without addresses it answers that the service cannot be reached.
    public var weather = WeatherOptions()
    /// Fill `Reply.explanation`: the intent that answered and the ones that lost.
    public var explain = false
    /// When the query as typed matches no pattern (or only a catch-all), try it
    /// normalised (contractions, filler, number words, plurals): issue 31's first stage.
    public var normalise = true
    /// Then score intents by their content words (issue 31's fuzzy stage). `skills test`
    /// turns it off: an example must be answered by a pattern.
    public var fuzzy = true
    /// Captures that fill an answer's blanks (`$1$`...) keep the user's case where their
    /// words can be found in the query as typed (decision 0461); false gives the
    /// reference's lower-cased captures everywhere.
    public var capturesAsTyped = true

    public init(fetcher: (any ConsoleFetcher)? = nil, now: Date? = nil, utcOffsetSeconds: Int? = nil) {
        self.fetcher = fetcher
        self.now = now
        self.utcOffsetSeconds = utcOffsetSeconds ?? TimeZone.current.secondsFromGMT()
    }
}
