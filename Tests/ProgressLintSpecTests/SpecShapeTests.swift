import ProgressLintSpec
import ProgressLintYAML
import Testing

/// Contract revision 1.2, "YAML files that are not specs": what a folder walk skips.
@Suite struct SpecShapeTests {
    static func isNotSpec(_ text: String) throws -> Bool {
        let document = try #require(try YAMLParser.parse(text).first { !$0.isEmpty })
        return SpecShape.isNotSpec(document)
    }

    @Test(arguments: ["screen: S\nindicators: []\n", "screen: S\n", "indicators: []\n",
                      // probably misspelt: distance 1 of `screen`, 2 of `indicators`, ignoring case
                      "screne: S\n", "Screen: S\n", "screens: S\n", "SCREEN: S\n", "indicator: []\n",
                      "indicatros: []\n", "Indicaters: []\n", "platform: ios\nscren: S\n",
                      // keys merged in count as the mapping's own
                      "base: &b {screen: S}\n<<: *b\n"])
    func aMappingWithScreenOrIndicatorsOrAMisspellingIsASpec(text: String) throws {
        #expect(try !Self.isNotSpec(text), "\(text)")
    }

    @Test(arguments: [
        "version: \"3.8\"\nservices:\n  web: {image: nginx}\n",         // compose
        "version: 2\nupdates: []\n",                                      // Dependabot
        "platform: ios\nversion: 1\n",                                   // version and platform alone
        "apiVersion: v1\nkind: Service\n",                               // Kubernetes
        "- hosts: all\n  tasks: []\n",                                   // Ansible: a top-level list
        "openapi: 3.0.0\ninfo: {title: x, version: '1'}\npaths: {}\n",  // OpenAPI
        "en:\n  upload: Upload\n",                                       // localisation
        "name: CI\non: push\njobs: {}\n",                                // GitHub workflow
        "site_name: Docs\nnav: []\n",                                    // mkdocs.yml
        "green: 1\nscenes: []\n",                                        // close-sounding, not close enough
        "just text\n",                                                   // a scalar
    ])
    func otherYAMLIsNotASpec(text: String) throws {
        #expect(try Self.isNotSpec(text), "\(text)")
    }
}

/// Contract revision 1.3, "YAML that is not a spec, round two": what a walk skips, told from a
/// file's bytes (the first document that is not empty; a file that does not parse by its lines).
@Suite struct SpecShapeRoundTwoTests {
    static func skipped(_ text: String) -> Bool { SpecShape.isNotSpec(Array(text.utf8), limits: YAMLLimits()) }

    @Test(arguments: [
        // A Helm template does not parse and has no `screen` or `indicators` line.
        "apiVersion: v1\nkind: Service\nspec:\n  {{- if .Values.x }}\n  type: {{ .Values.type }}\n  {{- end }}\n",
        // Empty: only `---` and a licence comment (Ansible), nothing at all, only comments.
        "---\n# Licensed under the Apache License, Version 2.0\n", "", "# nothing here\n", "---\n---\n",
        // A tool's config whose `indicators` is not a list (lsd's), or a near miss of it.
        "classic: false\nindicators: true\n", "indicator: {enabled: true}\n", "indicators:\n",
        // A comment that mentions `screen:` is not a key.
        "a: [\n# screen: x\n",
    ])
    func walkedFilesThatAreNotSpecsAreSkipped(text: String) {
        #expect(Self.skipped(text), "\(text)")
    }

    @Test(arguments: [
        // A spec broken half-way still has its `screen:` line (or a near miss, plain or quoted).
        "screen: Upload\nindicators:\n  - id: a\n    style: [bar\n", "\"screen\": [x\n", "  'screne' : [x\n",
        "indicators:\n  - {id: a, style: [\n", "- indicators: [\n", "{screen: [x\n", "a: [1\n, indicatros: [\n",
        // `---`, a comment, `---` and then a spec: the first document that is not empty decides.
        "---\n# a comment\n---\nscreen: S\nindicators: []\n",
        // `indicators` as a list makes a spec without `screen`.
        "indicators:\n  - id: a\n", "indicator: []\n", "screen: S\nindicators: true\n",
    ])
    func specsAndBrokenSpecsAreNotSkipped(text: String) {
        #expect(!Self.skipped(text), "\(text)")
    }

    /// Any bytes are decided without trapping: pieces of specs, templates and quotes, cut and
    /// joined at random, and random bytes (a seeded generator: the same inputs each run).
    @Test func anyBytesAreDecidedWithoutTrapping() {
        let pieces = ["screen", "indicators", "indicatros", "\"", "'", ":", " ", "\t", "- ", "{", ",", "#", "\n", "\r",
                      "---\n", "[", "{{- if .Values.x }}", "\u{FEFF}", "é", "😀", "\\", "*a", "&a "].map { Array($0.utf8) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var skipped = 0
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<(next() % 40) {
                if next() % 5 == 0 { bytes.append(UInt8(truncatingIfNeeded: next())) } else { bytes += pieces[next() % pieces.count] }
            }
            _ = SpecShape.hasSpecKeyLine(bytes)
            if SpecShape.isNotSpec(bytes, limits: YAMLLimits()) { skipped += 1 }
        }
        #expect(skipped > 0 && skipped < 3_000)
    }

    @Test func aLineHoldsAKeyAfterIndentationAndADashABraceOrAComma() {
        #expect(SpecShape.hasSpecKeyLine(Array("  - screen: x\n".utf8)))
        #expect(SpecShape.hasSpecKeyLine(Array("x\r\n  , \"indicators\" :\r\n".utf8)))
        #expect(!SpecShape.hasSpecKeyLine(Array("  description: the screen: x\n".utf8)))
        #expect(!SpecShape.hasSpecKeyLine(Array("scenes: x\ngreen: y\n".utf8)))
        #expect(!SpecShape.hasSpecKeyLine(Array("screen x\n\"screen\n".utf8)))
    }
}
