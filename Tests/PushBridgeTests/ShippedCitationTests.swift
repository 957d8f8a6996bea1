import Foundation
import PushBridgeTestSupport
import Testing

/// Sources, tests, cases and docs cite only what ships: `docs/WIRE-FORMATS.md` sections, `docs/vendors/<id>.md`,
/// a vendor SDK's file and commit. The names below are of documents the package does not contain.
@Suite("Shipped files cite only what ships")
struct ShippedCitationTests {
    /// The package's own folders and files; build folders and hidden folders are skipped.
    static let roots = ["Sources", "Conformance", "Tests", "examples", "Fuzz", "Benchmarks", "docs", ".ci",
                        "README.md", "Package.swift"]
    /// The extensions of the text files read.
    static let textExtensions: Set<String> = ["swift", "md", "json", "jsonl", "py", "sh", "http", "jq", "h", "txt",
                                              "yml", "yaml", "modulemap", "dict"]

    /// The names of documents the package does not ship, as one pattern: the product specification's short name as a
    /// word of its own, the real-vendor and send-API notes, or "seed"/"seeds", a space and a number 000–009 (in any
    /// case). Written in pieces so this file does not match itself.
    static let unshippedPattern = #"\b"# + "SP" + "EC" + #"\b|REAL-"# + "VENDORS|SEND-" + "APIS|(?i:\\bseeds? 00[0-9])"

    /// The citations of an unshipped document in `text`.
    static func citations(in text: String) throws -> [String] {
        let unshipped = try NSRegularExpression(pattern: unshippedPattern)
        let whole = NSRange(text.startIndex..., in: text)
        return unshipped.matches(in: text, range: whole).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    /// Every text file under the roots, as a path relative to the package root.
    static func shippedTextFiles() -> [String] {
        let fileManager = FileManager.default
        let root = TestPaths.packageRoot
        var files: [String] = []
        for entry in roots {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: root + "/" + entry, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else {
                files.append(entry)
                continue
            }
            guard let walker = fileManager.enumerator(atPath: root + "/" + entry) else { continue }
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || name == "Packages" {
                    walker.skipDescendants()
                    continue
                }
                if textExtensions.contains((name as NSString).pathExtension) { files.append(entry + "/" + relative) }
            }
        }
        return files
    }

    @Test("the citation screen finds each unshipped name and passes the shipped ones")
    func screenFindsUnshippedNames() throws {
        #expect(try Self.citations(in: "as Se" + "ed 0" + "03 says").count == 1)
        #expect(try Self.citations(in: "(seeds " + "000, 001)").count == 1)
        #expect(try Self.citations(in: "REAL-" + "VENDORS K9").count == 1)
        #expect(try Self.citations(in: "SP" + "EC §7.5").count == 1)
        #expect(try Self.citations(in: "see SP" + "EC.md").count == 1)
        #expect(try Self.citations(in: "a SPECIAL case, INSPECT it").isEmpty)
        #expect(try Self.citations(in: "docs/WIRE-FORMATS.md §11.1, docs/vendors/fcm.md").isEmpty)
        #expect(try Self.citations(in: "a fuzz seed " + "42, seed " + "1000").isEmpty)
    }

    @Test("no source, test, case or doc cites a document the package does not ship")
    func noUnshippedCitations() throws {
        let files = Self.shippedTextFiles()
        #expect(files.count > 100, "the walk found the package's files")
        var offenders: [String] = []
        for file in files {
            let bytes = try TestPaths.readBytes(TestPaths.packageRoot + "/" + file)
            let text = String(decoding: bytes, as: UTF8.self)
            let found = try Self.citations(in: text)
            if !found.isEmpty { offenders.append("\(file): \(found.joined(separator: ", "))") }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
