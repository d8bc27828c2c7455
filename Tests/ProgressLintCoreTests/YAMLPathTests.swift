import ProgressLintCore
import ProgressLintYAML
import Testing

@Suite struct YAMLPathTests {
    let text = """
        screen: S
        indicators:
          - &base {id: upload, style: bar, phases: [{name: A, share: 1}]}
          - <<: *base
            id: send
            accessibility: {announce: {start: Sending}}
          - style: spinner
            becomes: [{style: bar}, *base]
        """

    @Test func pathsNameItemsByIDAndKeysByName() throws {
        let document = try #require(try YAMLParser.parse(text).first)
        let paths = document.nodeIDs.map { YAMLPath.of($0, in: document) }
        #expect(paths.contains("indicators[upload].phases[0].share"))
        #expect(paths.contains("indicators[send].accessibility.announce.start"))
        #expect(paths.contains("indicators[2].becomes[0].style"))
    }

    @Test func theCachedAndDirectFormsAgreeOnEveryNode() throws {
        let document = try #require(try YAMLParser.parse(text).first)
        var cache = YAMLPath.Cache()
        for node in document.nodeIDs {
            #expect(YAMLPath.of(node, in: document) == YAMLPath.of(node, in: document, cache: &cache))
        }
    }
}
