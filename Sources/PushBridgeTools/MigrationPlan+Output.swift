import PushBridge

extension MigrationPlan {
    /// `plan.json`: `from`, `to`, `inputs`, `skipped`, `templates` (worst first), `totals`, `categories`
    /// (`register`, `goesAway`), `events`, `collector` (vendor ids) with `collectorPaths`, `links`, `checklist`,
    /// and `asDelivered` (each template as the new vendor delivers it) (docs/MIGRATION.md).
    public var json: JSONValue {
        func lossList(_ losses: [Loss]) -> JSONValue {
            .array(losses.map { ["path": .string($0.path), "reason": .string($0.reason), "kind": .string(Self.kind(of: $0))] })
        }
        let templateList: [JSONValue] = templates.map { template in
            [
                "id": .string(template.id), "kind": .string(template.kind), "count": .int(template.count),
                "examples": .array(template.examples.map { .string($0) }), "losses": lossList(template.losses),
                "meaningChanges": lossList(template.meaningChanges), "asDelivered": .object(template.asDelivered),
            ]
        }
        let eventList: [JSONValue] = events.map { mapping in
            [
                "from": ["event": .string(mapping.from.event), "kind": .string(mapping.from.kind.rawValue)],
                "to": mapping.to.map { ["event": .string($0.event), "kind": .string($0.kind.rawValue)] } ?? .null,
            ]
        }
        let register: [JSONValue] = categoriesToRegister.map { entry in
            var category = entry.category.json.objectValue ?? [:]
            category["templates"] = .array(entry.templates.map { .string($0) })
            return .object(category)
        }
        return [
            "from": .string(from.id), "to": .string(to.id),
            "inputs": .int(templates.reduce(0) { $0 + $1.count } + skipped.count),
            "skipped": .array(skipped.map { ["input": .string($0.label), "reason": .string($0.reason)] }),
            "templates": .array(templateList),
            "totals": .array(totals.map { ["kind": .string($0.kind), "templates": .int($0.templates), "inputs": .int($0.inputs)] }),
            "categories": ["register": .array(register), "goesAway": .array(oldCategories.map(\.json))],
            "events": .array(eventList),
            "collector": .array(collector.map { .string($0.vendor.id) }),
            "collectorPaths": .object(JSONObject(collector.map { ($0.vendor.id, JSONValue.string($0.path)) })),
            "asDelivered": .array(templates.map { ["template": .string($0.id), "userInfo": .object($0.asDelivered)] }),
            "links": .array(links.map {
                ["path": .string($0.path), "change": .string($0.reason), "templates": .array($0.templates.map { .string($0) })]
            }),
            "checklist": .array(checklist.map { .string($0) }),
        ]
    }

    /// `plan.md`: the same plan for a pull request. Input text is written inside code spans, its backticks and
    /// line breaks replaced, so it cannot change the document around it.
    public var markdown: String {
        func code(_ text: String) -> String {
            let flat = text.escapedForDisplay.replacingAll("`", with: "'").replacingAll("\n", with: " ")
            return "`" + flat + "`"
        }
        var out = "# Moving from \(from.name) to \(to.name)\n\n"
        let inputs = templates.reduce(0) { $0 + $1.count }
        out += "\(inputs) input\(inputs == 1 ? "" : "s") in \(templates.count) shape\(templates.count == 1 ? "" : "s")"
        out += skipped.isEmpty ? ".\n" : "; \(skipped.count) skipped.\n"
        out += "\n## Checklist\n\n"
        for (index, step) in checklist.enumerated() { out += "\(index + 1). \(step)\n" }
        out += "\n## Losses by kind\n\n| kind | templates | inputs |\n|---|---|---|\n"
        for total in totals { out += "| \(total.kind) | \(total.templates) | \(total.inputs) |\n" }
        out += "\n## Templates, worst first\n\n"
        for template in templates {
            out += "### \(template.id) (\(template.kind), \(template.count)×: \(template.examples.map(code).joined(separator: ", ")))\n\n"
            if template.losses.isEmpty { out += "Nothing lost.\n\n"; continue }
            for loss in template.losses { out += "- \(code(loss.path)): \(code(loss.reason))\n" }
            out += "\n"
        }
        out += "## Categories to register in the app\n\n"
        let register = categoriesToRegister
        if register.isEmpty { out += "None.\n" }
        for entry in register {
            let actions = entry.category.actions.map { code($0.id + " " + $0.title) }.joined(separator: ", ")
            out += "- \(code(entry.category.id)): \(actions) (\(entry.templates.joined(separator: ", ")))\n"
        }
        if !oldCategories.isEmpty {
            out += "\n\(from.name)'s SDK registered, and they go away: \(oldCategories.map { code($0.id) }.joined(separator: ", ")).\n"
        }
        out += "\n## Events\n\n| \(from.name) | kind | \(to.name) |\n|---|---|---|\n"
        for mapping in events {
            out += "| \(code(mapping.from.event)) | \(mapping.from.kind.rawValue) | \(mapping.to.map { code($0.event) } ?? "none") |\n"
        }
        out += "\n## Receipts to the app's collector\n\n"
        out += collector.isEmpty ? "None: both vendors take their receipts at their own API.\n"
            : collector.map { "- \($0.vendor.name): \(code($0.path))\n" }.joined()
        out += "\n## Route changes\n\n"
        out += links.isEmpty ? "None.\n" : links.map { "- \(code($0.path)): \(code($0.reason)) (\($0.templates.joined(separator: ", ")))\n" }.joined()
        return out
    }

    /// `plan.html`: one page, no script, every input inert (the preview's conventions, docs/PREVIEW.md).
    public var html: String {
        var page = HTMLBuilder()
        page.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        page.open("meta", nil, [("http-equiv", "Content-Security-Policy"), ("content", "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'")])
        page.element("title", text: "Moving from \(from.name) to \(to.name)")
        page.raw("<style>body{font:14px system-ui,sans-serif;margin:2em;max-width:60em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}code{background:#f4f4f4}.none{color:#a00}</style></head><body>")
        page.element("h1", text: "Moving from \(from.name) to \(to.name)")
        page.element("h2", text: "Checklist")
        page.open("ol", "checklist")
        for step in checklist { page.element("li", "step", text: step) }
        page.close("ol")
        page.element("h2", text: "Templates, worst first")
        for template in templates {
            page.open("section", "template", [("data-id", template.id), ("data-count", String(template.count))])
            page.element("h3", text: "\(template.id) (\(template.kind), \(template.count)×)")
            page.open("ul", "losses")
            for loss in template.losses {
                page.open("li", "loss", [("data-path", loss.path), ("data-kind", Self.kind(of: loss))])
                page.element("code", input: loss.path, limit: 200, place: nil)
                page.text(": ")
                page.input(loss.reason, limit: 400, place: nil)
                page.close("li")
            }
            page.close("ul")
            page.close("section")
        }
        page.element("h2", text: "Categories to register")
        page.open("ul", "categories")
        for entry in categoriesToRegister {
            page.open("li", "category", [("data-id", entry.category.id)])
            page.element("code", input: entry.category.id, limit: 200, place: nil)
            page.text(": " + entry.category.actions.map(\.title).joined(separator: ", "))
            page.close("li")
        }
        page.close("ul")
        page.element("h2", text: "Events")
        page.open("table", "events")
        for mapping in events {
            page.open("tr", "event", [("data-from", mapping.from.event), ("data-to", mapping.to?.event ?? "")])
            page.element("td", input: mapping.from.event, limit: 200, place: nil)
            page.element("td", text: mapping.from.kind.rawValue)
            if let target = mapping.to { page.element("td", input: target.event, limit: 200, place: nil) } else { page.element("td", "none", text: "none") }
            page.close("tr")
        }
        page.close("table")
        page.element("h2", text: "Receipts to the app's collector")
        page.open("ul", "collector")
        for (adapter, path) in collector { page.element("li", "collector-vendor", text: "\(adapter.name): \(path)") }
        page.close("ul")
        page.raw("</body></html>\n")
        return page.html
    }
}

extension String {
    /// The text with every `target` replaced by `replacement`.
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
