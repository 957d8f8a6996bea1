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

    /// Written in pieces so this file does not match itself.
    static let fixedCitations = ["REAL-" + "VENDORS", "SEND-" + "APIS"]

    /// The citations of an unshipped document in `text`: a fixed name, the product specification's short name as a
    /// word of its own, or "seed" or "seeds", a space and a number 000–009 (in any case).
    static func citations(in text: String) -> [String] {
        var found = fixedCitations.filter { text.contains($0) }
        let bytes = Array(text.utf8)
        let spec = Array(("SP" + "EC").utf8)
        func isWordByte(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
        var start = 0
        while start + spec.count <= bytes.count {
            defer { start += 1 }
            guard bytes[start..<start + spec.count].elementsEqual(spec) else { continue }
            let before = start == 0 ? nil : bytes[start - 1]
            let after = start + spec.count < bytes.count ? bytes[start + spec.count] : nil
            if before.map(isWordByte) != true, after.map(isWordByte) != true { found.append("SP" + "EC") }
        }
        let lowered = Array(text.lowercased().utf8)
        let seed = Array("seed".utf8)
        var index = 0
        while index + seed.count <= lowered.count {
            defer { index += 1 }
            guard lowered[index..<index + seed.count].elementsEqual(seed) else { continue }
            var next = index + seed.count
            if next < lowered.count, lowered[next] == UInt8(ascii: "s") { next += 1 }
            let rest = lowered[next...].prefix(4)
            if rest.count == 4, rest.first == UInt8(ascii: " "),
               rest.dropFirst().prefix(2).allSatisfy({ $0 == UInt8(ascii: "0") }),
               let digit = rest.last, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
                found.append(String(decoding: lowered[index..<next + 4], as: UTF8.self))
            }
        }
        return found
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
    func screenFindsUnshippedNames() {
        #expect(Self.citations(in: "as Se" + "ed 0" + "03 says").count == 1)
        #expect(Self.citations(in: "(seeds " + "000, 001)").count == 1)
        #expect(Self.citations(in: "REAL-" + "VENDORS K9").count == 1)
        #expect(Self.citations(in: "SP" + "EC §7.5").count == 1)
        #expect(Self.citations(in: "see SP" + "EC.md").count == 1)
        #expect(Self.citations(in: "a SPECIAL case, INSPECT it").isEmpty)
        #expect(Self.citations(in: "docs/WIRE-FORMATS.md §11.1, docs/vendors/fcm.md").isEmpty)
        #expect(Self.citations(in: "a fuzz seed " + "42, seed " + "1000").isEmpty)
    }

    @Test("no source, test, case or doc cites a document the package does not ship")
    func noUnshippedCitations() throws {
        let files = Self.shippedTextFiles()
        #expect(files.count > 100, "the walk found the package's files")
        var offenders: [String] = []
        for file in files {
            let bytes = try TestPaths.readBytes(TestPaths.packageRoot + "/" + file)
            let text = String(decoding: bytes, as: UTF8.self)
            let found = Self.citations(in: text)
            if !found.isEmpty { offenders.append("\(file): \(found.joined(separator: ", "))") }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
