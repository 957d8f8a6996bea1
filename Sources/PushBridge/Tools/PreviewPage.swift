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

    /// Creates a page drawer.
    public init(loadsImages: Bool = false, appName: String = "Your App") {
        self.loadsImages = loadsImages
        self.appName = appName
    }

    /// The Content-Security-Policy of the page: nothing but the inline style, and images only when loaded.
    public var contentSecurityPolicy: String {
        "default-src 'none'; style-src 'unsafe-inline'; img-src \(loadsImages ? "http: https:" : "'none'"); "
            + "base-uri 'none'; form-action 'none'"
    }

    /// The whole page.
    public func render(_ sections: [Section], title: String) -> String {
        var page = HTMLBuilder()
        page.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        page.open("meta", nil, [("http-equiv", "Content-Security-Policy"), ("content", contentSecurityPolicy)])
        page.raw("<meta name=\"referrer\" content=\"no-referrer\">")
        page.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        page.element("title", text: "PushBridge preview — " + title)
        page.raw("<style>\n")
        page.raw(Self.styleSheet)
        page.raw("</style></head>\n<body>")
        page.open("header", "page-header")
        page.element("h1", text: "PushBridge preview")
        page.element("p", "page-note", text: Self.pageNote(loadsImages: loadsImages))
        page.close("header")
        for (index, section) in sections.enumerated() {
            switch section {
            case .preview(let preview, let label): draw(preview, label: label, number: index + 1, into: &page)
            case .error(let label, let message):
                page.open("section", "payload error", [("data-label", label)])
                page.element("h2", "payload-label", input: label)
                page.element("p", "error-message", input: message)
                page.close("section")
            }
        }
        page.raw("</body></html>\n")
        return page.html
    }

    private static func pageNote(loadsImages: Bool) -> String {
        "Each column is the notification as that vendor would send it. Taps are simulated as an app with no "
            + "action handler and no deep-link delegate (links go to the system route). Links are text, never "
            + "clickable. " + (loadsImages ? "Remote http(s) images are loaded." : "Remote images are not loaded.")
    }

    private func draw(_ preview: NotificationPreview, label: String, number: Int, into page: inout HTMLBuilder) {
        page.open("section", "payload", [("data-label", label), ("data-source", preview.source)])
        page.open("h2", "payload-label")
        page.input(label)
        page.element("span", "source", text: " · claimed by \(preview.source)")
        page.close("h2")
        page.open("div", "columns")
        for column in preview.columns { draw(column, into: &page) }
        page.close("div")
        page.close("section")
    }

    private func draw(_ column: VendorPreview, into page: inout HTMLBuilder) {
        page.open("article", "vendor", [("data-vendor", column.vendor)])
        page.open("h3", "vendor-name")
        page.text(column.name)
        let lossCount = column.translation.losses.count
        page.element("span", lossCount == 0 ? "loss-count none" : "loss-count", text: lossCount == 0
            ? "carries everything" : "\(lossCount) field\(lossCount == 1 ? "" : "s") lost")
        page.close("h3")
        drawBanner(column, into: &page)
        drawExpanded(column, into: &page)
        page.open("div", "details")
        drawCategory(column, into: &page)
        drawTaps(column, into: &page)
        let rest = column.losses(at: .notCarried)
        if !rest.isEmpty {
            page.element("h4", text: "Not carried")
            page.open("ul", "not-carried")
            for loss in rest {
                page.open("li")
                drawLoss(loss, into: &page)
                page.close("li")
            }
            page.close("ul")
        }
        page.close("div")
        page.close("article")
    }

    // MARK: The lock-screen banner

    private func drawBanner(_ column: VendorPreview, into page: inout HTMLBuilder) {
        let shown = column.shown
        page.element("h4", text: "Lock screen")
        page.open("div", "wallpaper")
        page.open("div", shown.isVisible ? "banner" : "banner silent")
        page.open("div", "app-icon")
        if let badge = shown.badge, badge > 0 { page.element("span", "badge", text: String(badge)) }
        page.close("div")
        page.open("div", "banner-text")
        page.open("div", "app-row")
        page.element("span", "app-name", text: appName)
        page.element("span", "time", text: "now")
        page.close("div")
        drawAlertLines(column, into: &page)
        page.close("div")
        if let image = shown.imageURL { drawImage(image, className: "thumbnail", into: &page) }
        page.close("div")
        page.close("div")
        for loss in column.losses(at: .badge) + column.losses(at: .image) { drawLoss(loss, into: &page) }
    }

    private func drawAlertLines(_ column: VendorPreview, into page: inout HTMLBuilder) {
        let alert = column.shown.alert
        if !column.shown.isVisible {
            page.element("p", "silent-note", text: "No alert text: iOS shows nothing (a background push).")
        }
        let lines: [(PreviewSlot, String?, String)] = [
            (.title, alert?.title, "title"), (.subtitle, alert?.subtitle, "subtitle"), (.body, alert?.body, "body"),
        ]
        for (slot, text, className) in lines {
            if let text { page.element("p", className, input: text) }
            for loss in column.losses(at: slot) { drawLoss(loss, into: &page) }
        }
    }

    // MARK: The expanded view (long press)

    private func drawExpanded(_ column: VendorPreview, into page: inout HTMLBuilder) {
        let shown = column.shown
        page.element("h4", text: "Long press")
        page.open("div", "expanded")
        page.open("div", "expanded-card")
        if let image = shown.imageURL { drawImage(image, className: "hero", into: &page) }
        page.open("div", "expanded-text")
        if let title = shown.alert?.title { page.element("p", "title", input: title) }
        if let subtitle = shown.alert?.subtitle { page.element("p", "subtitle", input: subtitle) }
        if let body = shown.alert?.body { page.element("p", "body full", input: body) }
        page.close("div")
        page.close("div")
        let actions = column.category?.actions ?? []
        if actions.isEmpty && shown.buttons.isEmpty && column.lostButtonIndexes.isEmpty {
            page.close("div")
            return
        }
        page.open("ul", "actions")
        for (index, action) in actions.enumerated() {
            drawAction(action, sentTitle: shown.buttons.first { $0.id == action.id }?.title, into: &page)
            for loss in column.losses(at: .button(index)) {
                page.open("li", "action-loss")
                drawLoss(loss, into: &page)
                page.close("li")
            }
        }
        for index in column.lostButtonIndexes where index >= actions.count {
            for loss in column.losses(at: .button(index)) {
                page.open("li", "action ghost")
                drawLoss(loss, into: &page)
                page.close("li")
            }
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
        page.element("span", "action-title", input: action.title)
        if let sentTitle, sentTitle != action.title {
            page.open("span", "sent-title")
            page.text("sent as ")
            page.input("“\(sentTitle)”")
            page.text(": iOS shows the registered title")
            page.close("span")
        }
        if let field = action.textInput {
            page.open("span", "text-field")
            page.open("input", nil, [("type", "text"), ("disabled", "disabled"), ("placeholder", field.placeholder)])
            page.element("span", "send", input: field.buttonTitle)
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
        page.element("span", "url", input: url)
        page.close("div")
    }

    private func drawLoss(_ loss: Loss, into page: inout HTMLBuilder) {
        page.open("div", "lost", [("data-path", loss.path)])
        page.element("span", "lost-mark", text: "✗ lost")
        page.element("code", "lost-path", input: String(loss.path.dropFirst(2)))
        // A lost button is named by its title; any other value is shown as itself.
        let value = loss.value["title"]?.stringValue.map { "button “\($0)”" } ?? Self.plainText(loss.value)
        page.element("span", "lost-value", input: Self.clipped(value, to: 160))
        page.element("span", "lost-reason", input: loss.reason)
        page.close("div")
    }

    // MARK: Category and taps

    private func drawCategory(_ column: VendorPreview, into page: inout HTMLBuilder) {
        page.element("h4", text: "Category registered")
        page.open("div", "category")
        if let category = column.category {
            page.element("code", "category-id", input: category.id)
            let options = Self.optionList(category.options, NotificationCategory.Options.names)
            page.element("span", "muted", text: " by \(category.owner)" + options)
            page.open("ul", "category-actions")
            for action in category.actions {
                page.open("li")
                page.element("code", input: action.id)
                page.text(" ")
                page.input(action.title)
                var notes = Self.optionList(action.options, NotificationAction.Options.names)
                if let field = action.textInput {
                    notes += " · text field “\(field.placeholder)”, “\(field.buttonTitle)”"
                }
                page.element("span", "muted", input: notes)
                page.close("li")
            }
            page.close("ul")
        } else if let id = column.shown.category {
            page.element("code", "category-id", input: id)
            page.element("span", "muted", text: " is registered by no vendor SDK here: the app must register it, "
                + "or iOS shows no buttons")
        } else {
            page.element("span", "muted", text: "none (no buttons)")
        }
        for loss in column.losses(at: .category) { drawLoss(loss, into: &page) }
        if let sound = column.shown.sound { page.element("p", "sound", input: "Sound: \(sound)") }
        for loss in column.losses(at: .sound) { drawLoss(loss, into: &page) }
        page.close("div")
    }

    private func drawTaps(_ column: VendorPreview, into page: inout HTMLBuilder) {
        page.element("h4", text: "What a tap runs")
        page.open("ol", "taps")
        for tap in column.taps {
            page.open("li", "tap", [("data-step", tap.step.description)])
            page.open("span", "tap-name")
            switch tap.step {
            case .openAction(let id):
                let title = column.category?.actions.first { $0.id == id }?.title ?? id
                page.text("Button ")
                page.input("“\(title)”")
            case .dismiss: page.text("Swipe away")
            default: page.text("Body tap")
            }
            page.close("span")
            if tap.step == .open { for loss in column.losses(at: .bodyTap) { drawLoss(loss, into: &page) } }
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
            page.element("code", "event", input: receipt.event)
            let properties = JSONWriter.sortedMembers(receipt.properties)
                .map { "\($0.key): \(Self.clipped(Self.plainText($0.value), to: 48))" }
            page.element("span", "properties", input: properties.joined(separator: ", "))
        case .action(let name, let handled, _):
            page.open("li", "effect named-action")
            page.element("span", "effect-kind", text: "action")
            page.element("code", input: name)
            page.element("span", "muted", text: handled ? "handled" : "runs the app's handler, if one is registered")
        case .route(let url, let via):
            page.open("li", via == .rejected ? "effect route rejected" : "effect route", [("data-via", via.rawValue)])
            page.element("span", "effect-kind", text: "route")
            page.element("span", "link", input: url)
            page.element("span", "via", text: via == .rejected ? "rejected: never opened" : "via \(via.rawValue)")
        case .dropped(_, let reason):
            page.open("li", "effect dropped")
            page.element("span", "effect-kind", text: "dropped")
            page.element("span", "muted", input: reason)
        case .diagnostic(let diagnostic):
            page.open("li", "effect diagnostic")
            page.element("span", "effect-kind", text: "note")
            page.element("span", "muted", input: diagnostic.message)
        }
        page.close("li")
    }

    // MARK: Text helpers

    /// A string as itself, any other value as its canonical JSON.
    private static func plainText(_ value: JSONValue) -> String {
        value.stringValue ?? JSONWriter.string(value)
    }

    private static func clipped(_ text: String, to length: Int) -> String {
        text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }

    /// ` · a, b`: the names of the options set, or nothing when none is.
    private static func optionList<Options: OptionSet>(_ options: Options, _ names: [(Options, String)]) -> String
    where Options.Element == Options {
        let list = names.filter { options.contains($0.0) }.map(\.1)
        return list.isEmpty ? "" : " · " + list.joined(separator: ", ")
    }
}
