import PushBridge

/// One mutated copy of a payload (WIRE-FORMATS §9.5), in the spirit of NIO's `ByteToMessageDecoderVerifier`.
public struct AdversarialVariant: Sendable, Hashable {
    /// What was done.
    public enum Mutation: Sendable, Hashable, CustomStringConvertible {
        /// The key was removed.
        case removed
        /// The value was replaced by a value of another JSON type (`null`, `true`, `1.5`, `""`, `[]`, `{}`).
        case replaced(by: JSONValue)
        /// The string was cut to half its length.
        case truncated
        /// The array or object was emptied.
        case emptied
        /// The array's elements were repeated to 100 elements.
        case multiplied
        /// The string was replaced by one of 5,000 characters.
        case huge
        /// A value nested 100 levels deep was added under a new key.
        case deeplyNested

        public var description: String {
            switch self {
            case .removed: return "removed"
            case .replaced(let value):
                return value == .null ? "replaced by null" : "replaced by \(value.typeName) \(JSONWriter.string(value))"
            case .truncated: return "truncated"
            case .emptied: return "emptied"
            case .multiplied: return "multiplied to 100"
            case .huge: return "made 5000 characters long"
            case .deeplyNested: return "nested 100 deep"
            }
        }
    }

    /// JSON path of the mutated value in the wire payload; a path into a JSON-encoded string continues
    /// inside it (`$.action_buttons[0].name` for the `name` inside Zixflow's `action_buttons` string).
    public var path: String
    /// What was done there.
    public var mutation: Mutation
    /// The mutated userInfo.
    public var userInfo: JSONObject
    /// The value that was there before, for a replacement.
    public var original: JSONValue?
    /// Whether the mutation changed the JSON held in the string at ``path`` rather than the string itself.
    public var insideString = false

    /// `$.badge replaced by number 1.5`; `$.action_buttons emptied (inside the string)`.
    public var label: String { "\(path) \(mutation)" + (insideString ? " (inside the string)" : "") }

    /// The replacement values, one of each JSON type.
    static let replacements: [JSONValue] = [
        .null, .bool(true), .number(JSONNumber(1.5)), .string(""), .array([]), .object([:]),
    ]

    /// Every variant of `userInfo`, at most `limit` of them, spread evenly over the payload when there are
    /// more (the same ones every time).
    public static func variants(of userInfo: JSONObject, limit: Int) -> [AdversarialVariant] {
        var all: [AdversarialVariant] = []
        let root = JSONValue.object(userInfo)
        walk(root, steps: [], embedded: false) { steps, mutation, replacement, original in
            let mutated = replacing(steps[...], in: root, with: replacement)
            all.append(
                AdversarialVariant(
                    path: JSONPathSteps.render(steps.map(\.step)), mutation: mutation,
                    userInfo: mutated.objectValue ?? [:],
                    original: original, insideString: steps.last?.entersEmbeddedJSON ?? false))
        }
        var nested: JSONValue = .string("deep")
        for _ in 0..<100 { nested = .array([nested]) }
        var deep = userInfo
        deep["zz-adversarial-deep"] = nested
        all.append(AdversarialVariant(path: "$[\"zz-adversarial-deep\"]", mutation: .deeplyNested, userInfo: deep))
        if !userInfo.isEmpty { all.append(AdversarialVariant(path: JSONPath.root, mutation: .emptied, userInfo: [:])) }

        guard limit > 0 else { return [] }
        guard all.count > limit else { return all }
        // An even spread, always keeping the whole-payload variants at the end.
        let global = userInfo.isEmpty ? 1 : 2
        guard limit > global else { return Array(all.suffix(limit)) }
        let local = all.count - global
        let slots = limit - global
        var chosen: [AdversarialVariant] = []
        for slot in 0..<slots { chosen.append(all[slot * local / slots]) }
        return chosen + all.suffix(global)
    }

    /// One step of the walk: into a member or element, or into the JSON text of a string.
    struct WalkStep: Hashable {
        var step: JSONPathSteps.Step
        /// Whether the value at this step is a string holding JSON, entered as that JSON.
        var entersEmbeddedJSON = false
    }

    /// Calls `emit` with (path, mutation, replacement (nil to remove), value replaced) for every variant
    /// under `value`.
    private static func walk(
        _ value: JSONValue, steps: [WalkStep], embedded: Bool,
        _ report: (_ steps: [WalkStep], _ mutation: Mutation, _ replacement: JSONValue?, _ original: JSONValue) -> Void
    ) {
        func emit(_ steps: [WalkStep], _ mutation: Mutation, _ replacement: JSONValue?) {
            report(steps, mutation, replacement, value)
        }
        if let last = steps.last {
            // The root of embedded JSON was already removed as the string holding it.
            if case .member = last.step, !last.entersEmbeddedJSON { emit(steps, .removed, nil) }
            for replacement in replacements where replacement.typeName != value.typeName {
                emit(steps, .replaced(by: replacement), replacement)
            }
        }
        switch value {
        case .string(let text):
            let characters = Array(text)
            if characters.count >= 2 {
                emit(steps, .truncated, .string(String(characters.prefix(characters.count / 2))))
            }
            if !embedded, !steps.isEmpty, text.utf8.count < 4096 {
                emit(steps, .huge, .string(String(repeating: "x", count: 5000)))
            }
            if !embedded, let first = text.utf8.first, first == UInt8(ascii: "[") || first == UInt8(ascii: "{"),
                let inner = try? JSONParser.parse(text, options: JSONParser.Options(maxDepth: 16, maxBytes: 64 * 1024)),
                var last = steps.last
            {
                last.entersEmbeddedJSON = true
                walk(inner, steps: steps.dropLast() + [last], embedded: true, report)
            }
        case .array(let elements):
            if !elements.isEmpty {
                if !steps.isEmpty { emit(steps, .emptied, .array([])) }
                var many: [JSONValue] = []
                while many.count < 100 { many += elements }
                emit(steps, .multiplied, .array(Array(many.prefix(100))))
            }
            for (index, element) in elements.enumerated() {
                walk(element, steps: steps + [WalkStep(step: .index(index))], embedded: embedded, report)
            }
        case .object(let members):
            if !members.isEmpty, !steps.isEmpty { emit(steps, .emptied, .object([:])) }
            for key in JSONWriter.sortedKeys(members) {
                walk(members[key]!, steps: steps + [WalkStep(step: .member(key))], embedded: embedded, report)
            }
        case .null, .bool, .number:
            break
        }
    }

    /// `value` with the value at `steps` replaced (or removed when `replacement` is nil); a step that
    /// enters embedded JSON re-encodes the changed JSON into the string.
    private static func replacing(
        _ steps: ArraySlice<WalkStep>, in value: JSONValue, with replacement: JSONValue?
    ) -> JSONValue {
        guard let first = steps.first else { return replacement ?? .null }
        let rest = steps.dropFirst()
        func inner(_ child: JSONValue) -> JSONValue? {
            guard first.entersEmbeddedJSON else {
                return rest.isEmpty ? replacement : replacing(rest, in: child, with: replacement)
            }
            // The path continues inside the JSON text of `child`.
            guard let text = child.stringValue, let parsed = try? JSONParser.parse(text) else { return child }
            if rest.isEmpty { return replacement.map { .string(JSONWriter.string($0)) } }
            return .string(JSONWriter.string(replacing(rest, in: parsed, with: replacement)))
        }
        switch (first.step, value) {
        case (.member(let key), .object(var members)):
            guard let child = members[key] else { return value }
            members[key] = inner(child)
            return .object(members)
        case (.index(let index), .array(var elements)):
            guard elements.indices.contains(index) else { return value }
            if let changed = inner(elements[index]) {
                elements[index] = changed
            } else {
                elements.remove(at: index)
            }
            return .array(elements)
        default:
            return value
        }
    }
}
