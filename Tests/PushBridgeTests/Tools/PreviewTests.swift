import PushBridge
import PushBridgeTools
import PushBridgeTestSupport
import Testing

/// A ``FakeAdapter`` (one category per push, one action per button) that counts its decodes.
private func countingVendor(id: String = "fake", decodes: Locked<Int> = Locked(0)) -> FakeAdapter {
    var vendor = FakeAdapter.integration(id: id)
    vendor.decodes = decodes
    return vendor
}

/// A push of the fake vendor with `buttons` buttons in category `fake.c`.
private func push(buttons: Int, title: String = "Leg day", body: String = "Class confirmed", badge: Int? = nil)
    -> JSONObject {
    var aps: JSONObject = ["alert": ["title": .string(title), "body": .string(body)], "category": "fake.c"]
    if let badge { aps["badge"] = .int(badge) }
    return [
        "fake_id": "m-1", "aps": .object(aps),
        "buttons": .array((0..<buttons).map { PushButton(id: "b\($0)", title: "Button \($0)").json }),
    ]
}

/// The occurrences of `needle` in `text`.
private func occurrences(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}

/// The preview model and page: bounded by what iOS shows, not by the payload (issue 27 items 6, 8 and 1).
@Suite("Preview bounds and device claims")
struct PreviewTests {
    @Test("each column decodes its payload once and taps at most four buttons, however many the category has",
          arguments: [10, 1_000])
    func linearWork(buttons: Int) {
        let decodes = Locked(0)
        let vendor = countingVendor(decodes: decodes)
        let preview = NotificationPreview(
            push(buttons: buttons), from: vendor, to: [vendor, vendor, vendor], registry: VendorRegistry([vendor]))
        // The source once for the bridge form; per column once to translate and once for what it shows.
        #expect(decodes.withLock { $0 } == 1 + 2 * 3)
        for column in preview.columns {
            #expect(column.category?.actions.count == buttons)
            #expect(column.taps.map(\.step) == [.open] + (0..<4).map { .openAction("b\($0)") })
            #expect(column.shownActions.count == 4)
            #expect(column.hiddenActionCount == buttons - 4)
        }
    }

    @Test("a section drawn a column at a time is the section of the whole preview")
    func columnAtATime() {
        let decodes = Locked(0)
        let vendor = countingVendor(decodes: decodes)
        let other = countingVendor(id: "other")
        let userInfo = push(buttons: 6, title: String(repeating: "t", count: 300))
        let registry = VendorRegistry([vendor, other])
        let page = PreviewPage()
        let whole = page.html(
            of: .preview(NotificationPreview(userInfo, from: vendor, to: [vendor, other], registry: registry),
                         label: "p"), number: 1)
        decodes.withLock { $0 = 0 }
        let streamed = page.html(previewing: userInfo, from: vendor, to: [vendor, other], registry: registry,
                                 label: "p", number: 1)
        #expect(streamed.complete && whole.complete)
        #expect(streamed.html == whole.html)
        #expect(decodes.withLock { $0 } == 3, "translate and show the source column, translate the other")
    }

    @Test("a section's size does not follow the number of buttons: four rows and one 'N more' row")
    func boundedSection() {
        let vendor = countingVendor()
        let page = PreviewPage()
        func section(buttons: Int) -> String {
            let preview = NotificationPreview(
                push(buttons: buttons), from: vendor, to: [vendor], registry: VendorRegistry([vendor]))
            return page.html(of: .preview(preview, label: "p"), number: 1).html
        }
        let small = section(buttons: 10)
        let large = section(buttons: 5_000)
        #expect(occurrences(of: "data-action-id=", in: large) == 4)
        #expect(large.contains("4996 more buttons not shown: iOS shows the first 4 of a category"))
        #expect(large.contains("and 4996 more, which iOS does not show"))
        #expect(small.contains("6 more buttons not shown"))
        #expect(large.utf8.count - small.utf8.count < 64, "\(small.utf8.count) → \(large.utf8.count) bytes")
    }

    @Test("a long text is drawn cut short in every place and column, and in full once per section")
    func clippedOnce() {
        let vendor = countingVendor()
        let title = String(repeating: "T", count: 4_999) + "!"
        let body = String(repeating: "b", count: 30_000) + "?"
        let preview = NotificationPreview(
            push(buttons: 1, title: title, body: body), from: vendor, to: [vendor, vendor, vendor],
            registry: VendorRegistry([vendor]))
        let html = PreviewPage().html(of: .preview(preview, label: "p"), number: 1).html
        #expect(occurrences(of: title, in: html) == 1)
        #expect(occurrences(of: body, in: html) == 1)
        let shownTitle = String(repeating: "T", count: PreviewPage.Bounds.line - 1) + "…"
        let shownBody = String(repeating: "b", count: PreviewPage.Bounds.body - 1) + "…"
        // Banner and long press, in each of three columns.
        #expect(occurrences(of: "<bdi>" + shownTitle + "</bdi>", in: html) == 6)
        #expect(occurrences(of: "<bdi>" + shownBody + "</bdi>", in: html) == 6)
        #expect(html.contains("Cut short above, in full"))
        #expect(html.utf8.count < title.utf8.count + body.utf8.count + 64 * 1024)
    }

    @Test("a badge too large for the icon is drawn as 9999+, the number in full once")
    func largeBadge() {
        let vendor = countingVendor()
        let preview = NotificationPreview(
            push(buttons: 0, badge: 99_999_999_999), from: vendor, to: [vendor, vendor],
            registry: VendorRegistry([vendor]))
        let html = PreviewPage().html(of: .preview(preview, label: "p"), number: 1).html
        #expect(occurrences(of: "<span class=\"badge\">9999+</span>", in: html) == 2)
        #expect(occurrences(of: "99999999999", in: html) == 1)
        let small = NotificationPreview(
            push(buttons: 0, badge: 9_999), from: vendor, to: [vendor], registry: VendorRegistry([vendor]))
        #expect(PreviewPage().html(of: .preview(small, label: "p"), number: 1).html
            .contains("<span class=\"badge\">9999</span>"))
    }

    @Test("a section larger than the cap becomes an error section saying so; the page goes on")
    func sectionCap() {
        let vendor = countingVendor()
        // Escaped, five million '<' are 20 MB of HTML in the full-text list: past the 16 MiB cap.
        let preview = NotificationPreview(
            push(buttons: 1, body: String(repeating: "<", count: 5_000_000)), from: vendor, to: [vendor],
            registry: VendorRegistry([vendor]))
        let page = PreviewPage()
        let section = page.html(of: .preview(preview, label: "line 7"), number: 7)
        #expect(!section.complete)
        #expect(section.html.hasPrefix("<section class=\"payload error\" data-label=\"line 7\">"))
        #expect(section.html.contains("larger than 16 MiB of HTML, the most one section may take"))
        #expect(section.html.utf8.count < 1_024)
        let whole = page.render([.preview(preview, label: "line 7"), .error(label: "line 8", message: "bad")],
                                title: "t")
        #expect(whole.hasSuffix(PreviewPage.end))
        #expect(whole.contains("data-label=\"line 8\""))
    }

    @Test("each column says whom a device gives its push to when not its vendor: another, nobody, or two")
    func deviceClaims() {
        // The source's custom data holds beta's marker; gamma writes custom data at the top level.
        let alpha = countingVendor(id: "alpha")
        let beta = countingVendor(id: "beta")
        let gamma = countingVendor(id: "gamma")
        let userInfo: JSONObject = ["alpha_id": "m-1", "aps": ["alert": "hi"], "beta_id": "planted"]
        func claims(registry: [FakeAdapter]) -> [DeviceClaim] {
            NotificationPreview(userInfo, from: alpha, to: [alpha, gamma], registry: VendorRegistry(registry))
                .columns.map(\.deviceClaim)
        }
        // The source column reads its input: alpha and beta both own it. The translation into gamma leaves beta's
        // marker out (a translation is its target's or nobody's), so that column is gamma's own, or nobody's when
        // gamma is not registered.
        #expect(claims(registry: [alpha, beta]) == [.ambiguous(["alpha", "beta"]), .nobody])
        #expect(claims(registry: [alpha, beta, gamma]) == [.ambiguous(["alpha", "beta"]), .own])
        #expect(claims(registry: [alpha]) == [.own, .nobody])
        // Forced as alpha, a push a device gives to beta (alpha is not among the device's vendors).
        #expect(claims(registry: [beta, gamma]) == [.other("beta"), .own])

        let preview = NotificationPreview(
            userInfo, from: alpha, to: [alpha, gamma], registry: VendorRegistry([alpha, beta]))
        let html = PreviewPage().render([.preview(preview, label: "p")], title: "t")
        #expect(html.contains("On a device alpha and beta both claim this push"))
        let forced = NotificationPreview(
            userInfo, from: alpha, to: [alpha, gamma], registry: VendorRegistry([beta, gamma]))
        let forcedHTML = PreviewPage().render([.preview(forced, label: "p")], title: "t")
        #expect(forcedHTML.contains("A device gives this push to beta, not alpha: beta&#39;s SDK reads it"))
        let alone = NotificationPreview(userInfo, from: alpha, to: [alpha, gamma], registry: VendorRegistry([alpha]))
        let aloneHTML = PreviewPage().render([.preview(alone, label: "p")], title: "t")
        #expect(aloneHTML.contains("No vendor claims this push on a device"))
        #expect(occurrences(of: "class=\"device-claim\"", in: aloneHTML) == 1)
    }
}
