import Foundation
import PushBridge
import PushBridgeTestSupport
import Testing

@testable import PushBridgeConformance

/// Every case file in the repository, the built-in cases and the third-party example's.
private let caseFiles = Paths.jsonFiles(under: Paths.cases) + Paths.jsonFiles(under: Paths.exampleCases)

/// Every case of every case file, with the file it is in.
private func everyCase() throws -> [(file: String, element: JSONValue)] {
    try caseFiles.flatMap { file in (try Paths.json(file)["cases"]?.arrayValue ?? []).map { (file, $0) } }
}

private func schema() throws -> SchemaValidator { SchemaValidator(root: try Paths.json(Paths.schema)) }

@Suite("Case files against Conformance/case-schema.json")
struct CaseFileSchemaTests {
    @Test("every case file validates against the schema")
    func everyFileValidates() throws {
        let validator = try schema()
        #expect(!caseFiles.isEmpty)
        for file in caseFiles {
            let violations = validator.validate(try Paths.json(file))
            #expect(violations.isEmpty, "\(file):\n\(violations.map(\.description).joined(separator: "\n"))")
        }
    }

    @Test("case ids are unique across every case file")
    func idsUnique() throws {
        var seen: [String: String] = [:]
        for (file, element) in try everyCase() {
            let id = element["id"]?.stringValue ?? ""
            #expect(seen[id] == nil, "id \(id) in \(file) is already used in \(seen[id] ?? "")")
            seen[id] = file
        }
    }

    @Test("descriptions are unique across every case file and at most 80 characters")
    func descriptionsUniqueAndShort() throws {
        var seen: [String: String] = [:]
        for (file, element) in try everyCase() {
            let description = element["description"]?.stringValue ?? ""
            #expect(seen[description] == nil, "description \"\(description)\" in \(file) is repeated")
            #expect(description.unicodeScalars.count <= 80, "\"\(description)\" is longer than 80 characters")
            seen[description] = file
        }
    }

    @Test("the runner reads every case file without a problem")
    func runnerReadsEveryFile() throws {
        for file in caseFiles {
            let read = ConformanceCaseFile.read(try TestPaths.readBytes(file), source: file)
            #expect(read.problems.isEmpty, "\(read.problems.map(\.description).joined(separator: "\n"))")
            #expect(read.cases.count == (try Paths.json(file)["cases"]?.arrayValue?.count))
        }
    }

    @Test("the schema uses only keywords the validator applies")
    func schemaKeywordsKnown() throws {
        #expect(try schema().unknownKeywords() == [])
    }

    @Test("the schema and the runner allow the same fields in every object")
    func schemaMatchesRunner() throws {
        let root = try Paths.json(Paths.schema)
        let validator = SchemaValidator(root: root)
        func keys(_ schema: JSONValue?) -> Set<String> { Set((schema?["properties"]?.objectValue ?? [:]).keys) }
        func required(_ schema: JSONValue?) -> Set<String> {
            Set(schema?["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        }
        var objects: [String: JSONValue?] = [
            "file": root, "case": validator.resolve("#/$defs/case"), "options": validator.resolve("#/$defs/options"),
            "expect": validator.resolve("#/$defs/expect"), "knownIssue": validator.resolve("#/$defs/knownIssue"),
            "bridge": validator.resolve("#/$defs/bridgeSubset"),
            "diagnostic": validator.resolve("#/$defs/expect")?["properties"]?["diagnostics"]?["items"],
        ]
        for branch in validator.resolve("#/$defs/effect")?["oneOf"]?.arrayValue ?? [] {
            objects["effect." + (branch["properties"]?["type"]?["const"]?.stringValue ?? "?")] = branch
        }
        #expect(Set(objects.keys) == Set(ConformanceCaseFile.fields.keys))
        for (name, schema) in objects {
            let rule = ConformanceCaseFile.fields[name]
            #expect(keys(schema) == rule?.allowed, "fields of \(name)")
            #expect(required(schema) == rule?.required, "required fields of \(name)")
            #expect(schema?["additionalProperties"] == .bool(false), "\(name) must forbid unknown fields")
        }
    }
}

@Suite("The schema validator")
struct SchemaValidatorTests {
    private func violations(_ text: String) throws -> [String] {
        try schema().validate(try JSONParser.parse(text)).map(\.description)
    }

    private let minimalCase = #"{"id":"x-1","description":"d","vendor":"x","payload":{},"expect":{}}"#

    @Test("a minimal file is valid")
    func minimalValid() throws {
        #expect(try violations(#"{"description":"f","cases":["# + minimalCase + "]}") == [])
    }

    @Test("an unknown field is reported with its path")
    func unknownField() throws {
        let text = #"""
            {"description":"f","cases":[{"id":"x-1","description":"d","vendor":"x","payload":{},
              "expect":{"bridge":{"deeplink":"a://b"}}}]}
            """#
        #expect(try violations(text) == [#"$.cases[0].expect.bridge.deeplink: unknown field "deeplink""#])
    }

    @Test("a description over 80 characters, a bad id and a missing field are reported")
    func rulesReported() throws {
        let long = String(repeating: "d", count: 81)
        let text =
            #"{"description":"f","cases":[{"id":"Bad Id","description":""# + long + #"","vendor":"x","payload":{}}]}"#
        let found = try violations(text)
        #expect(found.contains { $0.hasPrefix("$.cases[0].id:") })
        #expect(found.contains("$.cases[0].description: 81 characters, more than 80"))
        #expect(found.contains(#"$.cases[0]: missing required "expect""#))
    }

    @Test("an effect line is checked against the shape its type names")
    func effectShapes() throws {
        let text = #"""
            {"description":"f","cases":[{"id":"x-1","description":"d","vendor":"x","payload":{},"steps":["open"],
              "expect":{"effects":[{"type":"route","url":"a:b","via":"sideways"}]}}]}
            """#
        #expect(try violations(text).contains { $0.hasPrefix("$.cases[0].expect.effects[0].via:") })
    }

    @Test("a step that is not a lifecycle step is reported")
    func badStep() throws {
        let text = #"""
            {"description":"f","cases":[{"id":"x-1","description":"d","vendor":"x","payload":{},"steps":["tap"],
              "expect":{}}]}
            """#
        #expect(try violations(text).contains { $0.hasPrefix("$.cases[0].steps[0]:") })
    }
}
