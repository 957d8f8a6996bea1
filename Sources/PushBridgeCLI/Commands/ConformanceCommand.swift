import PushBridge
import PushBridgeConformance
import PushBridgeSystem

enum ConformanceCommand: Command {
    static let name = "conformance"
    static let summary = "Run the conformance suite (cases and laws) against the registered vendors"
    static let help = """
        Usage: bridge-cli conformance [--vendor ID] [--cases DIR]

        Runs every case file (*.json) under DIR, or only the cases of vendor ID, against every registered
        adapter. DIR defaults to the Conformance/cases of the package bridge-cli was built from (the first
        folder holding one above the executable, else above its sources as compiled), from any working
        directory; without such a package, Conformance/cases under the current directory. It checks the laws
        of WIRE-FORMATS §9 on each case's payload. Prints one line per failure, then known issues, and last the
        line "N passed, N failed". Exit 1 when anything failed, and when nothing ran: a DIR with no case
        file, or no case for vendor ID, is a failure, and so is a case for a vendor bridge-cli does not
        know (it runs the vendors it was built with; a tool of your own, BridgeCLI.main(vendors:), runs yours).
        """
    static let valuedOptions: Set<String> = ["vendor", "cases"]
    static let flagOptions: Set<String> = []

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        guard arguments.positionals.isEmpty else { throw .usage("conformance takes no input file (use --cases DIR)") }
        let vendor = try knownVendor(arguments.value("vendor"))
        let directory = arguments.value("cases") ?? packageCasesDirectory() ?? casesFolder
        let report: ConformanceReport
        do throws(ConformanceLoadError) {
            report = try ConformanceSuite(adapters: registry.adapters).run(casesDirectory: directory, vendor: vendor)
        } catch {
            throw CLIError(code: .unreadableInput, message: "cannot read the cases directory: \(error)")
        }
        if report.failures.contains(where: { $0.check == .unregisteredVendor }) {
            let known = registry.ids.joined(separator: ", ")
            stderrStream.write(
                "bridge-cli conformance: this bridge-cli runs the vendors it was built with (\(known));"
                    + " register another adapter in a tool of your own, BridgeCLI.main(vendors:), or run its cases"
                    + " with ConformanceSuite(adapters:) from its package's tests\n")
        }
        stdoutStream.write(report.description + "\n")
        return report.isPassing ? .success : .problems
    }

    /// Where a package keeps its cases, relative to the package's root.
    static let casesFolder = "Conformance/cases"

    /// This source file's path when bridge-cli was compiled: inside the package whose cases it runs.
    static let sourcePath = #filePath

    /// The ``casesFolder`` of the package this bridge-cli was built from: the nearest among the ancestors of the
    /// executable (`.build/debug/bridge-cli` sits in the package), then among those of this source file as
    /// it was compiled (`#filePath`, for a binary copied elsewhere); nil when neither has one.
    static func packageCasesDirectory(executable: String? = executablePath(), source: String = sourcePath) -> String? {
        for start in [executable, source].compactMap({ $0 }) {
            for folder in ancestors(of: start) {
                let candidate = (folder == "/" ? "" : folder) + "/" + casesFolder
                if isDirectory(candidate) { return candidate }
            }
        }
        return nil
    }

    /// The running executable's absolute path, symbolic links resolved: `/proc/self/exe` where there is one,
    /// else the program's name when it is a path; nil when neither tells.
    static func executablePath() -> String? {
        for path in ["/proc/self/exe", CommandLine.arguments.first ?? ""] where path.contains("/") {
            if let resolved = realpath(path, nil) {
                defer { free(resolved) }
                return String(cString: resolved)
            }
        }
        return nil
    }

    /// The folders above an absolute `path`, nearest first, ending with `/`; none for a relative path.
    static func ancestors(of path: String) -> [String] {
        guard path.hasPrefix("/") else { return [] }
        var parts = path.split(separator: "/").map(String.init)
        var folders: [String] = []
        while !parts.isEmpty {
            parts.removeLast()
            folders.append("/" + parts.joined(separator: "/"))
        }
        return folders
    }

    /// Whether `path` names a directory (following links).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR)
    }
}
