import Foundation
import Testing

/// Which module each source folder builds, and which modules its files may import. An import not listed here
/// is an arrow the layering does not have; a source folder not listed here is a module nobody placed.
enum Layering {
    /// Source folder (from the package root) → the module it builds.
    static let modules: [String: String] = [
        "Sources/PushBridgeSystem": "PushBridgeSystem",
        "Sources/PushBridge": "PushBridge",
        "Sources/PushBridgeOutbox": "PushBridgeOutbox",
        "Sources/PushBridgeTools": "PushBridgeTools",
        "Sources/Vendors": "PushBridgeVendors",
        "Sources/PushBridgeSend": "PushBridgeSend",
        "Sources/PushBridgeDelivery": "PushBridgeDelivery",
        "Sources/PushBridgeURLSession": "PushBridgeURLSession",
        "Sources/PushBridgeApple": "PushBridgeApple",
        "Conformance/Runner": "PushBridgeConformance",
        "Sources/PushBridgeCLI": "PushBridgeCLI",
        "Sources/bridge-cli": "bridge-cli",
    ]

    /// Module → what its files may import. The core sees no Foundation and no other module of the package
    /// but the platform shim; only the shim names the C library.
    static let allowed: [String: Set<String>] = [
        "PushBridgeSystem": ["Glibc", "Musl", "Darwin"],
        "PushBridge": ["PushBridgeSystem"],
        "PushBridgeOutbox": ["PushBridge", "PushBridgeSystem"],
        "PushBridgeTools": ["PushBridge", "PushBridgeSend"],
        "PushBridgeVendors": ["PushBridge"],
        "PushBridgeSend": ["PushBridge"],
        "PushBridgeDelivery": ["PushBridge", "PushBridgeOutbox", "PushBridgeSystem", "Dispatch"],
        "PushBridgeURLSession": ["PushBridge", "PushBridgeDelivery", "Foundation", "FoundationNetworking"],
        "PushBridgeApple": [
            "PushBridge", "PushBridgeOutbox", "PushBridgeDelivery", "PushBridgeURLSession", "Foundation", "UIKit",
            "UserNotifications",
        ],
        "PushBridgeConformance": ["PushBridge", "PushBridgeSystem"],
        "PushBridgeCLI": [
            "PushBridge", "PushBridgeOutbox", "PushBridgeTools", "PushBridgeVendors", "PushBridgeConformance",
            "PushBridgeDelivery", "PushBridgeSend", "PushBridgeSystem", "Dispatch",
        ],
        "bridge-cli": ["PushBridgeCLI", "PushBridgeVendors"],
    ]

    /// The folders that hold modules: every folder under `Sources/`, and the conformance runner.
    static let moduleParents = ["Sources"]
    static let extraModuleFolders = ["Conformance/Runner"]

    /// The module named by each `import` line of `source` (`import X`, `@testable import X`,
    /// `@_exported import X`, `public import X`, `import struct X.Y`), in order.
    static func imports(in source: String) -> [String] {
        var modules: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            while let first = words.first, first.hasPrefix("@") || accessWords.contains(String(first)) {
                words = words.dropFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            words = words.dropFirst()
            if words.count >= 2, declarationKinds.contains(String(words.first!)) { words = words.dropFirst() }
            let path = words.first!
            modules.append(String(path.split(separator: ".").first ?? path))
        }
        return modules
    }

    private static let accessWords: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
    private static let declarationKinds: Set<String> = [
        "struct", "class", "enum", "protocol", "func", "var", "let", "typealias",
    ]

    /// Each forbidden arrow in `files` (module folder → file path relative to it → text), as
    /// `"<file>: <module> imports <other>"`, sorted.
    static func violations(_ files: [String: [String: String]]) -> [String] {
        var found: [String] = []
        for (folder, texts) in files {
            guard let module = modules[folder] else {
                found.append("\(folder): a module folder the layering does not know")
                continue
            }
            let permitted = allowed[module] ?? []
            for (path, text) in texts {
                for imported in imports(in: text) where !permitted.contains(imported) {
                    found.append("\(folder)/\(path): \(module) imports \(imported)")
                }
            }
        }
        return found.sorted()
    }
}

/// The package root (this file is `Tests/ArchitectureTests/ImportDirectionTests.swift`).
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// Every module folder on disk with its Swift files' text, keyed by path inside the folder.
private func moduleFolders() throws -> [String: [String: String]] {
    let manager = FileManager.default
    var folders = Layering.extraModuleFolders
    for parent in Layering.moduleParents {
        for name in try manager.contentsOfDirectory(atPath: packageRoot + "/" + parent).sorted() {
            var isDirectory: ObjCBool = false
            let path = parent + "/" + name
            if manager.fileExists(atPath: packageRoot + "/" + path, isDirectory: &isDirectory), isDirectory.boolValue {
                folders.append(path)
            }
        }
    }
    var result: [String: [String: String]] = [:]
    for folder in folders {
        var texts: [String: String] = [:]
        let enumerator = manager.enumerator(atPath: packageRoot + "/" + folder)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            texts[relative] = try String(contentsOfFile: packageRoot + "/" + folder + "/" + relative, encoding: .utf8)
        }
        result[folder] = texts
    }
    return result
}

@Suite("Import direction: each module imports only what the layering allows")
struct ImportDirectionTests {
    @Test("every source file imports only modules its module may import, and every module folder is known")
    func sourcesFollowTheLayering() throws {
        let folders = try moduleFolders()
        #expect(Set(folders.keys) == Set(Layering.modules.keys), "module folders on disk and in the layering")
        #expect(folders.values.allSatisfy { !$0.isEmpty }, "every module folder holds Swift files")
        let found = Layering.violations(folders)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("an import the layering does not allow, or a folder it does not know, is reported")
    func violationsAreFound() {
        let files: [String: [String: String]] = [
            "Sources/PushBridge": ["A.swift": "import PushBridgeSystem\nimport Foundation\n"],
            "Sources/Vendors": ["B.swift": "@testable import PushBridgeDelivery\nimport PushBridge\n"],
            "Sources/PushBridgeTools": ["C.swift": "    import struct PushBridgeOutbox.ReceiptOutbox\n"],
            "Sources/Elsewhere": ["D.swift": "import PushBridge\n"],
        ]
        #expect(Layering.violations(files) == [
            "Sources/Elsewhere: a module folder the layering does not know",
            "Sources/PushBridge/A.swift: PushBridge imports Foundation",
            "Sources/PushBridgeTools/C.swift: PushBridgeTools imports PushBridgeOutbox",
            "Sources/Vendors/B.swift: PushBridgeVendors imports PushBridgeDelivery",
        ])
    }

    @Test("import lines are read in every form the sources use, and nothing else is taken for one")
    func importLinesAreRead() {
        let text = """
            #if canImport(Glibc)
            @_exported import Glibc
            #endif
            @preconcurrency public import Dispatch
            import enum PushBridge.JSONValue
            // import Foundation
            let important = "import UIKit"
            """
        #expect(Layering.imports(in: text) == ["Glibc", "Dispatch", "PushBridge"])
    }
}
