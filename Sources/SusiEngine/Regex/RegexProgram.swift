/// A regex compiled to instructions for the Pike VM in `RegexMatcher`. Running every
/// thread in lock-step bounds matching to O(input × program) whatever the pattern,
/// which a backtracking engine (Java's, NSRegularExpression) cannot promise.
struct RegexProgram: Sendable {
    enum Op: UInt8, Sendable {
        case char, any, set, split, jump, save, assertStart, assertEnd, wordBoundary, notWordBoundary, match
    }

    struct Inst: Sendable {
        var op: Op
        var a: Int32 = 0
        var b: Int32 = 0
    }

    static let maxInstructions = 20_000

    private(set) var insts: [Inst] = []
    private(set) var sets: [ScalarSet] = []
    let groupCount: Int

    var slotCount: Int { 2 * (groupCount + 1) }

    init(_ root: RegexNode, groupCount: Int) throws {
        self.groupCount = groupCount
        emit(Inst(op: .save, a: 0))
        try compile(root)
        emit(Inst(op: .save, a: 1))
        emit(Inst(op: .match))
    }

    private mutating func emit(_ inst: Inst) {
        insts.append(inst)
    }

    private var pc: Int32 { Int32(insts.count) }

    private mutating func compile(_ node: RegexNode) throws {
        if insts.count > RegexProgram.maxInstructions {
            throw RegexSyntaxError(message: "Pattern too large", offset: 0)
        }
        switch node {
        case .literal(let c): emit(Inst(op: .char, a: Int32(bitPattern: c)))
        case .anyChar: emit(Inst(op: .any))
        case .set(let set):
            sets.append(set)
            emit(Inst(op: .set, a: Int32(sets.count - 1)))
        case .inputStart: emit(Inst(op: .assertStart))
        case .inputEnd: emit(Inst(op: .assertEnd))
        case .wordBoundary(let negated): emit(Inst(op: negated ? .notWordBoundary : .wordBoundary))
        case .group(let inner, let capture):
            if let n = capture { emit(Inst(op: .save, a: Int32(2 * n))) }
            try compile(inner)
            if let n = capture { emit(Inst(op: .save, a: Int32(2 * n + 1))) }
        case .concat(let items):
            for item in items { try compile(item) }
        case .alternate(let branches):
            var jumps: [Int] = []
            for (k, branch) in branches.enumerated() {
                if k < branches.count - 1 {
                    let split = insts.count
                    emit(Inst(op: .split, a: pc + 1))
                    try compile(branch)
                    jumps.append(insts.count)
                    emit(Inst(op: .jump))
                    insts[split].b = pc
                } else {
                    try compile(branch)
                }
            }
            for j in jumps { insts[j].a = pc }
        case .repetition(let inner, let min, let max, let greedy):
            for _ in 0..<min { try compile(inner) }
            if let max {
                // Each optional copy may exit straight to the end: x{0,3} behaves as (x(x(x)?)?)?
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(insts.count)
                    emit(Inst(op: .split))
                    try compile(inner)
                }
                for s in splits { setSplit(s, body: s + 1, exit: insts.count, greedy: greedy) }
            } else {
                let loop = insts.count
                emit(Inst(op: .split))
                try compile(inner)
                emit(Inst(op: .jump, a: Int32(loop)))
                setSplit(loop, body: loop + 1, exit: insts.count, greedy: greedy)
            }
        }
    }

    private mutating func setSplit(_ at: Int, body: Int, exit: Int, greedy: Bool) {
        insts[at].a = Int32(greedy ? body : exit)
        insts[at].b = Int32(greedy ? exit : body)
    }

    func setContains(_ index: Int32, _ c: UInt32) -> Bool {
        sets[Int(index)].contains(c)
    }
}
