import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

@Suite("bridge-cli compare")
struct CompareCommandTests {
    private let custom = Fixtures.payloadPath("zixflow-custom.json")

    @Test("prints one JSON object: the source, its bridge form and the notification under every vendor")
    func json() throws {
        let result = try CLI.run(["compare", custom])
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == 1)
        let comparison = try result.stdoutJSON()
        #expect(comparison["source"] == "zixflow")
        #expect(comparison["bridge"] == (try CLI.run(["normalize", custom]).stdoutJSON()))
        let vendors = try #require(comparison["vendors"]?.arrayValue)
        let ids = Set(vendors.compactMap { $0["vendor"]?.stringValue })
        #expect(ids == Set(BuiltInVendors.all.map(\.id)))
        #expect(vendors.count == BuiltInVendors.all.count)
        for vendor in vendors {
            #expect(vendor["userInfo"]?.objectValue != nil)
            #expect(vendor["losses"]?.arrayValue != nil)
        }
    }

    @Test("the Zixflow column equals translate --to zixflow and loses nothing")
    func sameVendorColumn() throws {
        let comparison = try CLI.run(["compare", custom]).stdoutJSON()
        let zixflow = try #require(comparison["vendors"]?.arrayValue?.first { $0["vendor"] == "zixflow" })
        #expect(zixflow["userInfo"] == (try CLI.run(["translate", "--to", "zixflow", custom]).stdoutJSON()))
        #expect(zixflow["losses"] == [])
    }

    @Test("the PushNotifAI column lists the losses translate --report prints")
    func lossesMatchTranslate() throws {
        let comparison = try CLI.run(["compare", custom]).stdoutJSON()
        let column = try #require(comparison["vendors"]?.arrayValue?.first { $0["vendor"] == "pushnotifai" })
        let reported = try CLI.run(["translate", "--to", "pushnotifai", "--report", custom]).stderrRecords(type: "loss")
        #expect(column["losses"] == .array(reported))
        #expect(column["userInfo"] == (try CLI.run(["translate", "--to", "pushnotifai", custom]).stdoutJSON()))
    }

    @Test("--vendors picks the columns, in the order given")
    func vendorsOption() throws {
        let comparison = try CLI.run(["compare", "--vendors", "pushnotifai,zixflow", custom]).stdoutJSON()
        #expect(comparison["vendors"]?.arrayValue?.map { $0["vendor"] } == ["pushnotifai", "zixflow"])
    }

    @Test("reads - from stdin")
    func stdin() throws {
        let fromStdin = try CLI.run(["compare", "-"], stdin: try Fixtures.payloadBytes("zixflow-custom.json"))
        #expect(fromStdin.status == 0)
        #expect(fromStdin.stdout == (try CLI.run(["compare", custom]).stdout))
    }

    @Test("--table renders a header with every vendor and one row per bridge-form field")
    func table() throws {
        let result = try CLI.run(["compare", "--table", custom])
        #expect(result.status == 0)
        let lines = result.stdoutLines
        // More vendors than fit in 100 columns: several tables, each headed by the field column.
        let headers = lines.filter { $0.hasPrefix("field ") }
        #expect(headers.first == lines.first)
        let ids = headers.flatMap { $0.split(separator: " ").dropFirst().map(String.init) }
        #expect(Set(ids) == Set(BuiltInVendors.all.map(\.id)) && ids.count == BuiltInVendors.all.count, "\(headers)")
        #expect(lines.contains { $0.hasPrefix("alert.title ") })
        #expect(lines.contains { $0.hasPrefix("buttons[0].title ") })
        // large_icon_url exists only for Zixflow.
        let seeds = try CLI.run(["compare", "--table", "--vendors", "zixflow,buzzkit,appdna,pushnotifai", custom])
        let icon = try #require(seeds.stdoutLines.first { $0.hasPrefix("ignored.large_icon_url ") })
        #expect(icon.components(separatedBy: "✗ lost").count - 1 == 3, "\(icon)")
    }

    @Test("--table fits in 100 columns per line")
    func tableWidth() throws {
        let result = try CLI.run(["compare", "--table", custom])
        #expect(result.status == 0)
        #expect(result.stdoutLines.count > 10)
        let wide = result.stdoutLines.filter { $0.count > 100 }
        #expect(wide.isEmpty, "\(wide.map { "\($0.count): \($0)" }.joined(separator: "\n"))")
    }

    @Test("--table gives every row a distinct field label")
    func tableLabelsDistinct() throws {
        let result = try CLI.run(["compare", "--table", custom])
        // More vendors than fit in 100 columns are printed as several tables, each with every field once.
        for block in result.stdout.components(separatedBy: "\n\n") {
            let lines = block.split(separator: "\n").dropFirst(2)
            let labels = lines.compactMap { $0.split(separator: " ").first.map(String.init) }
            let repeated = Dictionary(grouping: labels, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(repeated.isEmpty, "\(repeated)")
        }
    }

    @Test("--table marks the source's delivery token as lost in the other vendors' columns")
    func tableMarksLostTracking() throws {
        // translate --report lists $.tracking["Zixflow-Delivery-ID"] and ["Zixflow-Delivery-Token"] as lost for
        // every other vendor; the table should say so.
        let result = try CLI.run(["compare", "--table", "--vendors", "zixflow,buzzkit,appdna,pushnotifai", custom])
        let rows = result.stdoutLines.filter { $0.hasPrefix("tracking") }
        #expect(rows.count == 2)
        // The delivery id travels on as each vendor's message id; the token is lost everywhere else.
        let token = try #require(rows.first { $0.contains("Token") || $0.contains("…") && !$0.contains("ID") })
        #expect(token.components(separatedBy: "✗ lost").count - 1 == 3, "\(token)")
        let id = try #require(rows.first { $0 != token })
        #expect(!id.contains("✗ lost"), "\(id)")
    }

    @Test("--table cuts long cells and field names; --table --wide shows them whole; --wide alone is a usage error")
    func wideTable() throws {
        let image = "https://cdn.yourapp.com/banner.png"
        let token = #"tracking["Zixflow-Delivery-Token"]"#
        let clipped = try CLI.run(["compare", "--table", "--vendors", "zixflow,onesignal", custom])
        #expect(clipped.status == 0)
        #expect(!clipped.stdout.contains(image) && !clipped.stdout.contains(token), "\(clipped)")
        #expect(clipped.stdoutLines.contains { $0.hasPrefix("imageURL ") && $0.contains("…") }, "\(clipped)")
        let wide = try CLI.run(["compare", "--table", "--wide", "--vendors", "zixflow,onesignal", custom])
        #expect(wide.status == 0)
        // Each column holds the value whole, in each table the columns are laid out in.
        let imageRows = wide.stdoutLines.filter { $0.hasPrefix("imageURL ") }
        #expect(imageRows.count == 2 && imageRows.allSatisfy { $0.hasSuffix(image) && !$0.contains("…") }, "\(wide)")
        let tokenRows = wide.stdoutLines.filter { $0.hasPrefix(token + " ") }
        #expect(tokenRows.map { $0.split(separator: " ").last.map(String.init) } == ["dcFRlDhiRbehM1vg...", "lost"], "\(wide)")
        #expect(!wide.stdout.contains("…"), "\(wide)")
        let alone = try CLI.run(["compare", "--wide", custom])
        #expect(alone.status == 2)
        #expect(alone.stdout.isEmpty)
        #expect(alone.stderr.contains("--wide goes with --table"), "\(alone)")
    }

    @Test("an unknown vendor in --vendors is a usage error; an unclaimed payload exit 3")
    func errors() throws {
        let unknown = try CLI.run(["compare", "--vendors", "zixflow,nosuch", custom])
        #expect(unknown.status == 2)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderrLines.count == 1)
        let unclaimed = try CLI.run(["compare", "-"], stdin: "{}")
        #expect(unclaimed.status == 3)
        #expect(unclaimed.stdout.isEmpty)
    }
}
