/// Whole-input matching with Java `Matcher.matches()` semantics: threads are kept in
/// priority order, so the first thread to reach the end is the one a backtracking engine
/// would have found first (greedy captures included).
struct RegexMatcher {
    private let program: RegexProgram
    private let input: [UInt32]
    private let slots: Int

    private var current: ThreadList
    private var next: ThreadList
    private var scratch: [Int]

    init(program: RegexProgram, input: [UInt32]) {
        var workspace = RegexWorkspace()
        self.init(program: program, input: input, workspace: &workspace)
    }

    /// Takes the workspace's buffers (give them back with `giveBack`).
    init(program: RegexProgram, input: [UInt32], workspace: inout RegexWorkspace) {
        self.program = program
        self.input = input
        slots = program.slotCount
        current = workspace.first
        next = workspace.second
        scratch = workspace.scratch
        // Moved out, not shared: the matcher writes them in place.
        workspace = RegexWorkspace()
        current.prepare(size: program.insts.count, slots: slots)
        next.prepare(size: program.insts.count, slots: slots)
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: repeatElement(-1, count: slots))
    }

    /// Hands the buffers back to be used by the next match.
    mutating func giveBack(_ workspace: inout RegexWorkspace) {
        swap(&workspace.first, &current)
        swap(&workspace.second, &next)
        swap(&workspace.scratch, &scratch)
    }

    /// Capture offsets (start, end pairs, -1 when unset) of the whole-input match, or nil.
    mutating func matchWhole() -> [Int]? {
        let n = input.count
        addThread(toNext: false, pc: 0, pos: 0)
        var pos = 0
        while true {
            if current.count == 0 { return nil }
            for t in 0..<current.count {
                let pc = Int(current.pcs[t])
                let inst = program.insts[pc]
                switch inst.op {
                case .match:
                    if pos == n {
                        return Array(current.caps[(t * slots)..<((t + 1) * slots)])
                    }
                case .char:
                    if pos < n, input[pos] == UInt32(bitPattern: inst.a) { advance(thread: t, pc: pc + 1, pos: pos + 1) }
                case .any:
                    if pos < n, !isLineTerminator(input[pos]) { advance(thread: t, pc: pc + 1, pos: pos + 1) }
                case .set:
                    if pos < n, program.setContains(inst.a, input[pos]) { advance(thread: t, pc: pc + 1, pos: pos + 1) }
                default:
                    break
                }
            }
            if pos >= n { return nil }
            pos += 1
            swap(&current, &next)
            next.clear()
        }
    }

    private mutating func advance(thread t: Int, pc: Int, pos: Int) {
        let base = t * slots
        for k in 0..<slots { scratch[k] = current.caps[base + k] }
        addThread(toNext: true, pc: pc, pos: pos)
    }

    /// Follows the epsilon closure from `pc`, recording the consuming instructions reached.
    private mutating func addThread(toNext: Bool, pc: Int, pos: Int) {
        if toNext {
            if next.contains(pc) { return }
            next.mark(pc)
        } else {
            if current.contains(pc) { return }
            current.mark(pc)
        }
        let inst = program.insts[pc]
        switch inst.op {
        case .jump:
            addThread(toNext: toNext, pc: Int(inst.a), pos: pos)
        case .split:
            addThread(toNext: toNext, pc: Int(inst.a), pos: pos)
            addThread(toNext: toNext, pc: Int(inst.b), pos: pos)
        case .save:
            let slot = Int(inst.a)
            let old = scratch[slot]
            scratch[slot] = pos
            addThread(toNext: toNext, pc: pc + 1, pos: pos)
            scratch[slot] = old
        case .assertStart:
            if pos == 0 { addThread(toNext: toNext, pc: pc + 1, pos: pos) }
        case .assertEnd:
            if atEnd(pos) { addThread(toNext: toNext, pc: pc + 1, pos: pos) }
        case .wordBoundary, .notWordBoundary:
            let before = pos > 0 && ScalarClass.isWord(input[pos - 1])
            let after = pos < input.count && ScalarClass.isWord(input[pos])
            if (before != after) == (inst.op == .wordBoundary) { addThread(toNext: toNext, pc: pc + 1, pos: pos) }
        case .char, .any, .set, .match:
            if toNext { next.append(pc: pc, caps: scratch) } else { current.append(pc: pc, caps: scratch) }
        }
    }

    private func atEnd(_ pos: Int) -> Bool {
        let n = input.count
        if pos == n { return true }
        if pos == n - 1, isLineTerminator(input[pos]) { return true }
        return pos == n - 2 && input[pos] == 0x0D && input[pos + 1] == 0x0A
    }
}

/// The buffers of a match, kept from one match to the next: an ask tries
/// candidate after candidate, and allocating (and filling) a matcher's
/// lists for each was a few percent of a `susi serve` chat in `perf record`.
/// They only grow, to the largest program matched with them.
struct RegexWorkspace {
    fileprivate var first = ThreadList()
    fileprivate var second = ThreadList()
    fileprivate var scratch: [Int] = []
}

/// A sparse set of program counters with their capture slots, in priority order.
/// `seen` marks a program counter with the list's generation: clearing is a new
/// generation, so a list reused for another program (of at most its size) starts
/// empty without being filled again.
fileprivate struct ThreadList {
    private(set) var pcs: [Int32] = []
    private(set) var caps: [Int] = []
    private(set) var count = 0
    private var seen: [UInt32] = []
    private var generation: UInt32 = 1
    private var slots = 0

    /// Empty, for a program of `size` instructions with `slots` capture slots per thread.
    mutating func prepare(size: Int, slots: Int) {
        self.slots = slots
        if pcs.count < size { pcs.append(contentsOf: repeatElement(0, count: size - pcs.count)) }
        if caps.count < size * slots { caps.append(contentsOf: repeatElement(-1, count: size * slots - caps.count)) }
        if seen.count < size { seen.append(contentsOf: repeatElement(0, count: size - seen.count)) }
        clear()
    }

    func contains(_ pc: Int) -> Bool { seen[pc] == generation }

    mutating func mark(_ pc: Int) { seen[pc] = generation }

    mutating func append(pc: Int, caps source: [Int]) {
        pcs[count] = Int32(pc)
        let base = count * slots
        for k in 0..<slots { caps[base + k] = source[k] }
        count += 1
    }

    mutating func clear() {
        count = 0
        generation &+= 1
        if generation == 0 {
            for k in seen.indices { seen[k] = 0 }
            generation = 1
        }
    }
}
