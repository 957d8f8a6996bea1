import Foundation
import PushBridge
import PushBridgeTestSupport
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
}

/// The exit codes these tests expect, as values Swift Testing can show.
enum ExitCodeCase: Int32, Sendable, CustomTestStringConvertible {
    case usage = 2
    case unreadable = 66

    var testDescription: String { "exit \(rawValue)" }
}
