import PushBridge
import PushBridgeSend

/// A plan for moving an app from one push vendor to another (`bridge-cli migrate`, docs/MIGRATION.md): the app's
/// payloads and send requests grouped by shape with what each loses, the categories to register, the analytics
/// crosswalk, the vendors whose receipts go to the app's collector, the route changes, an ordered checklist
/// derived from the two vendors' profiles, and each template as the new vendor delivers it.
///
/// Only one input of each shape is translated, so a plan over a long history costs one pass to group it.
public struct MigrationPlan: Sendable {
    /// One input: a device payload (`userInfo`) or a backend's send requests (a bundle), with where it came from.
    public enum Input: Sendable {
        /// A device payload.
        case payload(JSONObject, label: String)
        /// A send request, or a bundle of them (a template with its sends).
        case send(JSONValue, label: String)
    }

    /// Inputs of one shape.
    public struct Template: Sendable {
        /// `payload` or `send`.
        public var kind: String
        /// How many inputs have this shape.
        public var count: Int
        /// The labels of the first inputs of this shape (at most ``MigrationPlan/exampleLimit``).
        public var examples: [String]
        /// What the first input of this shape loses.
        public var losses: [Loss]
        /// The losses that say a tap now does something else.
        public var meaningChanges: [Loss]
        /// The input translated and as the new vendor's backend delivers it.
        public var asDelivered: JSONObject
        /// The categories the translated push names, with the source's buttons for it.
        var namedCategory: NotificationCategory?
        /// An id for the shape (`T1`, …), in input order.
        public var id: String
    }

    /// The old vendor.
    public let from: any VendorAdapter
    /// The new vendor.
    public let to: any VendorAdapter
    /// The shapes, worst first (most losses, then most inputs).
    public private(set) var templates: [Template] = []
    /// Inputs skipped, each with why (not the old vendor's, not JSON, no send adapter).
    public private(set) var skipped: [(label: String, reason: String)] = []
    /// The categories the old vendor's SDK registered for these inputs.
    public private(set) var oldCategories: [NotificationCategory] = []

    /// How many example labels a template keeps.
    public static let exampleLimit = 5

    /// The detecting registry.
    let registry: VendorRegistry
    /// The index in ``templates`` of each shape seen.
    private var groups: [String: Int] = [:]
    /// The old vendor's decoding of the first input of each payload shape.
    private var seenPayloads: [PushPayload] = []

    /// Builds the plan over `inputs`, detecting with `registry`.
    public init(from: any VendorAdapter, to: any VendorAdapter, inputs: [Input], registry: VendorRegistry) {
        self.init(from: from, to: to, registry: registry)
        for input in inputs { add(input) }
        finish()
    }

    /// An empty plan; ``add(_:)`` the inputs one at a time (memory grows with the shapes, not the inputs).
    public init(from: any VendorAdapter, to: any VendorAdapter, registry: VendorRegistry) {
        self.from = from
        self.to = to
        self.registry = registry
    }

    /// Adds one input: counted in its shape's template, translated when it is the first of its shape.
    public mutating func add(_ input: Input) {
        let sendSource = SendVendors.adapter(id: from.id), sendTarget = SendVendors.adapter(id: to.id)
        switch input {
        case .payload(let userInfo, let label):
            let claimant = try? registry.claimant(of: userInfo)
            guard claimant?.id == from.id else {
                skipped.append((label, "not \(from.name)'s push (\(claimant.map { "\($0.name) claims it" } ?? "no vendor claims it"))"))
                return
            }
            let key = "p" + JSONWriter.string(Self.shape(.object(userInfo)))
            if let index = groups[key] {
                templates[index].count += 1
                if templates[index].examples.count < Self.exampleLimit { templates[index].examples.append(label) }
                return
            }
            let translation = Translator.translate(userInfo, from: from, to: to, registry: registry)
            seenPayloads.append(translation.payload)
            var template = Template(
                kind: "payload", count: 1, examples: [label], losses: translation.losses,
                meaningChanges: translation.meaningChanges, asDelivered: to.asDelivered(translation.userInfo),
                id: "T\(templates.count + 1)")
            template.namedCategory = Self.category(for: translation, from: from, to: to)
            groups[key] = templates.count
            templates.append(template)
        case .send(let value, let label):
            guard let sendSource, let sendTarget else {
                skipped.append((label, "no send adapter for \(sendSource == nil ? from.name : to.name)"))
                return
            }
            guard let requests = SendHTTPRequest.requests(in: value, for: sendSource) else {
                skipped.append((label, "not a request, an envelope or a bundle of requests"))
                return
            }
            let key = "s" + JSONWriter.string(Self.shape(value))
            if let index = groups[key] {
                templates[index].count += 1
                if templates[index].examples.count < Self.exampleLimit { templates[index].examples.append(label) }
                return
            }
            var losses: [Loss] = []
            var delivered = JSONObject()
            for parsed in sendSource.parseBundle(requests) {
                let result = sendTarget.render(parsed.request, options: SendRenderOptions())
                losses += result.losses.map(\.loss)
                if delivered.isEmpty, let form = sendTarget.parseBundle(result.bundle).first?.request {
                    delivered = sendTarget.deliver(form)
                }
            }
            groups[key] = templates.count
            templates.append(Template(
                kind: "send", count: 1, examples: [label], losses: losses, meaningChanges: [],
                asDelivered: delivered, id: "T\(templates.count + 1)"))
        }
    }

    /// Records an input that could not be read (not JSON, not an object), with why.
    public mutating func skip(_ label: String, reason: String) { skipped.append((label, reason)) }

    /// Ends the plan: the old vendor's categories for the inputs seen, and the templates worst first.
    public mutating func finish() {
        oldCategories = CategoryPlanner.plan(providers: [from], seen: seenPayloads).categories.filter { $0.owner == from.id }
        let order = templates.indices.sorted { (templates[$0].losses.count, templates[$0].count, -$0) > (templates[$1].losses.count, templates[$1].count, -$1) }
        templates = order.map { templates[$0] }
        groups = [:]
    }

    /// The shape of `value`: its members' names and types, values left out (arrays: the shapes of their elements,
    /// each once).
    static func shape(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var shaped = JSONObject(minimumCapacity: object.count)
            for (key, member) in object { shaped[key] = shape(member) }
            return .object(shaped)
        case .array(let elements):
            var shapes: [JSONValue] = []
            for element in elements {
                let elementShape = shape(element)
                if !shapes.contains(elementShape) { shapes.append(elementShape) }
            }
            return .array(shapes)
        case .string: return "string"
        case .number: return "number"
        case .bool: return "bool"
        case .null: return "null"
        }
    }

    /// The category the app must register for the new vendor to show the source's buttons: the one the translated
    /// push names when the new vendor's SDK does not register it itself, else, when the new vendor shows fewer of
    /// the buttons than the source did, the source's own app category or one named after the buttons
    /// (`app_<id>_<id>`), which the template must then name.
    static func category(for translation: Translation, from: any VendorAdapter, to: any VendorAdapter) -> NotificationCategory? {
        let buttons = translation.payload.buttons
        guard !buttons.isEmpty else { return nil }
        let id: String
        if let named = translation.userInfo["aps"]?["category"]?.stringValue, !named.isEmpty {
            guard !to.ownsCategory(named) else { return nil }
            id = named
        } else {
            guard to.decode(translation.userInfo).payload.buttons.count < buttons.count else { return nil }
            let source = translation.payload.category.flatMap { from.ownsCategory($0) ? nil : $0 }
            id = source ?? "app_" + buttons.map(\.id).joined(separator: "_")
        }
        return NotificationCategory(id: id, actions: buttons.map { button in
            var options: NotificationAction.Options = []
            if button.foreground { options.insert(.foreground) }
            if button.destructive { options.insert(.destructive) }
            var action = NotificationAction(id: button.id, title: button.title, options: options)
            if button.input { action.textInput = NotificationAction.TextInput(placeholder: button.placeholder ?? "") }
            return action
        })
    }

    /// The kind of a loss, from its path: `buttons`, `deepLink`, `imageURL`, `data`, `tracking`, `ignored`,
    /// `category`, `messageId`, `claim` (the loss at `$`), or the path's first member.
    public static func kind(of loss: Loss) -> String {
        guard loss.path != JSONPath.root else { return "claim" }
        var name = loss.path.dropFirst(2)
        if let end = name.firstIndex(where: { $0 == "." || $0 == "[" }) { name = name[..<end] }
        return name.isEmpty ? "claim" : String(name)
    }

    /// One row of the analytics crosswalk: an event of the old vendor and its counterpart, if any.
    public struct EventMapping: Sendable, Hashable {
        /// The old vendor's row.
        public var from: EventTableEntry
        /// The new vendor's row of the same kind sent on the same moments, or nil.
        public var to: EventTableEntry?
    }

    /// The crosswalk: each of the old vendor's events with the new vendor's event of the same kind sent on at least
    /// one of the same moments (any, when the old one names none); nil where the new vendor has none.
    public var events: [EventMapping] {
        from.profile.eventTable.map { entry in
            let match = to.profile.eventTable.first { candidate in
                candidate.kind == entry.kind
                    && (entry.sentOn.isEmpty || candidate.sentOn.isEmpty || !Set(candidate.sentOn).isDisjoint(with: entry.sentOn))
            }
            return EventMapping(from: entry, to: match)
        }
    }

    /// The vendors of the move whose receipts go to the app's own collector, with its path.
    public var collector: [(vendor: any VendorAdapter, path: String)] {
        [from, to].compactMap { adapter in
            guard let service = adapter.profile.receiptService, service.destination == .appCollector else { return nil }
            return (adapter, service.eventPath ?? "")
        }
    }

    /// The categories the app must register for the new vendor, each with the templates that name it.
    public var categoriesToRegister: [(category: NotificationCategory, templates: [String])] {
        var result: [(category: NotificationCategory, templates: [String])] = []
        for template in templates {
            guard let category = template.namedCategory else { continue }
            if let index = result.firstIndex(where: { $0.category.id == category.id }) {
                result[index].templates.append(template.id)
            } else {
                result.append((category, [template.id]))
            }
        }
        return result
    }

    /// The route changes (the meaning changes at a link or a button), each with the templates it touches.
    public var links: [(path: String, reason: String, templates: [String])] {
        var result: [(path: String, reason: String, templates: [String])] = []
        for template in templates {
            for change in template.meaningChanges {
                if let index = result.firstIndex(where: { $0.reason == change.reason }) {
                    result[index].templates.append(template.id)
                } else {
                    result.append((change.path, change.reason, [template.id]))
                }
            }
        }
        return result
    }

    /// Losses by kind: how many templates and how many inputs lose something of that kind.
    public var totals: [(kind: String, templates: Int, inputs: Int)] {
        var byKind: [String: (templates: Int, inputs: Int)] = [:]
        for template in templates {
            for kind in Set(template.losses.map(Self.kind)) {
                byKind[kind, default: (0, 0)].templates += 1
                byKind[kind, default: (0, 0)].inputs += template.count
            }
        }
        return byKind.map { ($0.key, $0.value.templates, $0.value.inputs) }
            .sorted { ($0.inputs, $1.kind) > ($1.inputs, $0.kind) }
    }

    /// The ordered steps of the move, from the two vendors' profiles.
    public var checklist: [String] {
        let old = from.name, new = to.name
        let toProfile = to.profile
        var steps: [String] = []
        steps.append("Add \(new)'s SDK beside \(old)'s and ship PushBridge as the notification-centre delegate: each push goes to the vendor that claims it (bridge-cli detect).")
        if toProfile.capabilities.images || toProfile.capabilities.buttonsNeedServiceExtension {
            steps.append("In the Notification Service Extension, hand each push to PushBridge's ServiceExtensionHandler: \(new)'s images\(toProfile.capabilities.buttonsNeedServiceExtension ? " and buttons" : "") need it.")
        }
        if toProfile.tokenRegistration != .none {
            steps.append("Register the APNs token with \(new) (TokenRegistration) at launch and whenever it changes, while \(old) still gets it.")
        }
        let register = categoriesToRegister
        if !register.isEmpty {
            steps.append("Register the app categories \(register.map { "'\($0.category.id)'" }.joined(separator: ", ")) before the first \(new) push that names them.")
        }
        if !oldCategories.isEmpty {
            steps.append("\(old)'s SDK registered \(oldCategories.count) categor\(oldCategories.count == 1 ? "y" : "ies") of its own; they go away with it.")
        }
        steps.append("Count each push once: while \(old)'s SDK is installed it reports \(old)'s pushes itself, so turn PushBridge's \(old) receipts off (NotificationBridge.receiptsOff = [\"\(from.id)\"]; simulate --receipts-off \(from.id)) or \(old)'s own tracking off, never both on.")
        for (adapter, path) in collector {
            steps.append("\(adapter.name)'s receipts go to the app's collector at \(path): forward them to \(adapter.name)'s dashboard.")
        }
        let unmapped = events.filter { $0.to == nil }.map { "'\($0.from.event)'" }
        steps.append(unmapped.isEmpty
            ? "Point each \(old) dashboard metric at its \(new) event (events crosswalk)."
            : "Point each \(old) dashboard metric at its \(new) event; \(unmapped.joined(separator: ", ")) \(unmapped.count == 1 ? "has" : "have") no \(new) counterpart: rebuild or drop those metrics.")
        if templates.contains(where: { !$0.losses.isEmpty }) {
            steps.append("Rework the templates with losses, worst first (templates), and create the templates or campaigns bridge-cli send provision lists.")
        }
        steps.append("QA: send each template through \(new) to a test device and compare it with bridge-cli preview --as-delivered.")
        steps.append("Remove \(old)'s SDK and its extension code once its last scheduled push has been delivered; keep PushBridge's \(old) adapter registered until then.")
        return steps
    }
}
