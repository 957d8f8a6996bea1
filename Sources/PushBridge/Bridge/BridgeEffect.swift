/// One thing the bridge did for a lifecycle step, in order: what `simulate` prints and conformance compares.
public enum BridgeEffect: Sendable, Hashable {
    /// A receipt was sent.
    case receipt(Receipt)
    /// A named action was offered; `handled` says whether a registered handler took it.
    case action(name: String, handled: Bool, data: JSONObject)
    /// A deep link was routed.
    case route(url: String, via: RouteVia)
    /// A step was dropped (the buffer before `configure` was full).
    case dropped(step: LifecycleStep, reason: String)
    /// Something worth a person's attention (an unhandled action, a rejected link, a repeated open).
    case diagnostic(Diagnostic)
    /// How the push is shown while the app is in the foreground (on `arrive:foreground`): the vendor's decision,
    /// ``VendorAdapter/foregroundPresentation(for:)``.
    case presentation(PresentationOptions)

    /// The effect line (docs/WIRE-FORMATS.md §8 "Effect lines and exit codes").
    // Built with `appendNew` (the keys are distinct): a dictionary literal passes its members as an array of pairs,
    // whose metadata `bridge-cli simulate` would build at run time, and looks each key up.
    public var json: JSONValue {
        var object = JSONObject()
        switch self {
        case .receipt(let receipt):
            return receipt.json
        case .action(let name, let handled, let data):
            object.appendNew("type", "action")
            object.appendNew("name", .string(name))
            object.appendNew("handled", .bool(handled))
            object.appendNew("data", .object(data))
        case .route(let url, let via):
            object.appendNew("type", "route")
            object.appendNew("url", .string(url))
            object.appendNew("via", .string(via.rawValue))
        case .dropped(let step, let reason):
            object.appendNew("type", "dropped")
            object.appendNew("step", .string(step.description))
            object.appendNew("reason", .string(reason))
        case .diagnostic(let diagnostic):
            return diagnostic.json
        case .presentation(let options):
            object.appendNew("type", "presentation")
            object.appendNew("options", .array(options.names.map { .string($0) }))
        }
        return .object(object)
    }

    /// Appends ``json`` as canonical JSON to `output`. A presentation line is written straight (its option names are
    /// fixed ASCII words, the keys in canonical order): its array value, the first array a push without one builds,
    /// would cost a start-up that array's metadata, built at run time (`bridge-cli simulate`).
    package func writeJSON(into output: inout [UInt8]) {
        guard case .presentation(let options) = self else {
            JSONWriter.write(json, into: &output)
            return
        }
        output.append(contentsOf: #"{"options":["#.utf8)
        for (index, name) in options.names.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\""))
            output.append(contentsOf: name.utf8)
            output.append(UInt8(ascii: "\""))
        }
        output.append(contentsOf: #"],"type":"presentation"}"#.utf8)
    }

    /// Reads an effect back from its line (for expectations kept as data).
    public init?(json: JSONValue) {
        switch json["type"]?.stringValue {
        case "receipt":
            guard let vendor = json["vendor"]?.stringValue, let kindName = json["kind"]?.stringValue,
                  let kind = ReceiptKind(rawValue: kindName), let event = json["event"]?.stringValue
            else { return nil }
            self = .receipt(Receipt(
                vendor: vendor, kind: kind, event: event, properties: json["properties"]?.objectValue ?? [:],
                messageId: nil))
        case "action":
            guard let name = json["name"]?.stringValue, let handled = json["handled"]?.boolValue else { return nil }
            self = .action(name: name, handled: handled, data: json["data"]?.objectValue ?? [:])
        case "route":
            guard let url = json["url"]?.stringValue, let via = json["via"]?.stringValue.flatMap(RouteVia.init(rawValue:))
            else { return nil }
            self = .route(url: url, via: via)
        case "dropped":
            guard let stepText = json["step"]?.stringValue, let step = LifecycleStep(stepText) else { return nil }
            self = .dropped(step: step, reason: json["reason"]?.stringValue ?? "")
        case "diagnostic":
            let severity = json["severity"]?.stringValue.flatMap(Diagnostic.Severity.init(rawValue:)) ?? .warning
            self = .diagnostic(Diagnostic(
                severity, code: json["code"]?.stringValue ?? "", path: json["path"]?.stringValue ?? JSONPath.root,
                message: json["message"]?.stringValue ?? ""))
        case "presentation":
            guard let names = json["options"]?.arrayValue?.compactMap(\.stringValue),
                  let options = PresentationOptions(names: names)
            else { return nil }
            self = .presentation(options)
        default:
            return nil
        }
    }
}
