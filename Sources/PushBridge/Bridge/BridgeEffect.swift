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
    public var json: JSONValue {
        switch self {
        case .receipt(let receipt):
            return receipt.json
        case .action(let name, let handled, let data):
            return .object(["type": "action", "name": .string(name), "handled": .bool(handled), "data": .object(data)])
        case .route(let url, let via):
            return .object(["type": "route", "url": .string(url), "via": .string(via.rawValue)])
        case .dropped(let step, let reason):
            return .object(["type": "dropped", "step": .string(step.description), "reason": .string(reason)])
        case .diagnostic(let diagnostic):
            return diagnostic.json
        case .presentation(let options):
            return .object(["type": "presentation", "options": .array(options.names.map { .string($0) })])
        }
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
