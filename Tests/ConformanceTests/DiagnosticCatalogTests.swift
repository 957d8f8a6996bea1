import Foundation
import PushBridge
import PushBridgeConformance
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// The Swift files whose diagnostics PushBridge ships: the libraries, `bridge-cli` and the conformance runner.
private let emittingSources: [(path: String, text: String)] = {
    var files: [(String, String)] = []
    for folder in ["Sources", "Conformance/Runner"] {
        let root = TestPaths.packageRoot + "/" + folder
        guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            let path = folder + "/" + relative
            if let text = try? String(contentsOfFile: TestPaths.packageRoot + "/" + path, encoding: .utf8) {
                files.append((path, text))
            }
        }
    }
    return files
}()

private let catalogPath = "Sources/PushBridge/Model/DiagnosticCatalog.swift"

private func matches(_ pattern: String, in text: String) -> [[String]] {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).map { match in
        (0..<match.numberOfRanges).map { index in
            Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }
}

@Suite("The diagnostics catalogue")
struct DiagnosticCatalogTests {
    private let catalogued = Set(DiagnosticCatalog.entries.map(\.code.rawValue))

    @Test("no two entries share a code, and the entries are in code order")
    func codesAreUnique() {
        let codes = DiagnosticCatalog.entries.map(\.code.rawValue)
        let repeated = Dictionary(grouping: codes) { $0 }.filter { $0.value.count > 1 }.keys
        #expect(repeated.isEmpty, "\(repeated.sorted())")
        #expect(codes == codes.sorted())
    }

    @Test("every DiagnosticCode member is an entry, and every entry is a member")
    func membersAreEntries() throws {
        let text = try #require(emittingSources.first { $0.path == catalogPath }?.text)
        let members = matches(#"static let (\w+) = DiagnosticCode\(rawValue: "([^"]*)"\)"#, in: text).map { $0[2] }
        #expect(members.count == Set(members).count, "two members spell one code")
        #expect(Set(members) == catalogued)
        #expect(members.count == DiagnosticCatalog.entries.count)
    }

    @Test("each entry has a severity, least severe first, and a one-sentence meaning that fits a table cell")
    func entriesAreWellFormed() {
        for entry in DiagnosticCatalog.entries {
            #expect(!entry.severities.isEmpty, "\(entry.code)")
            #expect(entry.severities == entry.severities.sorted(), "\(entry.code)")
            #expect(Set(entry.severities).count == entry.severities.count, "\(entry.code)")
            #expect(entry.meaning.hasSuffix("."), "\(entry.code)")
            #expect(!entry.meaning.contains("|") && !entry.meaning.contains("\n"), "\(entry.code)")
            #expect(DiagnosticCatalog.entry(for: entry.code.rawValue) == entry)
        }
        #expect(DiagnosticCatalog.entry(for: "no-such-code") == nil)
    }

    @Test("no diagnostic code in the sources is a string literal: each is a DiagnosticCode member")
    func noLiteralCodes() {
        for file in emittingSources where file.path != catalogPath {
            let code = file.text.split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .joined(separator: "\n")
            for match in matches(#"code:\s*"([^"]*)""#, in: code) {
                Issue.record("\(file.path): the code \"\(match[1])\" is a string literal; use a DiagnosticCode member")
            }
            for match in matches(#""([a-z0-9]+(?:-[a-z0-9]+)+)""#, in: code) where catalogued.contains(match[1]) {
                Issue.record("\(file.path): \"\(match[1])\" spells a catalogued code; use its DiagnosticCode member")
            }
        }
    }

    @Test("every diagnostic a conformance case expects is catalogued")
    func expectedCodesAreCatalogued() {
        #expect(!BuiltInCases.loaded.cases.isEmpty)
        for testCase in BuiltInCases.loaded.cases {
            for expected in testCase.expect.diagnostics ?? [] {
                #expect(catalogued.contains(expected.code), "\(testCase.id) expects \(expected.code)")
            }
        }
    }

    @Test("every diagnostic the built-in vendors give on the conformance payloads is catalogued")
    func emittedCodesAreCatalogued() {
        let registry = BuiltInVendors.registry
        var seen: Set<String> = []
        for testCase in BuiltInCases.loaded.cases {
            guard let adapter = registry.adapter(id: testCase.vendor) else { continue }
            let bytes = JSONWriter.bytes(.object(testCase.payload)).count
            let diagnostics = adapter.decodeClaimed(testCase.payload).diagnostics
                + Validator.validate(testCase.payload, byteCount: bytes, adapter: adapter).problems
                + registry.claimNotes(of: testCase.payload, claimedBy: adapter)
            for diagnostic in diagnostics where !catalogued.contains(diagnostic.code) {
                Issue.record("\(testCase.id): \(diagnostic.code) is not in DiagnosticCatalog.entries")
            }
            seen.formUnion(diagnostics.map(\.code))
        }
        #expect(seen.count > 20, "the cases gave only \(seen.sorted())")
    }

    @Test("docs/DIAGNOSTICS.md is what the catalogue generates (bridge-cli diagnostics --markdown)")
    func markdownIsCurrent() throws {
        let path = TestPaths.packageRoot + "/docs/DIAGNOSTICS.md"
        let file = String(decoding: try TestPaths.readBytes(path), as: UTF8.self)
        #expect(
            file == DiagnosticCatalog.markdown, "regenerate it: bridge-cli diagnostics --markdown > docs/DIAGNOSTICS.md")
        for entry in DiagnosticCatalog.entries {
            #expect(file.contains("| `\(entry.code.rawValue)` |"), "\(entry.code) has no row")
        }
    }
}
