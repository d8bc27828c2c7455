import Foundation
import ProgressLintReporters
import ProgressLintSpec
@testable import progress_lint
import Testing
import TestSupport

/// `schemas/spec.schema.json` stays in step with the decoder.
@Suite struct SpecSchemaTests {
    static let file = Python.packageRoot.appendingPathComponent(SpecJSONSchema.path)

    func committed() throws -> [String: Any] {
        let data = try Data(contentsOf: Self.file)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func keys(_ object: Any?, _ path: String...) throws -> Set<String> {
        var node = object
        for step in path {
            if let index = Int(step) {
                node = (node as? [Any])?[index]
            } else {
                node = (node as? [String: Any])?[step]
            }
        }
        let properties = try #require((node as? [String: Any])?["properties"] as? [String: Any], "no properties at \(path)")
        return Set(properties.keys)
    }

    @Test func theCommittedSchemaIsWhatTheSchemaCommandPrints() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(text == SpecJSONSchema.rendered(),
                "schemas/spec.schema.json is stale; run `swift run progress-lint schema > schemas/spec.schema.json`")
    }

    @Test func everySpecKeyIsInTheSchemaAndNoOtherKey() throws {
        let schema = try committed()
        let indicator = (schema["definitions"] as? [String: Any])?["indicator"]
        let props = { (key: String) in ((indicator as? [String: Any])?["properties"] as? [String: Any])?[key] }
        let pairs: [(Set<String>, [String], String)] = [
            (try keys(schema), SpecKeys.screen, "screen"),
            (try keys(indicator), SpecKeys.indicator, "indicator"),
            (try keys(props("accessibility")), SpecKeys.accessibility, "accessibility"),
            (try keys(props("accessibility"), "properties", "announce"), SpecKeys.announce, "announce"),
            (try keys(props("reduce-motion"), "oneOf", "1"), SpecKeys.reduceMotion, "reduce-motion"),
            (try keys(props("cancel"), "oneOf", "1"), SpecKeys.cancel, "cancel"),
            (try keys(props("phases"), "items"), SpecKeys.phase, "phases"),
            (try keys(props("failure")), SpecKeys.failure, "failure"),
            (try keys(props("stall")), SpecKeys.stall, "stall"),
            (try keys(props("becomes"), "items"), SpecKeys.becomes, "becomes"),
        ]
        for (inSchema, inDecoder, name) in pairs {
            let extra = inSchema.subtracting(inDecoder).sorted(), missing = Set(inDecoder).subtracting(inSchema).sorted()
            #expect(inSchema == Set(inDecoder), "\(name): only in the schema \(extra), only in the decoder \(missing)")
        }
    }

    @Test func everyEnumOfTheDecoderIsInTheSchemaAndNoOtherEnum() throws {
        func values<E: SpecEnum>(_: E.Type) -> Set<String> { Set(E.allCases.map(\.rawValue)) }
        let decoder: [Set<String>] = [
            values(Platform.self), values(IndicatorStyle.self), values(Purpose.self), values(Presentation.self),
            values(OtherActions.self), values(Location.self), values(Track.self), values(Focus.self),
            values(FocusAfter.self), values(TotalChange.self),
        ]
        var inSchema: [Set<String>] = []
        func collect(_ node: Any) {
            if let object = node as? [String: Any] {
                if let list = object["enum"] as? [String] { inSchema.append(Set(list)) }
                object.values.forEach(collect)
            } else if let array = node as? [Any] {
                array.forEach(collect)
            }
        }
        collect(try committed())
        let keywords: Set<String> = ["stop-animation", "none"]  // reduce-motion's scalar forms, not an enum type
        for set in decoder { #expect(inSchema.contains(set), "the schema lacks the enum \(set.sorted())") }
        for set in inSchema where set != keywords {
            #expect(decoder.contains(set), "the schema's enum \(set.sorted()) is not one of the decoder's")
        }
    }

    @Test func everyKeyHasAMarkdownDescriptionAndEveryEnumValueADescription() throws {
        var properties = 0, enums = 0
        func walk(_ node: Any, _ path: String) {
            if let object = node as? [String: Any] {
                if let props = object["properties"] as? [String: Any] {
                    for (key, value) in props {
                        properties += 1
                        let markdown = (value as? [String: Any])?["markdownDescription"] as? String ?? ""
                        #expect(!markdown.isEmpty, "\(path)/\(key) has no markdownDescription")
                    }
                }
                if let list = object["enum"] as? [String], list != ["stop-animation", "none"] {
                    enums += 1
                    let descriptions = object["enumDescriptions"] as? [String] ?? []
                    #expect(descriptions.count == list.count && !descriptions.contains(""),
                            "\(path): enum \(list) has descriptions \(descriptions)")
                }
                for (key, value) in object { walk(value, path + "/" + key) }
            } else if let array = node as? [Any] {
                for (i, value) in array.enumerated() { walk(value, path + "/\(i)") }
            }
        }
        walk(try committed(), "#")
        #expect(properties >= SpecKeys.screen.count + SpecKeys.indicator.count)
        #expect(enums >= 10)
    }

    @Test(Python.needs("jsonschema"))
    func theSchemaIsAValidDraft7AndItsSnippetsAreValidSpecsAndIndicators() throws {
        let script = """
            import json, re, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft7Validator.check_schema(schema)
            def resolved(value):
                if isinstance(value, str): return re.sub(r"\\$\\{[0-9]+:([^}]*)\\}", r"\\1", value)
                if isinstance(value, list): return [resolved(v) for v in value]
                if isinstance(value, dict): return {k: resolved(v) for k, v in value.items()}
                return value
            screens = [resolved(s["body"]) for s in schema["defaultSnippets"]]
            indicators = [resolved(s["body"]) for s in schema["definitions"]["indicator"]["defaultSnippets"]]
            assert screens and indicators
            for screen in screens:
                jsonschema.Draft7Validator(schema).validate(screen)
            for indicator in indicators:
                jsonschema.Draft7Validator(schema).validate({"screen": "S", "indicators": [indicator]})
            print(json.dumps(screens))
            """
        let (status, output) = try Python.run(script, [Self.file.path])
        #expect(status == 0, "\(output)")
        #expect(output.contains("\"platform\": \"ios\""), "placeholders not resolved: \(output)")
    }

    static let valid = [
        """
        version: 1
        platform: ios
        screen: Upload photos
        indicators:
          - id: upload
            style: bar
            determinate: true
            component: UIProgressView
            duration: 5s..2m
            label: Uploading 12 photos
            accessibility:
              label: Uploading photos
              focus: unchanged
              announce: {start: Uploading, completion: Upload complete, progress-every: 10s}
            cancel: {discards-progress: true, confirm: true}
            pause: true
            updates-every: 250ms
            phases:
              - {name: Uploading, share: 0.9, duration: 1m}
              - {name: Verifying, share: 0.1, duration: 6s, verifies: true}
            on-total-change: reallocate
            failure: {fills: false, message: The upload stopped., retry: true}
            stall: {after: 20s, message: No progress., retry: true}
        """,
        """
        screen: Inbox
        indicators:
          - id: refresh
            style: refresh-control
            title: Checking mail
            auto-refresh: false
            reduce-motion: stop-animation
            becomes: [{when: size known, style: bar, determinate: true}]
          - id: wait
            style: spinner
            duration: unknown
            presentation: overlay
            cancel: true
            reduce-motion: {replace-with: Loading your inbox, follow-up: Still loading, follow-up-after: 3s}
        """,
        "screen: Empty\nindicators: []\n",
    ]

    @Test(Python.needs("jsonschema", "yaml"))
    func validSpecsAreAcceptedAndATypoedKeyIsRejected() throws {
        let script = """
            import json, sys, yaml, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft7Validator.check_schema(schema)
            spec = yaml.safe_load(open(sys.argv[2]))
            errors = list(jsonschema.Draft7Validator(schema).iter_errors(spec))
            for e in errors: print(list(e.absolute_path), e.message[:200])
            sys.exit(1 if errors else 0)
            """
        for spec in Self.valid {
            let file = try Python.temporaryFile(spec, suffix: ".yaml")
            let (status, output) = try Python.run(script, [Self.file.path, file])
            #expect(status == 0, "rejected a valid spec: \(output)\n\(spec)")
        }
        let typos = [
            Self.valid[0].replacingOccurrences(of: "updates-every:", with: "update-every:"),
            Self.valid[0].replacingOccurrences(of: "screen: Upload photos", with: "screne: Upload photos"),
            Self.valid[1].replacingOccurrences(of: "follow-up-after", with: "followup-after"),
            Self.valid[1].replacingOccurrences(of: "style: spinner", with: "style: spiner"),
            Self.valid[0].replacingOccurrences(of: "updates-every: 250ms", with: "updates-every: 250"),
        ]
        for spec in typos {
            let file = try Python.temporaryFile(spec, suffix: ".yaml")
            let (status, _) = try Python.run(script, [Self.file.path, file])
            #expect(status == 1, "accepted a spec with a typo:\n\(spec)")
        }
    }
}
