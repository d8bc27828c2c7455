import ProgressLintEngine
/// Shell-style globs over `/`-separated relative paths (`*`, `?`, `**`, `[abc]`, `{a,b}`), compiled
/// into an automaton followed in every state at once: matching costs at most path length × pattern
/// length, and nothing backtracks.
public struct Glob: Hashable, Sendable {
    /// The pattern as written.
    public let pattern: String
    /// The compiled automaton; empty for a pattern that is not a valid glob (it matches nothing).
    private let program: [Op]

    /// Compiles a pattern; one that is not a valid glob (see ``init(validating:)``) matches nothing.
    public init(_ pattern: String) {
        self.pattern = pattern
        program = (try? Glob.compile(pattern)) ?? []
    }

    /// Compiles a pattern, or says why it is not a valid glob.
    public init(validating pattern: String) throws(GlobError) {
        self.pattern = pattern
        program = try Glob.compile(pattern)
    }

    /// Whether `path` (relative, `/`-separated) matches.
    public func matches(_ path: String) -> Bool {
        guard !program.isEmpty else { return false }
        // Empty segments are dropped, and a path ends with `/` like the program, so that a
        // trailing `**` (or `/`) can match nothing.
        var text: [Character] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            text.append(contentsOf: segment)
            text.append("/")
        }
        var simulation = Simulation(program: program)
        var current = simulation.closure(of: [State(pc: 0, boundary: true)], next: text.first)
        for (index, character) in text.enumerated() {
            var stepped: [State] = []
            for state in current {
                switch program[state.pc] {
                case .character(let c) where c == character: stepped.append(State(pc: state.pc + 1, boundary: false))
                case .any where character != "/": stepped.append(State(pc: state.pc + 1, boundary: false))
                case .set(let set) where character != "/" && set.contains(character):
                    stepped.append(State(pc: state.pc + 1, boundary: false))
                case .slash where character == "/": stepped.append(State(pc: state.pc + 1, boundary: true))
                case .star where character != "/": stepped.append(State(pc: state.pc, boundary: false))
                case .globLoop: stepped.append(State(pc: state.pc, boundary: false))
                default: break
                }
            }
            let next = index + 1 < text.count ? text[index + 1] : nil
            current = simulation.closure(of: stepped, next: next)
            if current.isEmpty { return false }
        }
        return current.contains { program[$0.pc] == .match }
    }

    // MARK: - Automaton

    /// One instruction. Consuming instructions read one character; the others move between
    /// instructions without reading.
    enum Op: Hashable, Sendable {
        /// Reads this character (never `/`).
        case character(Character)
        /// `?`: reads any character but `/`.
        case any
        /// `[...]`: reads a character of the class (never `/`).
        case set(CharacterSet)
        /// `/`: reads a `/`; skipped where the pattern is already at a folder boundary, so
        /// `a//b`, a leading `/` and the `/` around a `**` that matches no folder collapse.
        case slash
        /// `*`: reads characters but `/`, then goes on.
        case star
        /// `**`: where it starts a segment, goes on at once (no folders, still at a boundary),
        /// or to ``globLoop``, or to the ``star`` after that; elsewhere only to the ``star``.
        case globstar
        /// Reads any character, `/` included; leaves only just before a `/`, so it ends
        /// where a segment ends.
        case globLoop
        /// Goes to each of these instructions (the alternatives of `{a,b}`).
        case split([Int])
        case jump(Int)
        case match
    }

    /// The characters of a `[...]` class.
    struct CharacterSet: Hashable, Sendable {
        var ranges: [ClosedRange<Character>] = []
        var negated = false

        func contains(_ c: Character) -> Bool {
            ranges.contains { $0.contains(c) } != negated
        }
    }

    /// Where the automaton is: an instruction, and whether the pattern read so far ends at
    /// a folder boundary (its start, or a `/`).
    struct State: Hashable {
        var pc: Int
        var boundary: Bool
    }

    /// Follows the instructions that read nothing, without recursion, each state once.
    struct Simulation {
        let program: [Op]
        private var seen: [UInt8]
        private var generation: UInt8 = 0

        init(program: [Op]) {
            self.program = program
            seen = Array(repeating: 0, count: program.count * 2)
        }

        mutating func closure(of states: [State], next: Character?) -> [State] {
            if generation == UInt8.max {
                for i in seen.indices { seen[i] = 0 }
                generation = 0
            }
            generation += 1
            var result: [State] = []
            var work = states
            while let state = work.popLast() {
                let key = state.pc * 2 + (state.boundary ? 1 : 0)
                guard seen[key] != generation else { continue }
                seen[key] = generation
                result.append(state)
                switch program[state.pc] {
                case .split(let targets):
                    for target in targets { work.append(State(pc: target, boundary: state.boundary)) }
                case .jump(let target):
                    work.append(State(pc: target, boundary: state.boundary))
                case .slash where state.boundary:
                    work.append(State(pc: state.pc + 1, boundary: true))
                case .star:
                    work.append(State(pc: state.pc + 1, boundary: false))
                case .globstar:
                    if state.boundary {
                        work.append(State(pc: state.pc + 3, boundary: true))
                        work.append(State(pc: state.pc + 1, boundary: false))
                    }
                    work.append(State(pc: state.pc + 2, boundary: false))
                case .globLoop where next == "/":
                    work.append(State(pc: state.pc + 2, boundary: false))
                default:
                    break
                }
            }
            return result
        }
    }

    // MARK: - Compiling

    private struct Group {
        var open: Int
        var split: Int
        var starts: [Int]
        var jumps: [Int] = []
    }

    private static func compile(_ pattern: String) throws(GlobError) -> [Op] {
        var characters = Array(pattern)
        var base = 0
        while characters.count >= 2 && characters[0] == "." && characters[1] == "/" {
            characters.removeFirst(2)
            base += 2
        }
        guard !characters.isEmpty else {
            throw GlobError(message: "the pattern is empty; write a glob such as `specs/**/*.yaml`", character: nil)
        }
        var program: [Op] = []
        var groups: [Group] = []
        var i = 0
        while i < characters.count {
            let c = characters[i]
            let column = base + i + 1
            switch c {
            case "*":
                var run = 0
                while i < characters.count && characters[i] == "*" { run += 1; i += 1 }
                if run == 2 { program += [.globstar, .globLoop, .star] } else { program.append(.star) }
                continue
            case "?":
                program.append(.any)
            case "/":
                program.append(.slash)
            case "[":
                var j = i + 1
                var set = CharacterSet()
                if j < characters.count && (characters[j] == "!" || characters[j] == "^") { set.negated = true; j += 1 }
                var first = true
                var closed = false
                while j < characters.count && characters[j] != "/" {
                    if characters[j] == "]" && !first { closed = true; break }
                    first = false
                    if j + 2 < characters.count, characters[j + 1] == "-", characters[j + 2] != "]", characters[j + 2] != "/" {
                        let low = characters[j], high = characters[j + 2]
                        if low <= high { set.ranges.append(low...high) }
                        j += 3
                    } else {
                        set.ranges.append(characters[j]...characters[j])
                        j += 1
                    }
                }
                guard closed else {
                    throw GlobError(message: "`[` at character \(column) is not closed; close the class with `]` "
                                    + "before any `/`, or write `[[]` to match `[` itself", character: column)
                }
                program.append(.set(set))
                i = j
            case "{":
                program.append(.split([]))
                groups.append(Group(open: column, split: program.count - 1, starts: [program.count]))
            case "," where !groups.isEmpty:
                program.append(.jump(-1))
                groups[groups.count - 1].jumps.append(program.count - 1)
                groups[groups.count - 1].starts.append(program.count)
            case "}":
                guard let group = groups.popLast() else {
                    throw GlobError(message: "`}` at character \(column) has no `{` before it; "
                                    + "write `[}]` to match `}` itself", character: column)
                }
                if group.starts.count == 1 && group.starts[0] == program.count {
                    throw GlobError(message: "`{}` at character \(group.open) has no alternatives; "
                                    + "write them inside, separated by commas, as in `{yaml,yml}`", character: group.open)
                }
                program[group.split] = .split(group.starts)
                for jump in group.jumps { program[jump] = .jump(program.count) }
            default:
                program.append(.character(c))
            }
            i += 1
        }
        if let group = groups.last {
            throw GlobError(message: "`{` at character \(group.open) is not closed; close it with `}`",
                            character: group.open)
        }
        program += [.slash, .match]
        return program
    }
}

/// Why a pattern is not a valid glob.
public struct GlobError: Error, Hashable, Sendable {
    /// What is wrong, lower-case, saying what to do.
    public var message: String
    /// The 1-based character of the pattern at fault, when there is one.
    public var character: Int?
}
