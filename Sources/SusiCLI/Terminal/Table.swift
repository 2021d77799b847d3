/// Rows of text printed as aligned columns on a terminal, or as
/// tab-separated lines without headers when piped (easy to `cut` and `awk`).
public struct Table: Sendable, Equatable {
    public var columns: [String]
    public var rows: [[String]]

    public init(columns: [String], rows: [[String]]) {
        self.columns = columns
        self.rows = rows
    }

    public func render(forTerminal: Bool, width: Int, style: Style) -> String {
        guard forTerminal else {
            return rows.map { row in
                row.map { UntrustedText.line($0.replacingTabsAndNewlines()) }.joined(separator: "\t") + "\n"
            }.joined()
        }
        let gap = 2
        // Cells are outside data (skill names, a server's table): escaped, one line each.
        let cells = [columns.map { UntrustedText.line($0.uppercased().replacingTabsAndNewlines()) }]
            + rows.map { row in row.map { UntrustedText.line($0.replacingTabsAndNewlines()) } }
        var widths = [Int](repeating: 0, count: columns.count)
        for row in cells {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], TextLayout.cells(cell))
            }
        }
        fit(&widths, into: width, gap: gap)
        var out = ""
        for (rowIndex, row) in cells.enumerated() {
            var line = ""
            for index in 0..<columns.count {
                let cell = TextLayout.truncate(index < row.count ? row[index] : "", to: widths[index])
                let styled = rowIndex == 0 ? style.bold(cell) : cell
                if index == columns.count - 1 {
                    line += styled
                } else {
                    line += styled + String(repeating: " ", count: widths[index] - TextLayout.cells(cell) + gap)
                }
            }
            out += line + "\n"
        }
        return out
    }

    /// Shrinks the widest columns until the table fits, keeping each at
    /// least as wide as its header allows (min 4 cells).
    private func fit(_ widths: inout [Int], into total: Int, gap: Int) {
        var needed = widths.reduce(0, +) + gap * max(0, widths.count - 1)
        while needed > total {
            guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 4 else {
                return
            }
            widths[widest] -= 1
            needed -= 1
        }
    }
}

extension String {
    func replacingTabsAndNewlines() -> String {
        String(map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
