import Foundation
import PushBridgeTestSupport
import Testing

/// The commands `bridge-cli --help` lists: the first words of the lines between "Commands:" and the next blank line.
private func listedCommands(_ help: String) -> [String] {
    CLIResult.lines(help).drop { $0 != "Commands:" }.dropFirst().prefix { !$0.isEmpty }
        .compactMap { $0.split(separator: " ").first.map(String.init) }
}

@Suite("bridge-cli --help")
struct HelpTests {
    @Test("the tool's help, by --help, -h or help, exits 0 and prints its golden on stdout, byte for byte")
    func toolHelp() throws {
        for flag in ["--help", "-h", "help"] {
            #expect(try GoldenFile.expectRun([flag], prints: "help.txt").stderr.isEmpty)
        }
    }

    @Test("the tool's help names the exit codes")
    func exitCodesDocumented() throws {
        let help = try CLI.run(["--help"]).stdout
        for code in ["0", "1", "2", "3", "65", "66"] { #expect(help.contains(" \(code) "), "exit code \(code)") }
    }

    @Test("every command the tool's help lists prints its golden for --help, -h and help COMMAND, and no golden is left over")
    func commandHelp() throws {
        let commands = listedCommands(try CLI.run(["--help"]).stdout)
        try #require(!commands.isEmpty, "no commands in bridge-cli --help")
        for name in commands {
            for arguments in [[name, "--help"], [name, "-h"], ["help", name]] {
                let result = try GoldenFile.expectRun(arguments, prints: "help/\(name).txt")
                #expect(result.stderr.isEmpty)
                #expect(result.stdout.hasPrefix("Usage: bridge-cli \(name)"), "\(result)")
            }
        }
        let goldens = try FileManager.default.contentsOfDirectory(
            atPath: TestPaths.packageRoot + "/" + GoldenFile.folder + "/help")
        for golden in goldens where !commands.contains(String(golden.dropLast(".txt".count))) {
            Issue.record("\(GoldenFile.folder)/help/\(golden) is for no listed command: run \(GoldenFile.script)")
        }
    }

    @Test("--help wins over otherwise invalid arguments")
    func helpWinsOverBadArguments() throws {
        let result = try CLI.run(["translate", "--bogus", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Usage: bridge-cli translate"))
    }

    @Test("simulate --help lists every option")
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
        GoldenFile.expect(result.stderrBytes, equals: "no-arguments.txt", from: "bridge-cli")
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
