import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

@Suite("bridge-cli events")
struct EventsCommandTests {
    @Test("prints one JSON line per vendor with its receipt table")
    func oneLinePerVendor() throws {
        let lines = try CLI.jsonLines(["events"])
        #expect(lines.compactMap { $0["vendor"]?.stringValue } == BuiltInVendors.all.map(\.id))
        for line in lines {
            let events = try #require(line["events"]?.arrayValue, "\(line)")
            for event in events {
                #expect(event["kind"]?.stringValue != nil)
                #expect(event["event"]?.stringValue?.isEmpty == false)
                #expect(event["when"]?.stringValue != nil)
                #expect(event["properties"]?.arrayValue != nil)
            }
        }
    }

    @Test("Zixflow's table: Delivered, Opened, then Push Notification Action Clicked with the action properties")
    func zixflowTable() throws {
        let lines = try CLI.run(["events"]).stdoutJSONLines()
        let zixflow = try #require(lines.first { $0["vendor"] == "zixflow" })
        #expect(zixflow["name"] == "Zixflow")
        let events = try #require(zixflow["events"]?.arrayValue)
        #expect(events.map { $0["kind"] } == ["delivered", "opened", "actionClicked"])
        #expect(events.map { $0["event"] } == ["Delivered", "Opened", "Push Notification Action Clicked"])
        let ids: [JSONValue] = ["Zixflow-Delivery-ID", "Zixflow-Delivery-Token"]
        #expect(events[0]["properties"] == .array(ids))
        #expect(events[1]["properties"] == .array(ids))
        let actionProperties: [JSONValue] = ["action_index", "action_name", "action_deeplink", "action_id"]
        #expect(events[2]["properties"] == .array(ids + actionProperties))
    }

    @Test("--vendor zixflow prints exactly one line, Zixflow's")
    func oneVendor() throws {
        let result = try CLI.run(["events", "--vendor", "zixflow"])
        #expect(result.status == 0)
        let lines = try result.stdoutJSONLines()
        #expect(lines.count == 1)
        #expect(lines.first?["vendor"] == "zixflow")
        #expect(lines.first == (try CLI.run(["events"]).stdoutJSONLines().first { $0["vendor"] == "zixflow" }))
    }

    @Test("--table renders a header of vendor names, a rule, and one row per receipt kind")
    func table() throws {
        let result = try CLI.run(["events", "--table"])
        #expect(result.status == 0)
        let lines = result.stdoutLines
        let header = try #require(lines.first)
        #expect(header.hasPrefix("kind"))
        for name in ["Zixflow", "BuzzKit", "AppDNA", "PushNotifAI"] { #expect(header.contains(name), "\(header)") }
        #expect(lines.count >= 2 && lines[1].allSatisfy { $0 == "-" || $0 == " " })
        let kinds = lines.dropFirst(2).compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(kinds == ["delivered", "opened", "actionClicked", "dismissed", "deepLinkOpened", "actionTriggered"])
        let actionRow = try #require(lines.first { $0.hasPrefix("actionClicked") })
        #expect(actionRow.contains("Push Notification Action Clicked"))
        #expect(try #require(lines.first { $0.hasPrefix("delivered") }).contains("Delivered"))
        // Not JSON: the table is for a terminal.
        #expect((try? result.stdoutJSONLines()) == nil)
    }

    @Test("--table --vendor zixflow has one vendor column")
    func tableOneVendor() throws {
        let result = try CLI.run(["events", "--table", "--vendor", "zixflow"])
        #expect(result.status == 0)
        let header = try #require(result.stdoutLines.first)
        #expect(header.split(separator: " ", omittingEmptySubsequences: true) == ["kind", "Zixflow"])
    }

    @Test("an unknown --vendor or an input argument is a usage error",
          arguments: [["--vendor", "nosuch"], ["file.json"]])
    func usageErrors(arguments: [String]) throws {
        let result = try CLI.run(["events"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
    }
}
