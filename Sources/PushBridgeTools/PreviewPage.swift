import PushBridge

/// Draws ``NotificationPreview``s as one self-contained HTML page: one column per vendor, each with the
/// notification as iOS shows it (banner, expanded view with its buttons), the category registered, what each
/// tap runs, and every field the vendor cannot carry marked where it would have been.
///
/// The page is inert whatever the payload holds: it has no script and no link (`<a>`) at all, every piece of
/// input is escaped text (attribute values quoted and escaped; no input reaches a `style` context), and a
/// Content-Security-Policy forbids scripts, frames, fonts and requests. Remote images are drawn as a
/// placeholder showing the URL unless ``loadsImages`` is set; then only `http:` and `https:` images load.
public struct PreviewPage: Sendable {
    /// One part of the page: a payload's preview, or a line that could not be previewed (`--jsonl`).
    public enum Section: Sendable, Hashable {
        /// A payload and its label (a file name, `line 3`).
        case preview(NotificationPreview, label: String)
        /// A payload that could not be read or claimed, with the reason.
        case error(label: String, message: String)
    }

    /// Whether remote `http:`/`https:` images are fetched (an image URL can be a tracking pixel).
    public var loadsImages: Bool
    /// The name drawn as the app's on the banner.
    public var appName: String
    /// Whether each column's push gets the keys its vendor's backend adds, with placeholder ids
    /// (`VendorAdapter.asDelivered(_:)`; `preview --as-delivered`), before it is drawn and tapped.
    public var asDelivered: Bool

    /// Creates a page drawer.
    public init(loadsImages: Bool = false, appName: String = "Your App", asDelivered: Bool = false) {
        self.loadsImages = loadsImages
        self.appName = appName
        self.asDelivered = asDelivered
    }

    /// The Content-Security-Policy of the page: nothing but the inline style, and images only when loaded.
    public var contentSecurityPolicy: String {
        "default-src 'none'; style-src 'unsafe-inline'; img-src \(loadsImages ? "http: https:" : "'none'"); "
            + "base-uri 'none'; form-action 'none'"
    }

    /// How much of each text the page draws, in characters: about what a screen shows in that place. A text
    /// cut short ends in "…" and is shown in full once per section, under "Cut short above, in full"; lists
    /// that grow with the payload are drawn up to a number of rows and a "N more" row.
    public enum Bounds {
        /// A title or subtitle line.
        public static let line = 200
        /// A body (the lock-screen banner shows four lines of it, the expanded view all of this).
        public static let body = 1_000
        /// A button title, a placeholder, a category or action id, an event or action name, a sound.
        public static let label = 80
        /// A link or an image URL.
        public static let link = 400
        /// A reason, a diagnostic message, a lost field's path.
        public static let note = 400
        /// A lost field's value (a lost button is named by its title).
        public static let lostValue = 160
        /// A receipt property's value (not listed in full: `bridge-cli simulate` prints receipts whole).
        public static let property = 48
        /// The properties drawn per receipt.
        public static let properties = 12
        /// The "not carried" rows drawn per column.
        public static let notCarriedRows = 25
        /// The buttons past those drawn whose lost fields get rows per column (ghost rows), lowest index first.
        public static let lostButtons = NotificationPreview.shownButtonLimit
        /// The largest badge drawn as itself; a larger one is drawn as `9999+`.
        public static let badge = 9_999
        /// The most bytes of HTML one section takes (16 MiB): a larger section is drawn as an error section.
        public static let section = 16 << 20
    }

    /// The whole page: ``head(title:)``, each section (``html(of:number:)``), ``end``.
    public func render(_ sections: [Section], title: String) -> String {
        var page = head(title: title)
        for (index, section) in sections.enumerated() { page += html(of: section, number: index + 1).html }
        return page + Self.end
    }

    /// The page up to its first section: the document head, the style and the page header.
    public func head(title: String) -> String {
        var page = HTMLBuilder()
        page.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        page.open("meta", nil, [("http-equiv", "Content-Security-Policy"), ("content", contentSecurityPolicy)])
        page.raw("<meta name=\"referrer\" content=\"no-referrer\">")
        page.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        page.element("title", text: "PushBridge preview — " + (HTMLBuilder.cut(title, to: Bounds.note) ?? title))
        page.raw("<style>\n")
        page.raw(Self.styleSheet)
        page.raw("</style></head>\n<body>")
        page.open("header", "page-header")
        page.element("h1", text: "PushBridge preview")
        page.element("p", "page-note", text: Self.pageNote(loadsImages: loadsImages, asDelivered: asDelivered))
        page.close("header")
        return page.html
    }

    /// What ends the page, after its last section.
    public static let end = "</body></html>\n"

    /// One section's HTML, to write as soon as it is drawn (`number` counts sections from 1). `complete` is
    /// false when the section was not drawn as asked: a preview larger than ``Bounds/section`` bytes becomes an
    /// error section saying so.
    public func html(of section: Section, number: Int) -> (html: String, complete: Bool) {
        switch section {
        case .preview(let preview, let label):
            return html(label: label, source: preview.source, columns: preview.columns)
        case .error(let label, let message):
            return (errorSection(label: label, message: message), true)
        }
    }

    /// ``html(of:number:)`` of the preview of `userInfo` (as ``NotificationPreview`` makes it), each column
    /// drawn as soon as it is made and let go before the next: memory holds one column, not all of them.
    public func html(
        previewing userInfo: JSONObject, from source: any VendorAdapter, to targets: [any VendorAdapter],
        registry: VendorRegistry, label: String, number: Int
    ) -> (html: String, complete: Bool) {
        html(label: label, source: source.id, columns: targets.lazy.map {
            VendorPreview(userInfo, from: source, to: $0, registry: registry, asDelivered: asDelivered)
        })
    }

    /// A preview section, or an error section when it passes ``Bounds/section``.
    private func html(label: String, source: String, columns: some Sequence<VendorPreview>)
        -> (html: String, complete: Bool) {
        var page = HTMLBuilder(limit: Bounds.section)
        draw(label: label, source: source, columns: columns, into: &page)
        if !page.exceeded { return (page.html, true) }
        let message = "this payload's preview is larger than \(Bounds.section >> 20) MiB of HTML, the most one "
            + "section may take, so it is not drawn: 'bridge-cli compare' and 'simulate' show it"
        return (errorSection(label: label, message: message), false)
    }

    private func errorSection(label: String, message: String) -> String {
        var page = HTMLBuilder()
        page.open("section", "payload error", [("data-label", label)])
        page.element("h2", "payload-label", input: label, limit: Bounds.note, place: "label")
        page.element("p", "error-message", input: message, limit: Bounds.note, place: "error")
        page.close("section")
        return page.html
    }

    private static func pageNote(loadsImages: Bool, asDelivered: Bool) -> String {
        "Each column is the notification as that vendor would send it"
            + (asDelivered ? ", with the keys its backend adds (placeholder ids)" : "") + ". Taps are simulated as "
            + "an app with no action handler and no deep-link delegate (links go to the system route). Links are "
            + "text, never clickable. " + (loadsImages ? "Remote http(s) images are loaded." : "Remote images are not loaded.")
    }

    private func draw(
        label: String, source: String, columns: some Sequence<VendorPreview>, into page: inout HTMLBuilder
    ) {
        page.open("section", "payload", [("data-label", label), ("data-source", source)])
        page.open("h2", "payload-label")
        page.input(label, limit: Bounds.note, place: "label")
        page.element("span", "source", text: " · read as \(source)")
        page.close("h2")
        page.open("div", "columns")
        for column in columns { draw(column, into: &page) }
        page.close("div")
        drawInFull(into: &page)
        page.close("section")
    }

    /// Each text drawn cut short in the section, once, in full.
    private func drawInFull(into page: inout HTMLBuilder) {
        let clipped = page.clipped
        guard !clipped.isEmpty else { return }
        page.open("div", "in-full")
        page.element("h4", text: "Cut short above, in full")
        page.open("ul", "in-full-list")
        for (place, text) in clipped {
            page.open("li")
            page.element("span", "muted", text: place + ": ")
            page.open("p", "full-text")
            page.open("bdi")
            page.text(text)
            page.close("bdi")
            page.close("p")
            page.close("li")
        }
        page.close("ul")
        page.close("div")
    }

    private func draw(_ column: VendorPreview, into page: inout HTMLBuilder) {
        page.open("article", "vendor", [("data-vendor", column.vendor)])
        page.open("h3", "vendor-name")
        page.text(column.name)
        let lossCount = column.translation.losses.count
        page.element("span", lossCount == 0 ? "loss-count none" : "loss-count", text: lossCount == 0
            ? "carries everything" : "\(lossCount) field\(lossCount == 1 ? "" : "s") lost")
        page.close("h3")
        drawDeviceClaim(column, into: &page)
        let losses = column.lossesBySlot
        drawBanner(column, losses: losses, into: &page)
        drawExpanded(column, losses: losses, into: &page)
        page.open("div", "details")
        drawCategory(column, losses: losses, into: &page)
        drawTaps(column, losses: losses, into: &page)
        let rest = losses[.notCarried] ?? []
        if !rest.isEmpty {
            page.element("h4", text: "Not carried")
            page.open("ul", "not-carried")
            for loss in rest.prefix(Bounds.notCarriedRows) {
                page.open("li")
                drawLoss(loss, into: &page)
                page.close("li")
            }
            if rest.count > Bounds.notCarriedRows {
                page.element("li", "more", text: "\(rest.count - Bounds.notCarriedRows) more not drawn: "
                    + "'bridge-cli compare' lists every one")
            }
            page.close("ul")
        }
        page.close("div")
        page.close("article")
    }

    /// A warning when a device would not give the column's push to the column's vendor.
    private func drawDeviceClaim(_ column: VendorPreview, into page: inout HTMLBuilder) {
        let message: String
        switch column.deviceClaim {
        case .own: return
        case .other(let vendor):
            message = "A device gives this push to \(vendor), not \(column.vendor): \(vendor)'s SDK reads it, "
                + "and this column is not what the app would do."
        case .nobody:
            message = "No vendor claims this push on a device: no SDK reads it, and this column is not what the "
                + "app would do."
        case .ambiguous(let vendors):
            message = "On a device \(vendors.joined(separator: " and ")) \(vendors.count == 2 ? "both" : "all") claim "
                + "this push: the bridge takes none of them, and this column is not what the app would do."
        }
        page.open("p", "device-claim")
        page.input(message, limit: Bounds.note, place: "claim note")
        page.close("p")
    }

    // MARK: The lock-screen banner

    private func drawBanner(_ column: VendorPreview, losses: [PreviewSlot: [Loss]], into page: inout HTMLBuilder) {
        let shown = column.shown
        page.element("h4", text: "Lock screen")
        page.open("div", "wallpaper")
        page.open("div", shown.isVisible ? "banner" : "banner silent")
        page.open("div", "app-icon")
        if let badge = shown.badge, badge > 0 {
            if badge > Bounds.badge { page.keepInFull(String(badge), place: "badge") }
            page.element("span", "badge", text: badge > Bounds.badge ? "\(Bounds.badge)+" : String(badge))
        }
        page.close("div")
        page.open("div", "banner-text")
        page.open("div", "app-row")
        page.element("span", "app-name", text: appName)
        page.element("span", "time", text: "now")
        page.close("div")
        drawAlertLines(column, losses: losses, into: &page)
        page.close("div")
        if let image = shown.imageURL { drawImage(image, className: "thumbnail", into: &page) }
        page.close("div")
        page.close("div")
        for loss in (losses[.badge] ?? []) + (losses[.image] ?? []) { drawLoss(loss, into: &page) }
    }

    private func drawAlertLines(_ column: VendorPreview, losses: [PreviewSlot: [Loss]], into page: inout HTMLBuilder) {
        let alert = column.shownAlert
        if !column.shown.isVisible {
            page.element("p", "silent-note", text: "No alert text: iOS shows nothing (a background push).")
        }
        let lines: [(PreviewSlot, String?, String, Int)] = [
            (.title, alert?.title, "title", Bounds.line), (.subtitle, alert?.subtitle, "subtitle", Bounds.line),
            (.body, alert?.body, "body", Bounds.body),
        ]
        for (slot, text, className, limit) in lines {
            if let text { page.element("p", className, input: text, limit: limit, place: className) }
            for loss in losses[slot] ?? [] { drawLoss(loss, into: &page) }
        }
    }

    // MARK: The expanded view (long press)

    private func drawExpanded(_ column: VendorPreview, losses: [PreviewSlot: [Loss]], into page: inout HTMLBuilder) {
        let shown = column.shown
        page.element("h4", text: "Long press")
        page.open("div", "expanded")
        page.open("div", "expanded-card")
        if let image = shown.imageURL { drawImage(image, className: "hero", into: &page) }
        page.open("div", "expanded-text")
        if let title = column.shownAlert?.title {
            page.element("p", "title", input: title, limit: Bounds.line, place: "title")
        }
        if let subtitle = column.shownAlert?.subtitle {
            page.element("p", "subtitle", input: subtitle, limit: Bounds.line, place: "subtitle")
        }
        if let body = column.shownAlert?.body {
            page.element("p", "body full", input: body, limit: Bounds.body, place: "body")
        }
        page.close("div")
        page.close("div")
        let actions = column.shownActions
        // Lost buttons past the ones drawn, by index: ghost rows.
        var ghosts: [(index: Int, losses: [Loss])] = []
        for (slot, list) in losses {
            if case .button(let index) = slot, index >= actions.count { ghosts.append((index, list)) }
        }
        ghosts.sort { $0.index < $1.index }
        if actions.isEmpty && shown.buttons.isEmpty && ghosts.isEmpty {
            page.close("div")
            return
        }
        page.open("ul", "actions")
        for (index, action) in actions.enumerated() {
            drawAction(action, sentTitle: shown.buttons.first { $0.id == action.id }?.title, into: &page)
            for loss in losses[.button(index)] ?? [] {
                page.open("li", "action-loss")
                drawLoss(loss, into: &page)
                page.close("li")
            }
        }
        if column.hiddenActionCount > 0 {
            let count = column.hiddenActionCount
            page.element("li", "more", text: "\(count) more button\(count == 1 ? "" : "s") not shown: iOS "
                + "shows the first \(NotificationPreview.shownButtonLimit) of a category")
        }
        for ghost in ghosts.prefix(Bounds.lostButtons) {
            for loss in ghost.losses {
                page.open("li", "action ghost")
                drawLoss(loss, into: &page)
                page.close("li")
            }
        }
        if ghosts.count > Bounds.lostButtons {
            let count = ghosts.dropFirst(Bounds.lostButtons).reduce(0) { $0 + $1.losses.count }
            page.element("li", "more", text: "\(count) more lost button field\(count == 1 ? "" : "s") "
                + "not drawn: 'bridge-cli compare' lists every one")
        }
        page.close("ul")
        if actions.isEmpty && !shown.buttons.isEmpty {
            page.element("p", "note", text: "No category is registered for these buttons: iOS shows none.")
        }
        page.close("div")
    }

    /// One button as the registered category draws it; `sentTitle` is the payload's title for it, noted when
    /// iOS shows another (a category is shared by every push with the same buttons).
    private func drawAction(_ action: NotificationAction, sentTitle: String?, into page: inout HTMLBuilder) {
        var classes = "action"
        if action.options.contains(.destructive) { classes += " destructive" }
        if action.textInput != nil { classes += " text-input" }
        page.open("li", classes, [("data-action-id", action.id)])
        page.element("span", "action-title", input: action.title, limit: Bounds.label, place: "button title")
        if let sentTitle, sentTitle != action.title {
            page.open("span", "sent-title")
            page.text("sent as ")
            page.text("“")
            page.input(sentTitle, limit: Bounds.label, place: "button title")
            page.text("”: iOS shows the registered title")
            page.close("span")
        }
        if let field = action.textInput {
            page.open("span", "text-field")
            page.open("input", nil, [
                ("type", "text"), ("disabled", "disabled"),
                ("placeholder", page.clip(field.placeholder, to: Bounds.label, place: "placeholder")),
            ])
            page.element("span", "send", input: field.buttonTitle, limit: Bounds.label, place: "send-button title")
            page.close("span")
        }
        page.close("li")
    }

    // MARK: Images and losses

    private func drawImage(_ url: String, className: String, into page: inout HTMLBuilder) {
        let scheme = DeepLink(url)?.scheme
        if loadsImages, scheme == "http" || scheme == "https" {
            page.open("img", className, [("src", url), ("alt", ""), ("referrerpolicy", "no-referrer")])
            return
        }
        page.open("div", className + " image-placeholder", [("data-image-url", url)])
        page.element("span", "placeholder-label", text: loadsImages ? "image not loaded (not http or https)"
                                                                    : "image not loaded")
        page.element("span", "url", input: url, limit: Bounds.link, place: "image URL")
        page.close("div")
    }

    private func drawLoss(_ loss: Loss, into page: inout HTMLBuilder) {
        page.open("div", "lost", [("data-path", loss.path)])
        page.element("span", "lost-mark", text: "✗ lost")
        page.element("code", "lost-path", input: String(loss.path.dropFirst(2)), limit: Bounds.note, place: "path")
        page.open("span", "lost-value")
        // A lost button is named by its title; any other value (a text override with a title) is shown as itself.
        if case .button = PreviewSlot(path: loss.path), let title = loss.value["title"]?.stringValue {
            page.text("button “")
            page.input(title, limit: Bounds.label, place: "button title")
            page.text("”")
        } else {
            page.input(Self.plainText(loss.value), limit: Bounds.lostValue, place: "lost value")
        }
        page.close("span")
        page.element("span", "lost-reason", input: loss.reason, limit: Bounds.note, place: "reason")
        page.close("div")
    }

    // MARK: Category and taps

    private func drawCategory(_ column: VendorPreview, losses: [PreviewSlot: [Loss]], into page: inout HTMLBuilder) {
        page.element("h4", text: "Category registered")
        page.open("div", "category")
        if let category = column.category {
            page.element("code", "category-id", input: category.id, limit: Bounds.label, place: "category")
            let options = Self.optionList(category.options, NotificationCategory.Options.names)
            page.element("span", "muted", text: " by \(category.owner)" + options)
            page.open("ul", "category-actions")
            for action in column.shownActions {
                page.open("li")
                page.element("code", input: action.id, limit: Bounds.label, place: "button id")
                page.text(" ")
                page.input(action.title, limit: Bounds.label, place: "button title")
                page.open("span", "muted")
                page.text(Self.optionList(action.options, NotificationAction.Options.names))
                if let field = action.textInput {
                    page.text(" · text field “")
                    page.input(field.placeholder, limit: Bounds.label, place: "placeholder")
                    page.text("”, “")
                    page.input(field.buttonTitle, limit: Bounds.label, place: "send-button title")
                    page.text("”")
                }
                page.close("span")
                page.close("li")
            }
            if column.hiddenActionCount > 0 {
                page.element("li", "more", text: "and \(column.hiddenActionCount) more, which iOS does not show")
            }
            page.close("ul")
        } else if let id = column.shown.category {
            page.element("code", "category-id", input: id, limit: Bounds.label, place: "category")
            page.element("span", "muted", text: " is registered by no vendor SDK here: the app must register it, "
                + "or iOS shows no buttons")
        } else {
            page.element("span", "muted", text: "none (no buttons)")
        }
        for loss in losses[.category] ?? [] { drawLoss(loss, into: &page) }
        if let sound = column.shown.sound {
            page.open("p", "sound")
            page.text("Sound: ")
            page.input(sound, limit: Bounds.label, place: "sound")
            page.close("p")
        }
        for loss in losses[.sound] ?? [] { drawLoss(loss, into: &page) }
        page.close("div")
    }

    private func drawTaps(_ column: VendorPreview, losses: [PreviewSlot: [Loss]], into page: inout HTMLBuilder) {
        page.element("h4", text: "What a tap runs")
        page.open("ol", "taps")
        for tap in column.taps {
            page.open("li", "tap", [("data-step", tap.step.description)])
            page.open("span", "tap-name")
            switch tap.step {
            case .openAction(let id):
                let title = column.shownActions.first { $0.id == id }?.title ?? id
                page.text("Button “")
                page.input(title, limit: Bounds.label, place: "button title")
                page.text("”")
            case .dismiss: page.text("Swipe away")
            default: page.text("Body tap")
            }
            page.close("span")
            if tap.step == .open { for loss in losses[.bodyTap] ?? [] { drawLoss(loss, into: &page) } }
            if tap.effects.isEmpty {
                page.element("p", "muted", text: "nothing: no receipt, no action, no route")
            } else {
                page.open("ul", "effects")
                for effect in tap.effects { drawEffect(effect, into: &page) }
                page.close("ul")
            }
            page.close("li")
        }
        page.close("ol")
    }

    private func drawEffect(_ effect: BridgeEffect, into page: inout HTMLBuilder) {
        switch effect {
        case .receipt(let receipt):
            page.open("li", "effect receipt", [("data-event", receipt.event)])
            page.element("span", "effect-kind", text: "receipt")
            page.element("code", "event", input: receipt.event, limit: Bounds.label, place: "event")
            let properties = JSONWriter.sortedMembers(receipt.properties)
            page.open("span", "properties")
            for (index, property) in properties.prefix(Bounds.properties).enumerated() {
                if index > 0 { page.text(", ") }
                page.input(property.key, limit: Bounds.label, place: nil)
                page.text(": ")
                // Not kept in full: a receipt may carry the whole push (Klaviyo's userInfo); `simulate` shows it.
                page.input(Self.plainText(property.value), limit: Bounds.property, place: nil)
            }
            if properties.count > Bounds.properties {
                page.text(" and \(properties.count - Bounds.properties) more ('bridge-cli simulate' shows them)")
            }
            page.close("span")
        case .action(let name, let handled, _):
            page.open("li", "effect named-action")
            page.element("span", "effect-kind", text: "action")
            page.element("code", input: name, limit: Bounds.label, place: "action")
            page.element("span", "muted", text: handled ? "handled" : "runs the app's handler, if one is registered")
        case .route(let url, let via):
            page.open("li", via == .rejected ? "effect route rejected" : "effect route", [("data-via", via.rawValue)])
            page.element("span", "effect-kind", text: "route")
            page.element("span", "link", input: url, limit: Bounds.link, place: "link")
            page.element("span", "via", text: via == .rejected ? "rejected: never opened" : "via \(via.rawValue)")
        case .dropped(_, let reason):
            page.open("li", "effect dropped")
            page.element("span", "effect-kind", text: "dropped")
            page.element("span", "muted", input: reason, limit: Bounds.note, place: "reason")
        case .diagnostic(let diagnostic):
            page.open("li", "effect diagnostic")
            page.element("span", "effect-kind", text: "note")
            page.element("span", "muted", input: diagnostic.message, limit: Bounds.note, place: "note")
        case .presentation(let options):
            page.open("li", "effect presentation")
            page.element("span", "effect-kind", text: "presentation")
            page.element("span", "muted", text: options.isEmpty ? "not shown" : options.names.joined(separator: ", "))
        }
        page.close("li")
    }

    // MARK: Text helpers

    /// A string as itself, any other value as its canonical JSON.
    private static func plainText(_ value: JSONValue) -> String {
        value.stringValue ?? JSONWriter.string(value)
    }

    /// ` · a, b`: the names of the options set, or nothing when none is.
    private static func optionList<Options: OptionSet>(_ options: Options, _ names: [(Options, String)]) -> String
    where Options.Element == Options {
        let list = names.filter { options.contains($0.0) }.map(\.1)
        return list.isEmpty ? "" : " · " + list.joined(separator: ", ")
    }
}
