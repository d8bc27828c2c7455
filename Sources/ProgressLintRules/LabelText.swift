/// How rules compare labels: `vague-label` with its `vague-labels`, `native-label-renamed` with the system's.
public enum LabelText {
    /// Lower-case, without surrounding white space and without trailing dots or an ellipsis:
    /// `"  Loading… "` and `"loading..."` both become `"loading"`.
    public static func normalized(_ text: String) -> String {
        if let ascii = normalizedASCII(text) { return ascii }
        var s = Substring(text)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l == "." || l == "…" || l.isWhitespace { s.removeLast() }
        return fold(s)
    }

    /// `text` without surrounding white space (any Unicode white space, a no-break space and a
    /// block scalar's final line break included), case-folded: two texts that are equal "ignoring
    /// case" fold to equal strings. Swift compares strings by canonical equivalence, so `é` written
    /// precomposed or as `e` + U+0301 compare equal (as after NFC normalisation).
    public static func folded(_ text: String) -> String {
        var s = Substring(text)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return fold(s)
    }

    /// Unicode case folding without Foundation: upper-casing then lower-casing maps every cased
    /// letter to the same form as full case folding does (`ß`, `SS` and `ss` all become `ss`,
    /// final and medial sigma both `σ`).
    static func fold(_ text: Substring) -> String {
        var ascii = true
        for byte in text.utf8 where byte >= 0x80 { ascii = false; break }
        if ascii { return text.lowercased() }
        return text.uppercased().lowercased()
    }

    /// The same for ASCII text, byte by byte (nil for other text): most labels are ASCII, and
    /// walking them as characters costs many times more.
    private static func normalizedASCII(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard let (start, end) = asciiBounds(bytes, trailingEllipses: true) else { return nil }
            return String(unsafeUninitializedCapacity: end - start) { buffer in
                for i in start..<end {
                    let byte = bytes[i]
                    buffer[i - start] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
                }
                return end - start
            }
        }
    }

    /// The bytes `normalizedASCII` keeps: without surrounding white space and trailing dots; nil
    /// when `bytes` are not all ASCII. With `trailingEllipses`, trailing `…` (U+2026, the one
    /// non-ASCII character `normalized` drops, common in labels) go too, and only the bytes kept
    /// must be ASCII: around ASCII text each is a character of its own, as `normalized` sees it.
    private static func asciiBounds(_ bytes: UnsafeBufferPointer<UInt8>, trailingEllipses: Bool = false)
        -> (start: Int, end: Int)?
    {
        var start = 0
        var end = bytes.count
        // ASCII white space as `Character.isWhitespace` sees it: tab to carriage return, and space.
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        // `end >= 3` before reading back three bytes.
        func isEllipsis(endingAt end: Int) -> Bool {
            trailingEllipses && end >= 3 && bytes[end - 1] == 0xA6 && bytes[end - 2] == 0x80 && bytes[end - 3] == 0xE2
        }
        if !trailingEllipses {
            for byte in bytes where byte >= 0x80 { return nil }
        }
        // Leading white space and trailing dots, white space and ellipses: the text between is the
        // same whichever end is trimmed first (the trailing set holds the leading one).
        while end > 0 {
            if bytes[end - 1] == UInt8(ascii: ".") || isSpace(bytes[end - 1]) {
                end -= 1
            } else if isEllipsis(endingAt: end) {
                end -= 3
            } else {
                break
            }
        }
        while start < end, isSpace(bytes[start]) { start += 1 }
        if trailingEllipses {
            for i in start..<end where bytes[i] >= 0x80 { return nil }
        }
        return (start, end)
    }
}

import ProgressLintEngine
import ProgressLintSpec

/// The example texts every rule suggests for one indicator, made in one place so that rules agree
/// and the texts pass every rule: from the indicator's own specific words, else a verb phrase made
/// from its `task`, `id` or screen name, never a configured vague label.
struct WorkText {
    /// What is happening, as a label or an announcement would say it: "Uploading photos".
    let doing: String
    /// The same as a phrase that starts with a verb in -ing, for the texts built on it.
    let gerund: String

    /// The text Reduce Motion shows after a while: "Still uploading photos".
    var still: String { "Still " + WorkText.lowerFirst(gerund) }
    /// The completion announcement: "Done uploading photos".
    var done: String { "Done " + WorkText.lowerFirst(gerund) }
    /// What a failure says: "Couldn't finish uploading photos. Try again."
    var failed: String { "Couldn't finish " + WorkText.lowerFirst(gerund) + ". Try again." }
    /// What a stall says.
    static let stalled = "No progress for a while. Check your connection, then try again."

    init(_ indicator: Indicator, context: RuleContext) {
        let vague = context.option(VagueLabel.labels)
        func usable(_ text: String) -> Bool {
            !text.isEmpty && text.count <= 60 && !text.contains(where: \.isNewline) && !vague.contains(text)
                && LabelText.folded(text) != "in progress"
        }
        let accessibility = indicator.accessibility?.value
        var written: [String] = [indicator.label?.value, accessibility?.label?.value, accessibility?.announce?.value.start?.value]
            .compactMap { $0 }
        if case .fallback(let fallback)? = indicator.reduceMotion?.value, let text = fallback.replaceWith?.value {
            written.append(text)
        }
        let specific = written.map(WorkText.clean).filter(usable)
        // Made from the indicator's names, in order: `task`, `id`, then the screen's name; a lone
        // verb (which may be vague, "Processing") takes the screen's name as its object.
        let screen = context.screen.name?.value ?? ""
        let screenWords = WorkText.words(screen)
        var derived: [String] = []
        for name in [indicator.task?.value, indicator.id?.value, screen].compactMap({ $0 }) {
            let words = WorkText.words(name)
            guard !words.isEmpty else { continue }
            let phrase = WorkText.gerundPhrase(words)
            if words.count == 1, !screenWords.isEmpty, screenWords != words {
                if WorkText.gerund(of: screenWords[0].lowercased()) != nil {
                    // A screen named for what it does ("Upload photos") says it better than the id alone.
                    derived.append(WorkText.gerundPhrase(screenWords))
                } else if WorkText.gerund(of: words[0].lowercased()) != nil {
                    // A lone verb takes the screen as its object: `check` on "Updates" → "Checking updates".
                    derived.append(phrase + " " + screenWords.joined(separator: " ").lowercased())
                }
            }
            derived.append(phrase)
        }
        derived.append("Getting " + (screenWords.isEmpty ? "things" : screenWords.joined(separator: " ").lowercased())
                       + " ready")
        derived = derived.map(WorkText.upperFirst).filter(usable)
        let fallback = "Getting everything ready for you"
        doing = specific.first ?? derived.first ?? fallback
        gerund = specific.first(where: WorkText.startsWithGerund) ?? derived.first ?? fallback
    }

    /// `text` without surrounding space and trailing dots or an ellipsis.
    static func clean(_ text: String) -> String {
        var s = Substring(text)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l == "." || l == "…" || l.isWhitespace { s.removeLast() }
        return String(s)
    }

    static func words(_ name: String) -> [String] {
        name.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    static func startsWithGerund(_ text: String) -> Bool {
        guard let first = text.split(separator: " ").first?.lowercased() else { return false }
        return first.count > 4 && first.hasSuffix("ing")
    }

    static func upperFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    static func lowerFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        // An acronym or a name written in capitals ("CSV", "iCloud") keeps its case.
        if text.dropFirst().first?.isUppercase == true { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// `upload photos` → "uploading photos"; a first word that is not a known verb is the
    /// object: `chart` → "loading chart".
    static func gerundPhrase(_ words: [String]) -> String {
        let first = words[0].lowercased()
        let rest = words.dropFirst().joined(separator: " ")
        let tail = rest.isEmpty ? "" : " " + rest
        if first.count > 4, first.hasSuffix("ing") { return first + tail }
        if let gerund = gerund(of: first) { return gerund + tail }
        return "loading " + words.joined(separator: " ")
    }

    static func gerund(of verb: String) -> String? {
        if let irregular = doubled[verb] { return irregular }
        guard verbs.contains(verb) else { return nil }
        if verb.hasSuffix("ie") { return String(verb.dropLast(2)) + "ying" }
        if verb.hasSuffix("e"), !verb.hasSuffix("ee"), verb.count > 2 { return String(verb.dropLast()) + "ing" }
        return verb + "ing"
    }

    private static let doubled: [String: String] = [
        "run": "running", "set": "setting", "get": "getting", "stop": "stopping", "scan": "scanning",
        "ship": "shipping", "plan": "planning", "log": "logging", "submit": "submitting", "chat": "chatting",
        "map": "mapping", "put": "putting", "dim": "dimming", "trim": "trimming", "zip": "zipping", "unzip": "unzipping",
        "pay": "paying", "sign": "signing", "backup": "backing up",
    ]

    private static let verbs: Set<String> = [
        "upload", "download", "sync", "fetch", "load", "save", "send", "export", "import", "install", "update",
        "check", "verify", "prepare", "process", "search", "refresh", "post", "share", "delete", "copy", "move",
        "convert", "compress", "render", "print", "connect", "restore", "build", "publish", "generate",
        "analyze", "analyse", "transfer", "encode", "decode", "crunch", "calculate", "compute", "back", "sort",
        "filter", "find", "read", "write", "open", "close", "create", "edit", "apply", "merge", "pull", "push",
        "clone", "index", "optimize", "resize", "crop", "parse", "validate", "authenticate", "authorize", "stream",
        "buffer", "play", "record", "encrypt", "decrypt", "archive", "extract", "clean", "purge", "reset", "start",
        "boot", "launch", "deploy", "migrate", "charge", "order", "book", "reserve", "request", "fix", "repair",
        "place", "confirm", "complete", "finish", "store", "attach", "add", "remove", "register", "link",
        "transcode", "upgrade", "downgrade", "install", "uninstall", "estimate", "translate", "transcribe", "detect",
        "recognize", "scan", "look", "wait", "send", "receive", "accept", "retry", "resume", "pause", "cancel",
        "prefetch", "preload", "warm", "compile", "test", "measure", "match", "join", "leave", "enroll", "reply",
        "forward", "mark", "flag", "print", "collect", "gather", "compose", "draw", "paint", "bake", "cook",
    ]
}
