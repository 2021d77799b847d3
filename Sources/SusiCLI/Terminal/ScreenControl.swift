extension OutputSink {
    /// Clears the screen and puts the cursor at the top left (ESC [H ESC [2J,
    /// what `clear` sends, keeping the scrollback), but only on a terminal
    /// that is not `TERM=dumb`: a pipe or a file never gets the sequence.
    /// Returns whether it cleared.
    @discardableResult
    public func clearScreen(environment: [String: String]) -> Bool {
        guard isTTY, environment["TERM"] != "dumb" else { return false }
        write(bytes: Array("\u{1B}[H\u{1B}[2J".utf8))
        flush()
        return true
    }
}
