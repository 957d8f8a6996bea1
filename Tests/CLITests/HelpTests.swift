import PushBridgeTestSupport
import Testing

/// The commands of the README's bridge-cli table.
private let commandNames = [
    "vendors", "detect", "normalize", "translate", "compare", "preview", "simulate", "events", "validate",
    "conformance",
]

@Suite("bridge-cli --help")
struct HelpTests {
    @Test("the tool's help exits 0 and prints the usage and every command on stdout",
          arguments: ["--help", "-h", "help"])
    func toolHelp(flag: String) throws {
        let result = try CLI.run([flag])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("Usage: bridge-cli <command>"))
        let listed = result.stdoutLines.compactMap { line -> String? in
            guard line.hasPrefix("  ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
        for name in commandNames { #expect(listed.contains(name), "\(name) is not listed") }
    }

    @Test("the tool's help names the exit codes of WIRE-FORMATS §8")
    func exitCodesDocumented() throws {
        let help = try CLI.run(["--help"]).stdout
        for code in ["0", "1", "2", "3", "65", "66"] { #expect(help.contains(" \(code) "), "exit code \(code)") }
    }

    @Test("every command's --help (and -h) exits 0 and prints its usage on stdout", arguments: commandNames)
    func commandHelp(name: String) throws {
        for flag in ["--help", "-h"] {
            let result = try CLI.run([name, flag])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            #expect(result.stdout.hasPrefix("Usage: bridge-cli \(name)"), "\(result)")
        }
    }

    @Test("'help COMMAND' prints the same text as 'COMMAND --help'", arguments: commandNames)
    func helpTopic(name: String) throws {
        let topic = try CLI.run(["help", name])
        #expect(topic.status == 0)
        #expect(topic.stdout == (try CLI.run([name, "--help"]).stdout))
    }

    @Test("--help wins over otherwise invalid arguments")
    func helpWinsOverBadArguments() throws {
        let result = try CLI.run(["translate", "--bogus", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Usage: bridge-cli translate"))
    }

    @Test("simulate --help lists every option the README names")
    func simulateOptions() throws {
        let help = try CLI.run(["simulate", "--help"]).stdout
        let options = [
            "--steps", "--device-token", "--user-text", "--delegate-accepts", "--closure", "--register-action",
            "--buffer", "--vendor",
        ]
        for option in options {
            #expect(help.contains(option), "\(option)")
        }
    }

    @Test("no arguments: a usage error, the usage in its one line on stderr, nothing on stdout, exit 2")
    func noArguments() throws {
        let result = try CLI.run([])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Usage: bridge-cli"))
        #expect(result.stderrLines.count == 1, "\(result)")
    }

    @Test("an error naming input with a line break or other control character is still one line on stderr",
          arguments: [
              (["detect", "a\nb.json"], 66), (["translate", "--to", "zz\ryy", "-"], 2), (["fo\no"], 2),
              (["simulate", "--steps", "open,bo\u{2028}gus", "-"], 2), (["normalize", "--vendor", "x\u{1B}[2J", "-"], 2),
          ] as [([String], Int32)])
    func errorStaysOneLine(arguments: [String], status: Int32) throws {
        let result = try CLI.run(arguments, stdin: "{}")
        #expect(result.status == status)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(!result.stderr.unicodeScalars.dropLast().contains { $0.properties.generalCategory == .control
            || $0 == "\u{2028}" })
    }

    @Test("an unknown command or option is a usage error: exit 2, one line on stderr, nothing on stdout",
          arguments: [
              ["frobnicate"], ["normalize", "--bogus", "x.json"], ["normalize", "--pretty=yes", "x.json"], ["detect", "-x"],
              ["validate", "-vendor"],
          ])
    func unknownCommandOrOption(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
    }
}
