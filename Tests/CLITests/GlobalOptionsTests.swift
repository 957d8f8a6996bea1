import PushBridge
import PushBridgeTestSupport
import Testing

@Suite("bridge-cli --version and --quiet")
struct GlobalOptionsTests {
    /// The version the source declares: the string literal of `bridgeCLIVersion` in its one home.
    static func declaredVersion() throws -> String {
        let path = TestPaths.packageRoot + "/Sources/PushBridgeCLI/Support/Version.swift"
        let text = String(decoding: try TestPaths.readBytes(path), as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("let bridgeCLIVersion = \"") })
        return String(line.split(separator: "\"")[1])
    }

    @Test("--version and version print one line 'bridge-cli <version>', the version the source declares, exit 0")
    func version() throws {
        let declared = try Self.declaredVersion()
        #expect(declared.split(separator: ".").count == 3 && declared.split(separator: ".").allSatisfy { Int($0) != nil },
                "\(declared)")
        for arguments in [["--version"], ["version"], ["--quiet", "--version"]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stdout == "bridge-cli \(declared)\n", "\(arguments): \(result)")
            #expect(result.stderr.isEmpty)
        }
        let extra = try CLI.run(["--version", "x.json"])
        #expect(extra.status == 2)
        #expect(extra.stdout.isEmpty)
    }

    /// The Zixflow example with a badge that is text: a warning (`badge-not-integer`) beside the info about
    /// `large_icon_url`.
    static func warnedPayload() throws -> String {
        var userInfo = try Fixtures.payload("zixflow-custom.json")
        var aps = try #require(userInfo["aps"]?.objectValue)
        aps["badge"] = "7"
        userInfo["aps"] = .object(aps)
        return JSONWriter.string(.object(userInfo))
    }

    @Test("--quiet, before or after the command, leaves info diagnostics out of stderr and keeps warnings; stdout is unchanged",
          arguments: [["simulate", "--steps", "open", "-"], ["translate", "--to", "braze", "--report", "-"],
                      ["compare", "--table", "-"], ["translate", "--jsonl", "--to", "onesignal", "-"]])
    func quiet(arguments: [String]) throws {
        let payload = try Self.warnedPayload()
        let loud = try CLI.run(arguments, stdin: payload)
        #expect(loud.status == 0, "\(loud)")
        let diagnostics = try loud.stderrRecords(type: "diagnostic")
        #expect(diagnostics.contains { $0["severity"] == "info" }, "\(loud)")
        #expect(diagnostics.contains { $0["severity"] == "warning" }, "\(loud)")
        let kept = try loud.stderrJSONLines().filter { $0["severity"] != "info" }
        for quietArguments in [["--quiet"] + arguments, [arguments[0], "--quiet"] + arguments.dropFirst()] {
            let quiet = try CLI.run(quietArguments, stdin: payload)
            #expect(quiet.status == 0, "\(quietArguments): \(quiet)")
            #expect(quiet.stdout == loud.stdout, "\(quietArguments)")
            #expect(try quiet.stderrJSONLines() == kept, "\(quietArguments): \(quiet)")
        }
    }

    @Test("--quiet keeps errors: a usage error is still printed, with its exit code")
    func quietKeepsErrors() throws {
        let result = try CLI.run(["--quiet", "translate", "-"], stdin: "{}")
        #expect(result.status == 2)
        #expect(result.stderr.contains("translate needs --to ID"), "\(result)")
    }
}
