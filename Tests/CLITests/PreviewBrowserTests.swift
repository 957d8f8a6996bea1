import PushBridge
import PushBridgeTestSupport
import PushBridgeTools
import Testing

/// `bridge-cli preview` pages loaded in headless Chromium: the DOM the browser built is read back
/// (`--dump-dom`) and held against what the other commands say (`compare`, `normalize`, `categories`,
/// `simulate`), and hostile payloads must leave no element, attribute or request of their own.
@Suite("bridge-cli preview in a real browser", .serialized, .enabled(if: Browser.testsRun, Browser.skipReason))
struct PreviewBrowserTests {
    /// The hostile corpus: one payload per line, the last two lines bad; `PIXEL_PORT` is the request log's port.
    private static let hostileCorpus = TestPaths.packageRoot + "/Tests/PreviewCorpus/hostile.jsonl"

    /// Elements the page draws; anything else in the rendered DOM came from input.
    private static let pageElements: Set<String> = [
        "#document", "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "h3", "h4", "p",
        "section", "div", "article", "span", "bdi", "code", "ul", "ol", "li", "input",
    ]
    /// Attributes the page writes (`img` ones only with `--load-images`).
    private static let pageAttributes: Set<String> = [
        "lang", "charset", "http-equiv", "content", "name", "class", "type", "disabled", "placeholder",
        "data-label", "data-source", "data-vendor", "data-action-id", "data-path", "data-step", "data-event",
        "data-via", "data-image-url",
    ]

    @Test("each bundled example draws every vendor's column, button, tap and lost field as the other commands say",
          arguments: ["zixflow-custom.json", "zixflow-native.json", "buzzkit.json", "appdna.json", "pushnotifai.json"])
    func example(name: String) throws {
        let scratch = try Scratch("preview-browser")
        let page = scratch.file("page.html")
        let result = try CLI.run(["preview", "--out", page, Fixtures.payloadPath(name)])
        #expect(result.status == 0, "\(result)")
        let document = try Browser.renderedDOM(of: page, in: scratch)
        try expectOnlyPageMarkup(document)
        let sections = document.all(class: "payload")
        try #require(sections.count == 1)
        try expectColumns(sections[0], payload: Fixtures.payloadPath(name), scratch: scratch)
    }

    @Test("a hostile corpus renders as plain text: no script, no handler, no link, no style of its own, no request")
    func hostileCorpus() throws {
        let scratch = try Scratch("preview-hostile")
        let (document, corpus, requests) = try renderHostileCorpus(in: scratch)
        try expectOnlyPageMarkup(document)
        #expect(document.all(tag: "img").isEmpty, "no image without --load-images")
        #expect(try requests.requestedPaths() == [], "the page made requests")

        let lines = corpus.split(separator: "\n").map(String.init)
        let sections = document.all(class: "payload")
        try #require(sections.count == lines.count, "one section per line")
        for (index, line) in lines.enumerated() {
            #expect(sections[index]["data-label"] == "line \(index + 1)")
            if sections[index].classes.contains("error") {
                #expect(index >= 4, "line \(index + 1) should have been drawn: \(sections[index].text)")
                continue
            }
            let payload = try scratch.write("line-\(index + 1).json", line)
            try expectColumns(sections[index], payload: payload, scratch: scratch)
        }
        #expect(sections.filter { $0.classes.contains("error") }.count == 2)
        let errorText = sections[4].all(class: "error-message").first?.text ?? ""
        #expect(errorText.contains("line 1, column 9"), "\(errorText)")
    }

    @Test("with --load-images only the http(s) image URLs of the bridge form are fetched (the request log works)")
    func loadImagesFetchesOnlyImages() throws {
        let scratch = try Scratch("preview-images")
        let (document, _, requests) = try renderHostileCorpus(["--load-images"], in: scratch)
        try expectOnlyPageMarkup(document, allowing: ["img"], attributes: ["src", "alt", "referrerpolicy"])
        let sources = Set(document.all(tag: "img").compactMap { $0["src"] })
        #expect(sources == ["\(requests.origin)/pixel-zixflow.png"])
        let requested = Set(try requests.requestedPaths())
        #expect(requested == ["/pixel-zixflow.png"], "requests other than the image: \(requested)")
    }

    // MARK: Checks

    /// Previews the hostile corpus, its URLs pointing at a fresh request log, and loads the page in the browser.
    /// The corpus's two bad lines make the command exit 1.
    private func renderHostileCorpus(
        _ options: [String] = [], in scratch: Scratch
    ) throws -> (document: DOMElement, corpus: String, requests: RequestLog) {
        _ = try Browser.require()
        let requests = try RequestLog(in: scratch)
        let corpus = try String(contentsOfFile: Self.hostileCorpus, encoding: .utf8)
            .replacingOccurrences(of: "PIXEL_PORT", with: String(requests.port))
        let input = try scratch.write("hostile.jsonl", corpus)
        let page = scratch.file("page.html")
        let result = try CLI.run(["preview", "--jsonl"] + options + ["--out", page, input])
        #expect(result.status == 1, "two bad lines: \(result)")
        return (try Browser.renderedDOM(of: page, in: scratch), corpus, requests)
    }

    /// Every element and attribute of `document` is one the page writes itself: none came from input.
    private func expectOnlyPageMarkup(
        _ document: DOMElement, allowing extraElements: Set<String> = [], attributes extraAttributes: Set<String> = []
    ) throws {
        for element in document.all {
            #expect(Self.pageElements.union(extraElements).contains(element.name), "injected element \(element)")
            for attribute in element.attributes {
                #expect(!attribute.name.hasPrefix("on"), "event handler attribute on \(element)")
                #expect(Self.pageAttributes.union(extraAttributes).contains(attribute.name),
                        "injected attribute \(attribute.name) on \(element)")
            }
        }
        #expect(document.all(tag: "script").isEmpty)
        #expect(document.all(tag: "a").isEmpty, "links are never clickable")
        #expect(document.all(tag: "style").count == 1, "only the page's own style")
        let metas = document.all(tag: "meta").compactMap { $0["http-equiv"] }
        #expect(metas == ["Content-Security-Policy"])
    }

    /// One column per vendor, in registry order, each drawing what `compare`, `normalize`, `categories` and
    /// `simulate` say about the payload translated into that vendor.
    private func expectColumns(_ section: DOMElement, payload: String, scratch: Scratch) throws {
        let vendorIDs = try CLI.run(["vendors"]).stdoutJSONLines().compactMap { $0["id"]?.stringValue }
        let columns = section.all(class: "vendor")
        #expect(columns.map { $0["data-vendor"] ?? "" } == vendorIDs)
        let comparison = try CLI.run(["compare", payload]).stdoutJSON()
        for (column, vendor) in zip(columns, comparison["vendors"]?.arrayValue ?? []) {
            let id = vendor["vendor"]?.stringValue ?? ""
            #expect(column["data-vendor"] == id)
            let losses = (vendor["losses"]?.arrayValue ?? []).compactMap { $0["path"]?.stringValue }
            #expect(column.all(class: "lost").compactMap { $0["data-path"] }.sorted() == losses.sorted(),
                    "\(id): every loss marked once")

            let translated = try scratch.write("\(id).json", json: vendor["userInfo"] ?? .null)
            let shown = try CLI.run(["normalize", "--vendor", id, translated]).stdoutJSON()
            let banner = try #require(column.all(class: "banner").first)
            for field in ["title", "subtitle", "body"] {
                #expect(banner.all(class: field).first?.text == shown["alert"]?[field]?.stringValue,
                        "\(id): \(field) shown as text")
            }
            #expect(column.all(class: "badge").first?.text == shown["badge"]?.intValue.map { String($0) })

            // A vendor that registers no categories (Customer.io) makes `categories` exit 2: no buttons drawn.
            let listed = try CLI.run(["categories", "--vendor", id, translated])
            let categories = listed.status == 0 ? try listed.stdoutJSON() : [:]
            if listed.status != 0 { #expect(listed.stderr.contains("registers no notification categories")) }
            // A push that names no category gets the one its vendor's service extension registers for it
            // (OneSignal's dynamic one: listed for the file, not at launch) when iOS runs the extension:
            // `aps.mutable-content` 1 and an alert that shows something.
            let aps = vendor["userInfo"]?["aps"]
            let extensionRuns = aps?["mutable-content"]?.intValue == 1 && shown["alert"]?.objectValue?.isEmpty == false
            let atLaunch = listed.status == 0
                ? Set(try CLI.run(["categories", "--vendor", id]).stdoutJSON()["categories"]?.arrayValue?
                    .compactMap { $0["id"]?.stringValue } ?? [])
                : []
            let registeredForFile = categories["categories"]?.arrayValue?
                .first { !atLaunch.contains($0["id"]?.stringValue ?? "") }?["id"]
            let categoryID = shown["category"] ?? (extensionRuns ? registeredForFile : nil)
            let category = categories["categories"]?.arrayValue?.first { $0["id"] == categoryID }
            let expectedActions = category?["actions"]?.arrayValue ?? []
            let drawn = (column.all(class: "actions").first?.all(class: "action") ?? [])
                .filter { !$0.classes.contains("ghost") }
            #expect(drawn.map { $0["data-action-id"] } == expectedActions.map { $0["id"]?.stringValue },
                    "\(id): the registered category's buttons")
            for (button, action) in zip(drawn, expectedActions) {
                let options = action["options"]?.arrayValue ?? []
                #expect(button.all(class: "action-title").first?.text == action["title"]?.stringValue)
                #expect(button.classes.contains("destructive") == options.contains("destructive"))
                #expect(button.all(tag: "input").first?["placeholder"] == action["placeholder"]?.stringValue)
            }

            let customDismiss = category?["options"]?.arrayValue?.contains("customDismissAction") ?? false
            let steps = ["open"] + expectedActions.compactMap { $0["id"]?.stringValue }.map { "open:\($0)" }
                + (customDismiss ? ["dismiss"] : [])
            let taps = column.all(class: "tap")
            #expect(taps.map { $0["data-step"] ?? "" } == steps, "\(id): body tap, each button, swipe-away")
            for (tap, step) in zip(taps, steps) {
                let effects = try CLI.run([
                    "simulate", "--vendor", id, "--steps", step, "--device-token",
                    NotificationPreview.assumedDeviceToken, translated,
                ]).stdoutJSONLines()
                #expect(tap.all(class: "receipt").map { $0["data-event"] } == effects
                    .filter { $0["type"] == "receipt" }.map { $0["event"]?.stringValue }, "\(id) \(step): receipts")
                #expect(tap.all(class: "route").map { $0["data-via"] } == effects
                    .filter { $0["type"] == "route" }.map { $0["via"]?.stringValue }, "\(id) \(step): routes")
            }
        }
    }
}
