import PushBridge
import PushBridgeConformance

enum ConformanceCommand: Command {
    static let name = "conformance"
    static let summary = "Run the conformance suite (cases and laws) against the registered vendors"
    static let help = """
        Usage: bridge-cli conformance [--vendor ID] [--cases DIR]

        Runs every case file (*.json) under DIR (default: Conformance/cases, relative to the current
        directory), or only the cases of vendor ID, against every registered adapter, and checks the laws
        of WIRE-FORMATS §9 on each case's payload. Prints one line per failure, then known issues, and last the
        line "N passed, N failed". Exit 1 when anything failed, and when nothing ran: a DIR with no case
        file, or no case for vendor ID, is a failure, and so is a case for a vendor bridge-cli does not
        know (it runs the built-in vendors only; run your own adapter's cases from your package's tests).
        """
    static let valuedOptions: Set<String> = ["vendor", "cases"]
    static let flagOptions: Set<String> = []

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        guard arguments.positionals.isEmpty else { throw .usage("conformance takes no input file (use --cases DIR)") }
        let vendor = try knownVendor(arguments.value("vendor"))
        let directory = arguments.value("cases") ?? "Conformance/cases"
        let report: ConformanceReport
        do throws(ConformanceLoadError) {
            report = try ConformanceSuite(adapters: registry.adapters).run(casesDirectory: directory, vendor: vendor)
        } catch {
            throw CLIError(code: .unreadableInput, message: "cannot read the cases directory: \(error)")
        }
        if report.failures.contains(where: { $0.check == .unregisteredVendor }) {
            let builtIn = registry.ids.joined(separator: ", ")
            stderrStream.write(
                "bridge-cli conformance: bridge-cli runs the built-in vendors only (\(builtIn));"
                    + " run another adapter's cases with ConformanceSuite(adapters:) from its package's tests\n")
        }
        stdoutStream.write(report.description + "\n")
        return report.isPassing ? .success : .problems
    }
}
