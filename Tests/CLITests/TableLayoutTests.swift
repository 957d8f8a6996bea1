import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// Runs bridge-cli with `COLUMNS` set, as a terminal of that width would.
private func runCLI(_ arguments: [String], columns: Int) throws -> CLIResult {
    let cli = try #require(CLI.executable)
    return try Subprocess.run("/usr/bin/env", ["COLUMNS=\(columns)", cli] + arguments)
}

@Suite("Terminal tables with many vendors")
struct TableLayoutTests {
    @Test("events --table wider than the terminal is cut into tables that each fit and keep the kind column")
    func eventsWrap() throws {
        let result = try runCLI(["events", "--table"], columns: 60)
        #expect(result.status == 0)
        let blocks = result.stdout.split(separator: "\n\n", omittingEmptySubsequences: true)
        #expect(blocks.count >= 2)
        for block in blocks {
            let lines = block.split(separator: "\n")
            #expect(lines.first?.hasPrefix("kind ") == true)
            #expect(lines.count == 2 + ReceiptKind.allCases.count)
            // A block may exceed the width only when it holds a single vendor column.
            let header = lines[0].split(separator: " ", omittingEmptySubsequences: true)
            #expect(lines.allSatisfy { $0.count <= 60 } || header.count == 2, "\(block)")
        }
        // Every vendor appears exactly once across the blocks, the real vendors first (as tables list them).
        let names = blocks.flatMap { $0.split(separator: "\n")[0].split(separator: " ").dropFirst().map(String.init) }
        let order = BuiltInVendors.realFirst(BuiltInVendors.all)
        #expect(names == order.map(\.name).flatMap { $0.split(separator: " ").map(String.init) })
    }

    @Test("a wide terminal gets one table")
    func oneTableWhenWide() throws {
        let result = try runCLI(["events", "--table"], columns: 1000)
        #expect(!result.stdout.contains("\n\n"))
    }

    @Test("events --vendors lists only the named vendors, in the order given; an unknown one is a usage error")
    func eventsVendors() throws {
        let result = try CLI.run(["events", "--vendors", "pushnotifai,zixflow"])
        #expect(try result.stdoutJSONLines().map { $0["vendor"] } == ["pushnotifai", "zixflow"])
        let table = try CLI.run(["events", "--table", "--vendors", "appdna"]).stdout
        #expect(table.split(separator: "\n")[0].split(separator: " ").map(String.init) == ["kind", "AppDNA"])
        let unknown = try CLI.run(["events", "--vendors", "nope"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown vendor 'nope'"))
    }

    @Test("vendors --table: one row per vendor with its capabilities")
    func vendorsTable() throws {
        let result = try runCLI(["vendors", "--table"], columns: 200)
        #expect(result.status == 0)
        // The capability table, a blank line, then one row per setting.
        let tables = result.stdout.split(separator: "\n\n")
        let lines = tables[0].split(separator: "\n")
        #expect(lines.count == 2 + BuiltInVendors.all.count)
        // Tables list the real vendors first (docs/DECISIONS.md "Tables list the real vendors first").
        let order = BuiltInVendors.realFirst(BuiltInVendors.all)
        let settings = order.flatMap { adapter in adapter.profile.settings.map { adapter.id + "." + $0.name } }
        #expect(tables.count == 2)
        #expect(tables.last?.split(separator: "\n").dropFirst(2).map { String($0.prefix { $0 != " " }) } == settings)
        #expect(lines[0].hasPrefix("id "))
        for (line, adapter) in zip(lines.dropFirst(2), order) {
            #expect(line.hasPrefix(adapter.id + " "))
            #expect(line.contains(" \(adapter.capabilities.maxButtons) "))
            #expect(line.hasSuffix(adapter.capabilities.buttonRouting.rawValue))
        }
    }
}

@Suite("Terminal tables: output to a pipe")
struct TableToPipeTests {
    @Test("without COLUMNS, output to a pipe is one table however wide")
    func pipeIsOneTable() throws {
        let cli = try #require(CLI.executable)
        let result = try Subprocess.run("/usr/bin/env", ["-u", "COLUMNS", cli, "events", "--table"])
        #expect(!result.stdout.contains("\n\n"))
        #expect(result.stdout.split(separator: "\n").count == 2 + ReceiptKind.allCases.count)
    }
}

@Suite("Terminal tables: the real vendors first")
struct TableVendorOrderTests {
    /// The seed vendors, which tables list after every real one.
    static let seeds: Set<String> = ["zixflow", "buzzkit", "appdna", "pushnotifai"]
    /// Their display names.
    static let seedNames: Set<String> = ["Zixflow", "BuzzKit", "AppDNA", "PushNotifAI"]

    /// Checks that `ids` holds every built-in vendor once, OneSignal first and no seed vendor before a real one.
    static func expectRealFirst(_ ids: [String], seeds: Set<String>, first: String,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(ids.count == BuiltInVendors.all.count, "\(ids)", sourceLocation: sourceLocation)
        #expect(ids.first == first, "\(ids)", sourceLocation: sourceLocation)
        let firstSeed = ids.firstIndex { seeds.contains($0) } ?? ids.count
        #expect(ids[firstSeed...].allSatisfy { seeds.contains($0) }, "\(ids)", sourceLocation: sourceLocation)
        #expect(ids.count - firstSeed == seeds.count, "\(ids)", sourceLocation: sourceLocation)
    }

    @Test("vendors --table lists onesignal first and the seed vendors last; the JSON lines keep registration order")
    func vendorsTable() throws {
        let table = try CLI.run(["vendors", "--table"]).stdout.split(separator: "\n\n")[0]
        let ids = table.split(separator: "\n").dropFirst(2).map { String($0.prefix { $0 != " " }) }
        Self.expectRealFirst(ids, seeds: Self.seeds, first: "onesignal")
        let json = try CLI.run(["vendors"]).stdoutJSONLines().compactMap { $0["id"]?.stringValue }
        #expect(json == BuiltInVendors.all.map(\.id))
        #expect(json.first == "zixflow")
    }

    @Test("events --table and compare --table put the real vendors' columns first; --vendors keeps its order")
    func columns() throws {
        let events = try CLI.run(["events", "--table"]).stdoutLines[0]
        // Display names hold spaces ("Firebase Cloud Messaging"): the columns are found by the seed names' places.
        let eventNames = events.split(separator: " ").dropFirst().map(String.init)
        #expect(eventNames.first == "OneSignal", "\(events)")
        #expect(Set(eventNames.suffix(4)) == Self.seedNames, "\(events)")
        let custom = Fixtures.payloadPath("zixflow-custom.json")
        let compare = try CLI.run(["compare", "--table", custom])
        let headers = compare.stdout.components(separatedBy: "\n\n").map { $0.split(separator: "\n")[0] }
        let ids = headers.flatMap { $0.split(separator: " ").dropFirst().map(String.init) }
        Self.expectRealFirst(ids, seeds: Self.seeds, first: "onesignal")
        let listed = try CLI.run(["compare", "--table", "--vendors", "zixflow,braze", custom]).stdoutLines[0]
        #expect(listed.split(separator: " ").map(String.init) == ["field", "zixflow", "braze"])
        let json = try CLI.run(["compare", custom]).stdoutJSON()["vendors"]?.arrayValue?.compactMap { $0["vendor"]?.stringValue }
        #expect(json == BuiltInVendors.all.map(\.id))
        let eventsJSON = try CLI.run(["events"]).stdoutJSONLines().compactMap { $0["vendor"]?.stringValue }
        #expect(eventsJSON == BuiltInVendors.all.map(\.id))
    }
}
