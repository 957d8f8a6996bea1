import Foundation
import PushBridge
import PushBridgeSystem
import PushBridgeTestSupport
import PushBridgeTools
import PushBridgeVendors
import Testing

/// `bridge-cli preview` without a browser: options, outputs, exit codes, and the page's markup as written.
@Suite("bridge-cli preview")
struct PreviewCommandTests {
    private let custom = Fixtures.payloadPath("zixflow-custom.json")
    private static let hostileCorpus = TestPaths.packageRoot + "/Tests/PreviewCorpus/hostile.jsonl"

    @Test("--out - prints one HTML page on stdout with a strict Content-Security-Policy and no script or link")
    func stdoutPage() throws {
        let result = try CLI.run(["preview", "--out", "-", custom])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(result.stdout.contains(
            "content=\"default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; img-src &#39;none&#39;;"))
        let page = RenderedDOM.parse(result.stdout)
        #expect(page.all(tag: "script").isEmpty)
        #expect(page.all(tag: "a").isEmpty)
        #expect(page.all(tag: "img").isEmpty)
        #expect(page.all(class: "vendor").map { $0["data-vendor"] } == BuiltInVendors.all.map { .some($0.id) })
    }

    @Test("without --out the page goes to preview.html in the working directory, and stdout stays empty")
    func defaultOutput() throws {
        let scratch = try Scratch("preview-default")
        let result = try CLI.run(["preview", custom], in: scratch.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        let written = try String(contentsOfFile: scratch.file("preview.html"), encoding: .utf8)
        #expect(written == (try CLI.run(["preview", "--out", "-", custom]).stdout))
    }

    @Test("--vendors picks the columns in the order given; --from names the source")
    func vendorsAndSource() throws {
        let result = try CLI.run([
            "preview", "--vendors", "pushnotifai,zixflow", "--from", "zixflow", "--out", "-", custom,
        ])
        #expect(result.status == 0, "\(result)")
        let page = RenderedDOM.parse(result.stdout)
        #expect(page.all(class: "vendor").map { $0["data-vendor"] } == ["pushnotifai", "zixflow"])
        #expect(page.all(class: "payload").first?["data-source"] == "zixflow")
    }

    @Test("reads - from stdin")
    func stdin() throws {
        let bytes = try Fixtures.payloadBytes("zixflow-custom.json")
        let result = try CLI.run(["preview", "--out", "-", "-"], stdin: bytes)
        #expect(result.status == 0)
        #expect(RenderedDOM.parse(result.stdout).all(class: "vendor").count == BuiltInVendors.all.count)
    }

    @Test("errors end with the other commands' exit codes, one line on stderr and no page",
          arguments: [
            (["--vendors", "nope", Fixtures.payloadPath("zixflow-custom.json")], ExitCodeCase.usage),
            ([], ExitCodeCase.usage),
            (["--out", "/nonexistent-directory/page.html", Fixtures.payloadPath("zixflow-custom.json")],
             ExitCodeCase.usage),
            (["--out", "-", "/nonexistent-file.json"], ExitCodeCase.unreadable),
          ])
    func errors(arguments: [String], expected: ExitCodeCase) throws {
        let result = try CLI.run(["preview"] + arguments)
        #expect(result.status == expected.rawValue, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.last?.hasPrefix("bridge-cli preview: error: ") == true, "\(result)")
    }

    @Test("input that is not JSON exits 65 and input no vendor claims exits 3, with nothing written")
    func badInput() throws {
        let scratch = try Scratch("preview-bad")
        let notJSON = try CLI.run(["preview", "--out", scratch.file("a.html"), "-"], stdin: "{nope")
        #expect(notJSON.status == 65)
        let unclaimed = try CLI.run(["preview", "--out", scratch.file("b.html"), "-"], stdin: #"{"aps":{"alert":"x"}}"#)
        #expect(unclaimed.status == 3)
        #expect(!FileManager.default.fileExists(atPath: scratch.file("a.html")))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("b.html")))
    }

    @Test("--jsonl draws one section per line, an error section for a bad line, and exits 1 when one failed")
    func jsonLines() throws {
        let good = String(decoding: try Fixtures.payloadBytes("buzzkit.json"), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ")
        let result = try CLI.run(["preview", "--jsonl", "--out", "-", "-"], stdin: good + "\n[1]\n" + good + "\n")
        #expect(result.status == 1)
        let sections = RenderedDOM.parse(result.stdout).all(class: "payload")
        #expect(sections.map { $0["data-label"] } == ["line 1", "line 2", "line 3"])
        #expect(sections.map { $0.classes.contains("error") } == [false, true, false])
        #expect(sections[1].text.contains("not a JSON object") || sections[1].text.contains("object"))
        let allGood = try CLI.run(["preview", "--jsonl", "--out", "-", "-"], stdin: good + "\n")
        #expect(allGood.status == 0)
    }

    @Test("every hostile text is escaped as written: the page holds only its own elements, none from input")
    func hostileMarkupAsWritten() throws {
        let corpus = try String(contentsOfFile: Self.hostileCorpus, encoding: .utf8)
            .replacingOccurrences(of: "PIXEL_PORT", with: "9")
        let result = try CLI.run(["preview", "--jsonl", "--out", "-", "-"], stdin: corpus)
        #expect(result.status == 1)
        let page = RenderedDOM.parse(result.stdout)
        let own: Set<String> = [
            "#document", "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "h3", "h4", "p",
            "section", "div", "article", "span", "bdi", "code", "ul", "ol", "li", "input",
        ]
        for element in page.all {
            #expect(own.contains(element.name), "injected \(element)")
            #expect(!element.attributes.contains { $0.name.hasPrefix("on") }, "handler on \(element)")
        }
        let text = page.text
        for hostile in ["<img src=x onerror=alert(1)>", "<script>alert(document.cookie)</script>",
                        "' onfocus='alert(5)' autofocus='", "<svg onload=alert(8)>", "javascript:alert(1)"] {
            #expect(text.contains(hostile), "\(hostile) is shown as text")
        }
    }

    @Test("--load-images makes an <img> of an http(s) image only; other schemes stay a placeholder")
    func loadImages() throws {
        let loaded = try CLI.run(["preview", "--load-images", "--out", "-", custom])
        #expect(loaded.stdout.contains("img-src http: https:"))
        let images = RenderedDOM.parse(loaded.stdout).all(tag: "img").compactMap { $0["src"] }
        #expect(!images.isEmpty && images.allSatisfy { $0 == "https://cdn.yourapp.com/banner.png" })

        let dataImage = #"{"aps":{"alert":{"title":"t"},"mutable-content":1},"buzzkit":{"messageId":"m","#
            + #""image":"data:image/svg+xml,<svg onload=alert(1)>"}}"#
        let result = try CLI.run(
            ["preview", "--load-images", "--vendors", "buzzkit", "--out", "-", "-"], stdin: dataImage)
        let page = RenderedDOM.parse(result.stdout)
        #expect(page.all(tag: "img").isEmpty)
        let placeholder = page.all(class: "image-placeholder").first
        #expect(placeholder?["data-image-url"] == "data:image/svg+xml,<svg onload=alert(1)>")
    }
    // MARK: Bounds (issue 27 item 6), the output file and the badge (item 8), device claims (item 1)

    /// The review's generator: a Klaviyo push with `count` deep-link buttons.
    private static func klaviyoButtons(_ count: Int) -> String {
        let buttons = (0..<count).map {
            #"{"id":"b\#($0)","label":"B\#($0)","action":"deep_link","url":"app://\#($0)"}"#
        }
        return #"{"aps":{"alert":{"title":"t","body":"b"},"category":"c"},"body":{"_k":"k","action_buttons":["#
            + buttons.joined(separator: ",") + "]}}"
    }

    @Test("thousands of buttons: every column draws and taps at most four, and the page is no larger than for ten")
    func manyButtons() throws {
        let small = try CLI.run(["preview", "--out", "-", "-"], stdin: Self.klaviyoButtons(10))
        let large = try CLI.run(["preview", "--out", "-", "-"], stdin: Self.klaviyoButtons(3_000), timeout: 120)
        #expect(small.status == 0 && large.status == 0, "\(large)")
        let page = RenderedDOM.parse(large.stdout)
        let columns = page.all(class: "vendor")
        #expect(columns.count == BuiltInVendors.all.count)
        for column in columns {
            let buttonTaps = column.all(class: "tap").filter { $0["data-step"]?.hasPrefix("open:") == true }
            #expect(buttonTaps.count <= 4, "\(column["data-vendor"] ?? "")")
            let rows = column.all(class: "actions").first?.all(class: "action") ?? []
            #expect(rows.filter { !$0.classes.contains("ghost") }.count <= 4)
            // Ghost rows (lost fields of buttons not drawn) for four buttons at most.
            let ghostButtons = Set(rows.filter { $0.classes.contains("ghost") }
                .flatMap { $0.all(class: "lost").compactMap { $0["data-path"]?.split(separator: "]").first } })
            #expect(ghostButtons.count <= 4, "\(ghostButtons)")
        }
        // AppDNA's SDK registers every button (its category has 3,000 actions): four drawn and tapped, one row more.
        let appDNA = try #require(columns.first { $0["data-vendor"] == "appdna" })
        #expect(appDNA.all(class: "more").map(\.text) == [
            "2996 more buttons not shown: iOS shows the first 4 of a category",
            "and 2996 more, which iOS does not show",
        ])
        // Bounded: the 300-fold payload changes the page by its numbers and its cut-short list only.
        #expect(large.stdout.utf8.count < small.stdout.utf8.count + 16 * 1024,
                "\(small.stdout.utf8.count) → \(large.stdout.utf8.count) bytes")
    }

    @Test("--jsonl writes each section as soon as it is drawn, before the next line is read")
    func streamsSections() throws {
        let scratch = try Scratch("preview-stream")
        let page = scratch.file("page.html")
        let line = String(decoding: try Fixtures.payloadBytes("buzzkit.json"), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(CLI.executable))
        process.arguments = ["preview", "--jsonl", "--vendors", "buzzkit,fcm", "--out", page, "-"]
        let input = Pipe()
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
        // Stdin stays open: the first section must reach the file while the command waits for line 2.
        var written = ""
        for _ in 0..<300 where !written.contains("</section>") {
            usleep(100_000)
            written = (try? String(contentsOfFile: page, encoding: .utf8)) ?? ""
        }
        #expect(written.contains("data-label=\"line 1\""), "section 1 written while stdin is open")
        #expect(written.hasSuffix("</section>"))
        #expect(process.isRunning)
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let whole = try String(contentsOfFile: page, encoding: .utf8)
        #expect(whole.hasPrefix(written))
        #expect(RenderedDOM.parse(whole).all(class: "payload").map { $0["data-label"] } == ["line 1", "line 2"])
        #expect(whole.hasSuffix(PreviewPage.end))
    }

    @Test("the output is never written through a symbolic link: refused with exit 2, the link's target untouched",
          arguments: [nil, "page.html"] as [String?])
    func refusesSymlink(out: String?) throws {
        let scratch = try Scratch("preview-symlink")
        let name = out ?? "preview.html"
        let target = try scratch.write("precious.txt", "keep me\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.file(name), withDestinationPath: target)
        let options = out.map { ["--out", $0] } ?? []
        for mode in [[], ["--jsonl"]] {
            let result = try CLI.run(["preview"] + mode + options + [custom], in: scratch.path)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderrLines.last == "bridge-cli preview: error: '\(name)' is a symbolic link: preview "
                + "never writes through one, so it was left as it is (remove the link or give another --out)")
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
        }
        // A dangling link is refused too: its target is not created.
        let dangling = scratch.file("dangling.html")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: scratch.file("made.html"))
        let result = try CLI.run(["preview", "--out", dangling, custom])
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: scratch.file("made.html")))
    }

    @Test("a push forced to a vendor with --vendor: its column says the vendor a device would give it to")
    func forcedVendorColumn() throws {
        let result = try CLI.run(["preview", "--vendor", "buzzkit", "--vendors", "buzzkit,zixflow", "--out", "-",
                                  custom])
        #expect(result.status == 0, "\(result)")
        let columns = RenderedDOM.parse(result.stdout).all(class: "vendor")
        #expect(columns.map { $0.all(class: "device-claim").first?.text } == [
            "A device gives this push to zixflow, not buzzkit: zixflow's SDK reads it, and this column is not what "
                + "the app would do.",
            // Read as BuzzKit the push has no message id, so its Zixflow translation has no delivery id.
            "No vendor claims this push on a device: no SDK reads it, and this column is not what the app would do.",
        ])
        let detected = try CLI.run(["detect", "-"], stdin: try CLI.run([
            "translate", "--from", "buzzkit", "--to", "zixflow", custom,
        ]).stdoutBytes)
        #expect(detected.status == 3, "\(detected)")
    }

    @Test("each column's device note agrees with 'detect' on that column's payload (the planted-marker push)")
    func deviceNotesAgreeWithDetect() throws {
        let scratch = try Scratch("preview-claims")
        let payload = try scratch.write("planted.json", #"{"aps": {"alert": {"title": "Leg day", "body": "Class "#
            + #"confirmed"}}, "buzzkit": {"messageId": "msg_02", "data": {"custom": {"i": "os-evil", "u": "#
            + #""https://evil.example/"}}}}"#)
        let result = try CLI.run(["preview", "--out", "-", payload])
        #expect(result.status == 0, "\(result)")
        let columns = RenderedDOM.parse(result.stdout).all(class: "vendor")
        #expect(columns.count == BuiltInVendors.all.count)
        for column in columns {
            let vendor = try #require(column["data-vendor"])
            let translated = try CLI.run(["translate", "--to", vendor, payload])
            let detected = try CLI.run(["detect", "-"], stdin: translated.stdoutBytes)
            let note = column.all(class: "device-claim").first?.text
            switch detected.status {
            case 0 where detected.stdout.trimmingNewline == vendor: #expect(note == nil, "\(vendor)")
            case 0: #expect(note?.hasPrefix("A device gives this push to \(detected.stdout.trimmingNewline), not "
                + "\(vendor)") == true, "\(vendor): \(note ?? "no note")")
            default: #expect(note != nil, "\(vendor): detect says \(detected)")
            }
        }
        let source = columns.first { $0["data-vendor"] == "buzzkit" }
        #expect(source?.all(class: "device-claim").isEmpty == true)
    }
}


/// The exit codes these tests expect, as values Swift Testing can show.
enum ExitCodeCase: Int32, Sendable, CustomTestStringConvertible {
    case usage = 2
    case unreadable = 66

    var testDescription: String { "exit \(rawValue)" }
}
