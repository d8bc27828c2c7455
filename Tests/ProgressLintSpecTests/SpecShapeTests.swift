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
