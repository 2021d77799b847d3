import SusiBasics
/// Rows of text printed as aligned columns on a terminal, or as
/// tab-separated lines without headers when piped (easy to `cut` and `awk`).
public struct Table: Sendable, Equatable {
    public var columns: [String]
    public var rows: [[String]]
    /// Columns never cut on a narrow terminal (what a user must type, such
    /// as a name): a cell too wide for its column gets a line of its own and
    /// the rest of its row continues below, aligned.
    public var whole: Set<Int>
    /// Columns cut first, in this order, down to the narrowest width, before
    /// the widest of the others are.
    public var shrinkFirst: [Int]

    public init(columns: [String], rows: [[String]], whole: Set<Int> = [], shrinkFirst: [Int] = []) {
        self.columns = columns
        self.rows = rows
        self.whole = whole
        self.shrinkFirst = shrinkFirst
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
        fit(&widths, cells: cells, into: width, gap: gap)
        var out = ""
        for (rowIndex, row) in cells.enumerated() {
            var line = ""
            var used = 0
            for index in 0..<columns.count {
                let text = index < row.count ? row[index] : ""
                var cell = TextLayout.truncate(text, to: widths[index])
                if whole.contains(index), TextLayout.cells(text) > widths[index] {
                    // Too wide to cut: on a line of its own, the row goes on below it.
                    out += line + (rowIndex == 0 ? style.bold(text) : text) + "\n"
                    line = String(repeating: " ", count: used)
                    cell = ""
                }
                let styled = rowIndex == 0 ? style.bold(cell) : cell
                if index == columns.count - 1 {
                    line += styled
                } else {
                    line += styled + String(repeating: " ", count: widths[index] - TextLayout.cells(cell) + gap)
                }
                used += widths[index] + gap
            }
            out += line + "\n"
        }
        return out
    }

    /// Shrinks columns until the table fits, keeping each at least 4 cells
    /// wide: first the `shrinkFirst` ones in order; then a `whole` column
    /// down to the width nine in ten of its cells fit in (the wider ones
    /// wrap); then the widest of the others; last, a `whole` column further.
    private func fit(_ widths: inout [Int], cells: [[String]], into total: Int, gap: Int) {
        let narrowest = 4
        var needed = widths.reduce(0, +) + gap * max(0, widths.count - 1)
        func cut(_ index: Int, downTo floor: Int) {
            let amount = min(needed - total, max(0, widths[index] - floor))
            widths[index] -= amount
            needed -= amount
        }
        for index in shrinkFirst where index < widths.count && !whole.contains(index) && needed > total {
            cut(index, downTo: narrowest)
        }
        let kept = whole.filter { $0 < widths.count }.sorted()
        for index in kept where needed > total {
            let sorted = cells.map { index < $0.count ? TextLayout.cells($0[index]) : 0 }.sorted()
            cut(index, downTo: max(narrowest, sorted[(sorted.count * 9 - 1) / 10]))
        }
        while needed > total {
            let shrinkable = widths.indices.filter { !whole.contains($0) && widths[$0] > narrowest }
            guard let widest = shrinkable.max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
            needed -= 1
        }
        for index in kept where needed > total {
            cut(index, downTo: narrowest)
        }
    }
}

extension String {
    func replacingTabsAndNewlines() -> String {
        // Most cells hold none: no walk over Characters (grapheme breaking) for them.
        guard utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return self }
        return String(map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
