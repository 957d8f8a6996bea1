import PushBridge

/// One conformance case: a payload, what happens to it, and what must come out (see `Conformance/README.md`).
///
/// Cases are data: they are read from JSON files (``ConformanceCaseFile``), but can also be built in code.
public struct ConformanceCase: Sendable, Hashable {
    /// What the case expects. Every field is optional: only what is given is compared.
    public struct Expectation: Sendable, Hashable {
        /// The vendor that must claim the payload, and no other; nil when no vendor may claim it.
        /// Defaults to the case's vendor.
        public var claimedBy: String?
        /// A subset of the bridge form: only the keys present are compared (their values exactly);
        /// a key whose expected value is `null` must be absent.
        public var bridge: JSONObject?
        /// The effect lines of the steps, in order (WIRE-FORMATS §8). Receipt, action, route and dropped lines are
        /// compared exactly; presentation lines only when ``effectsIncludePresentation`` is set; diagnostic lines
        /// only when ``effectsIncludeDiagnostics`` is set, and then only the keys they give (`code`, `severity`, …).
        public var effects: [JSONValue]?
        /// Whether diagnostic effects take part in the ``effects`` comparison.
        public var effectsIncludeDiagnostics: Bool
        /// Whether `presentation` effects (of `arrive:foreground`) take part in the ``effects`` comparison.
        public var effectsIncludePresentation: Bool
        /// For each target vendor id, the loss paths of translating the payload there (compared as sets).
        public var losses: [String: [String]]?
        /// For each target vendor id, values the translated userInfo must hold, keyed by JSON path
        /// (`$.aps.category`); `null` means the path must be absent.
        public var translated: [String: JSONObject]?
        /// Diagnostics decoding must report (each must appear; others may too).
        public var diagnostics: [ExpectedDiagnostic]?

        /// Creates an expectation.
        public init(
            claimedBy: String?, bridge: JSONObject? = nil, effects: [JSONValue]? = nil,
            effectsIncludeDiagnostics: Bool = false, losses: [String: [String]]? = nil,
            translated: [String: JSONObject]? = nil,
            diagnostics: [ExpectedDiagnostic]? = nil, effectsIncludePresentation: Bool = false
        ) {
            self.effectsIncludePresentation = effectsIncludePresentation
            self.claimedBy = claimedBy
            self.bridge = bridge
            self.effects = effects
            self.effectsIncludeDiagnostics = effectsIncludeDiagnostics
            self.losses = losses
            self.translated = translated
            self.diagnostics = diagnostics
        }
    }

    /// A diagnostic decoding must report: its code and, when given, its path and severity.
    public struct ExpectedDiagnostic: Sendable, Hashable, CustomStringConvertible {
        /// The diagnostic's code (`badge-not-integer`).
        public var code: String
        /// The JSON path in the wire payload, when it matters.
        public var path: String?
        /// The severity, when it matters.
        public var severity: Diagnostic.Severity?

        /// Creates an expected diagnostic.
        public init(code: String, path: String? = nil, severity: Diagnostic.Severity? = nil) {
            self.code = code
            self.path = path
            self.severity = severity
        }

        /// Whether `diagnostic` matches.
        public func matches(_ diagnostic: Diagnostic) -> Bool {
            diagnostic.code == code && (path == nil || diagnostic.path == path)
                && (severity == nil || diagnostic.severity == severity)
        }

        public var description: String {
            var text = code
            if let path { text += " at \(path)" }
            if let severity { text += " (\(severity.rawValue))" }
            return text
        }
    }

    /// A bug the case documents, and the checks it makes fail.
    public struct KnownIssue: Sendable, Hashable {
        /// What is wrong and where (shown in reports).
        public var note: String
        /// The checks the bug makes fail, as reports name them (`law:round-trip`, `losses:buzzkit`,
        /// `law:adversarial`); empty for every check.
        public var checks: [String]

        /// Creates a known issue.
        public init(note: String, checks: [String] = []) {
            self.note = note
            self.checks = checks
        }

        /// Whether `failure` is one this issue explains.
        public func explains(_ failure: ConformanceFailure) -> Bool {
            let name = failure.check.description
            return checks.isEmpty || checks.contains { name == $0 || name.hasPrefix($0 + "(") }
        }
    }

    /// The stable id (`zixflow-seed-custom-body-tap`): never reused for a different case.
    public var id: String
    /// A short unique sentence saying what the case shows (at most 80 characters).
    public var description: String
    /// The id of the vendor whose adapter the case is for.
    public var vendor: String
    /// The userInfo.
    public var payload: JSONObject
    /// The lifecycle steps to run, in order.
    public var steps: [LifecycleStep]
    /// The switches of `bridge-cli simulate` (the vendor is always the case's vendor).
    public var options: SimulationOptions
    /// What must come out.
    public var expect: Expectation
    /// The sections of docs/WIRE-FORMATS.md the case covers (documentation only).
    public var covers: [String]
    /// When set, the case documents a known bug: failures of the listed checks are reported as known
    /// instead of failing the run, and the case fails once they pass (so the note is removed with the bug).
    public var knownIssue: KnownIssue?
    /// Where the case came from (a file path), for messages.
    public var source: String

    /// Creates a case.
    public init(
        id: String, description: String, vendor: String, payload: JSONObject, steps: [LifecycleStep] = [],
        options: SimulationOptions = SimulationOptions(), expect: Expectation? = nil, covers: [String] = [],
        knownIssue: KnownIssue? = nil, source: String = ""
    ) {
        self.id = id
        self.description = description
        self.vendor = vendor
        self.payload = payload
        self.steps = steps
        self.options = options
        self.expect = expect ?? Expectation(claimedBy: vendor)
        self.covers = covers
        self.knownIssue = knownIssue
        self.source = source
    }
}

/// Reads case files: `{"description": …, "cases": [ … ]}` (see `Conformance/case-schema.json`).
///
/// Reading is strict, like the schema: an unknown field, a value of the wrong type or a missing
/// required field is a problem naming its JSON path, and the case it is in is not run.
public enum ConformanceCaseFile {
    /// The fields each object of the format allows; `required` ones must be present.
    /// Kept equal to `Conformance/case-schema.json` (a test checks it).
    static let fields: [String: (allowed: Set<String>, required: Set<String>)] = [
        "file": (["$schema", "description", "cases"], ["description", "cases"]),
        "case": (
            ["id", "description", "vendor", "covers", "knownIssue", "payload", "steps", "options", "expect"],
            ["id", "description", "vendor", "payload", "expect"]
        ),
        "options": (
            [
                "deviceToken", "userText", "delegateAcceptsSchemes", "linkHandler", "closure", "userActivity", "webView",
                "requestId", "registeredActions", "bufferCapacity", "vendorConfig", "time", "appState",
            ], []
        ),
        "expect": (
            [
                "claimedBy", "bridge", "effects", "effectsIncludeDiagnostics", "effectsIncludePresentation", "losses",
                "translated", "diagnostics",
            ], []
        ),
        "diagnostic": (["code", "path", "severity"], ["code"]),
        "knownIssue": (["note", "checks"], ["note"]),
        "bridge": (
            [
                "vendor", "messageId", "alert", "badge", "sound", "category", "threadId", "mutableContent",
                "contentAvailable", "imageURL", "deepLink", "action", "buttons", "data", "tracking", "ignored",
                "apsExtra",
            ], []
        ),
        "effect.receipt": (
            ["type", "vendor", "kind", "event", "properties"], ["type", "vendor", "kind", "event", "properties"]
        ),
        "effect.action": (["type", "name", "handled", "data"], ["type", "name", "handled", "data"]),
        "effect.route": (["type", "url", "via"], ["type", "url", "via"]),
        "effect.dropped": (["type", "step", "reason"], ["type", "step", "reason"]),
        "effect.presentation": (["type", "options"], ["type", "options"]),
        "effect.diagnostic": (["type", "code", "severity", "path", "message"], ["type", "code"]),
    ]

    /// Longest description allowed.
    public static let maxDescriptionLength = 80

    /// The cases of one file, and the problems that kept other cases (or the whole file) from being read.
    public static func read(
        _ bytes: [UInt8], source: String
    ) -> (cases: [ConformanceCase], problems: [ConformanceFailure]) {
        let root: JSONValue
        do throws(JSONParseError) {
            root = try JSONParser.parse(bytes)
        } catch {
            return (
                [],
                [
                    ConformanceFailure(
                        caseID: source, check: .caseFile, path: "$", expected: "valid JSON", actual: "\(error)")
                ]
            )
        }
        var reader = Reader(caseID: source)
        guard let file = reader.object(root, "file", at: "$") else { return ([], reader.problems) }
        _ = reader.string(file["$schema"], at: "$[\"$schema\"]")
        if reader.string(file["description"], at: "$.description") == "" {
            reader.problem("$.description", expected: "a non-empty string", actual: "\"\"")
        }
        var cases: [ConformanceCase] = []
        var problems = reader.problems
        guard let elements = file["cases"]?.arrayValue else {
            if file["cases"] != nil {
                problems.append(reader.wrongType("$.cases", "an array of cases", file["cases"]!))
            }
            return ([], problems)
        }
        if elements.isEmpty {
            problems.append(
                ConformanceFailure(
                    caseID: source, check: .caseFile, path: "$.cases", expected: "at least one case", actual: "[]"))
        }
        for (index, element) in elements.enumerated() {
            let path = JSONPath.element(index, of: "$.cases")
            let id = element["id"]?.stringValue.map { $0.isEmpty ? "\(source)\(path)" : $0 } ?? "\(source)\(path)"
            var caseReader = Reader(caseID: id)
            if let parsed = caseReader.conformanceCase(element, at: path, source: source), caseReader.problems.isEmpty {
                cases.append(parsed)
            }
            problems += caseReader.problems
        }
        return (cases, problems)
    }

    /// Whether `id` has the form the schema asks for: lowercase letters and digits in groups joined by
    /// `-` or `.` (`zixflow-seed-custom.body-tap`).
    public static func isValidID(_ id: String) -> Bool {
        var previousWasSeparator = true
        for byte in id.utf8 {
            let isWord =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            if isWord {
                previousWasSeparator = false
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") {
                if previousWasSeparator { return false }
                previousWasSeparator = true
            } else {
                return false
            }
        }
        return !previousWasSeparator
    }

    /// Reads one case's fields, collecting problems with their paths.
    private struct Reader {
        let caseID: String
        var problems: [ConformanceFailure] = []

        init(caseID: String) { self.caseID = caseID }

        mutating func problem(_ path: String, expected: String, actual: String) {
            problems.append(
                ConformanceFailure(caseID: caseID, check: .caseFile, path: path, expected: expected, actual: actual))
        }

        func wrongType(_ path: String, _ expected: String, _ value: JSONValue) -> ConformanceFailure {
            ConformanceFailure(
                caseID: caseID, check: .caseFile, path: path, expected: expected, actual: "a \(value.typeName)")
        }

        /// `value` as `extract` reads it; nil when absent, and nil with a problem naming what was `expected` when
        /// it is of another type.
        mutating func typed<Value>(
            _ value: JSONValue?, at path: String, _ expected: String, _ extract: (JSONValue) -> Value?
        ) -> Value? {
            guard let value else { return nil }
            guard let typed = extract(value) else {
                problems.append(wrongType(path, expected, value))
                return nil
            }
            return typed
        }

        /// The members of an object of kind `kind`, after checking its fields.
        mutating func object(_ value: JSONValue?, _ kind: String, at path: String) -> JSONObject? {
            guard let members = typed(value, at: path, "an object", \.objectValue) else { return nil }
            if let rule = ConformanceCaseFile.fields[kind] {
                for key in JSONWriter.sortedKeys(members) where !rule.allowed.contains(key) {
                    problem(
                        JSONPath.member(key, of: path),
                        expected: "no such field (known: \(rule.allowed.sorted().joined(separator: ", ")))",
                        actual: "an unknown field")
                }
                for key in rule.required.sorted() where members[key] == nil {
                    problem(JSONPath.member(key, of: path), expected: "a required field", actual: "absent")
                }
            }
            return members
        }

        mutating func string(_ value: JSONValue?, at path: String) -> String? {
            typed(value, at: path, "a string", \.stringValue)
        }

        mutating func bool(_ value: JSONValue?, at path: String) -> Bool? {
            typed(value, at: path, "true or false", \.boolValue)
        }

        mutating func strings(_ value: JSONValue?, at path: String) -> [String]? {
            guard let elements = typed(value, at: path, "an array of strings", \.arrayValue) else { return nil }
            var result: [String] = []
            for (index, element) in elements.enumerated() {
                if let text = string(element, at: JSONPath.element(index, of: path)) { result.append(text) }
            }
            return result
        }

        mutating func conformanceCase(_ value: JSONValue, at path: String, source: String) -> ConformanceCase? {
            guard let members = object(value, "case", at: path) else { return nil }
            let id = string(members["id"], at: path + ".id") ?? ""
            if members["id"]?.stringValue != nil, !ConformanceCaseFile.isValidID(id) {
                problem(path + ".id", expected: "lowercase letters and digits joined by - or .", actual: "\"\(id)\"")
            }
            let description = string(members["description"], at: path + ".description") ?? ""
            if description.isEmpty || description.unicodeScalars.count > ConformanceCaseFile.maxDescriptionLength {
                if members["description"]?.stringValue != nil {
                    problem(
                        path + ".description", expected: "1 to \(ConformanceCaseFile.maxDescriptionLength) characters",
                        actual: "\(description.unicodeScalars.count) characters")
                }
            }
            let vendor = string(members["vendor"], at: path + ".vendor") ?? ""
            if members["vendor"]?.stringValue == "" {
                problem(path + ".vendor", expected: "a vendor id", actual: "\"\"")
            }
            let covers = strings(members["covers"], at: path + ".covers") ?? []
            var knownIssue: ConformanceCase.KnownIssue?
            if let fields = object(members["knownIssue"], "knownIssue", at: path + ".knownIssue") {
                let note = string(fields["note"], at: path + ".knownIssue.note") ?? ""
                if fields["note"]?.stringValue == "" {
                    problem(path + ".knownIssue.note", expected: "what is wrong, and where", actual: "\"\"")
                }
                knownIssue = ConformanceCase.KnownIssue(
                    note: note, checks: strings(fields["checks"], at: path + ".knownIssue.checks") ?? [])
            }
            var payload: JSONObject = [:]
            if let value = members["payload"] {
                if let object = value.objectValue {
                    payload = object
                } else {
                    problems.append(wrongType(path + ".payload", "an object (the userInfo)", value))
                }
            }
            var steps: [LifecycleStep] = []
            for (index, text) in (strings(members["steps"], at: path + ".steps") ?? []).enumerated() {
                if let step = LifecycleStep(text) {
                    steps.append(step)
                } else {
                    problem(
                        JSONPath.element(index, of: path + ".steps"),
                        expected:
                            "a lifecycle step (configure, arrive:service-extension|foreground|background, open, "
                            + "open:<id>, dismiss, launch)",
                        actual: "\"\(text)\"")
                }
            }
            let options = simulationOptions(members["options"], at: path + ".options")
            let expect = expectation(members["expect"], at: path + ".expect", vendor: vendor)
            if !steps.isEmpty, expect.effects == nil {
                problem(
                    path + ".expect.effects", expected: "the expected effects of the steps (use [] for none)",
                    actual: "absent")
            }
            if members["steps"] == nil, expect.effects != nil {
                problem(path + ".steps", expected: "the steps whose effects expect.effects lists", actual: "absent")
            }
            return ConformanceCase(
                id: id, description: description, vendor: vendor, payload: payload, steps: steps, options: options,
                expect: expect, covers: covers, knownIssue: knownIssue, source: source)
        }

        mutating func simulationOptions(_ value: JSONValue?, at path: String) -> SimulationOptions {
            var options = SimulationOptions()
            guard let members = object(value, "options", at: path) else { return options }
            options.deviceToken = string(members["deviceToken"], at: path + ".deviceToken")
            options.userText = string(members["userText"], at: path + ".userText")
            options.delegateAcceptsSchemes = strings(
                members["delegateAcceptsSchemes"], at: path + ".delegateAcceptsSchemes")
            options.linkHandler = bool(members["linkHandler"], at: path + ".linkHandler")
                ?? bool(members["closure"], at: path + ".closure") ?? false
            options.userActivity = bool(members["userActivity"], at: path + ".userActivity") ?? false
            options.webView = bool(members["webView"], at: path + ".webView") ?? false
            options.requestIdentifier = string(members["requestId"], at: path + ".requestId")
            options.registeredActions = strings(members["registeredActions"], at: path + ".registeredActions") ?? []
            if let settings = object(members["vendorConfig"], "vendorConfig", at: path + ".vendorConfig") {
                // `{"ID.KEY": value}`, a string or (for a flag) true/false, as `--vendor-config ID.KEY=VALUE`.
                for (key, value) in settings {
                    switch value {
                    case .string(let text): options.vendorSettings.append(key + "=" + text)
                    case .bool(let flag): options.vendorSettings.append(key + "=" + (flag ? "true" : "false"))
                    default:
                        problem(JSONPath.member(key, of: path + ".vendorConfig"), expected: "a string or true/false",
                                actual: JSONWriter.string(value))
                    }
                }
            }
            if let value = members["time"] {
                if let seconds = value.intValue {
                    options.time = seconds
                } else {
                    problem(path + ".time", expected: "a whole number of seconds", actual: JSONWriter.string(value))
                }
            }
            if let value = members["appState"] {
                if let state = value.stringValue.flatMap(AppState.init(rawValue:)) {
                    options.appState = state
                } else {
                    problem(
                        path + ".appState", expected: AppState.allCases.map(\.rawValue).joined(separator: ", "),
                        actual: JSONWriter.string(value))
                }
            }
            if let value = members["bufferCapacity"] {
                if let capacity = value.intValue, capacity >= 0 {
                    options.bufferCapacity = capacity
                } else {
                    problem(
                        path + ".bufferCapacity", expected: "a whole number ≥ 0", actual: JSONWriter.string(value))
                }
            }
            return options
        }

        mutating func expectation(_ value: JSONValue?, at path: String, vendor: String) -> ConformanceCase.Expectation {
            var expect = ConformanceCase.Expectation(claimedBy: vendor)
            guard let members = object(value, "expect", at: path) else { return expect }
            if let claimed = members["claimedBy"] {
                if claimed == .null {
                    expect.claimedBy = nil
                } else {
                    expect.claimedBy = string(claimed, at: path + ".claimedBy")
                }
            }
            expect.bridge = object(members["bridge"], "bridge", at: path + ".bridge")
            if let effects = members["effects"] {
                if let elements = effects.arrayValue {
                    for (index, element) in elements.enumerated() {
                        effect(element, at: JSONPath.element(index, of: path + ".effects"))
                    }
                    expect.effects = elements
                } else {
                    problems.append(wrongType(path + ".effects", "an array of effect lines", effects))
                }
            }
            expect.effectsIncludeDiagnostics =
                bool(members["effectsIncludeDiagnostics"], at: path + ".effectsIncludeDiagnostics") ?? false
            expect.effectsIncludePresentation =
                bool(members["effectsIncludePresentation"], at: path + ".effectsIncludePresentation") ?? false
            if let losses = members["losses"] {
                if let byTarget = losses.objectValue {
                    var result: [String: [String]] = [:]
                    for key in JSONWriter.sortedKeys(byTarget) {
                        let lossPath = JSONPath.member(key, of: path + ".losses")
                        guard let paths = strings(byTarget[key], at: lossPath) else { continue }
                        if Set(paths).count != paths.count {
                            problem(lossPath, expected: "each loss path once", actual: "a repeated path")
                        }
                        for (index, text) in paths.enumerated() where JSONPathSteps.parse(text) == nil {
                            problem(
                                JSONPath.element(index, of: lossPath),
                                expected: "a JSON path ($.a.b, $[\"a-b\"], $.a[2])", actual: "\"\(text)\"")
                        }
                        result[key] = paths
                    }
                    expect.losses = result
                } else {
                    problems.append(wrongType(path + ".losses", "an object of vendor id → loss paths", losses))
                }
            }
            if let translated = members["translated"] {
                if let byTarget = translated.objectValue {
                    var result: [String: JSONObject] = [:]
                    for key in JSONWriter.sortedKeys(byTarget) {
                        let targetPath = JSONPath.member(key, of: path + ".translated")
                        guard let assertions = byTarget[key]!.objectValue else {
                            problems.append(wrongType(targetPath, "an object of JSON path → value", byTarget[key]!))
                            continue
                        }
                        for wirePath in JSONWriter.sortedKeys(assertions) where JSONPathSteps.parse(wirePath) == nil {
                            problem(
                                JSONPath.member(wirePath, of: targetPath), expected: "a JSON path ($.aps.category)",
                                actual: "\"\(wirePath)\"")
                        }
                        result[key] = assertions
                    }
                    expect.translated = result
                } else {
                    problems.append(
                        wrongType(path + ".translated", "an object of vendor id → assertions", translated))
                }
            }
            if let diagnostics = members["diagnostics"] {
                if let elements = diagnostics.arrayValue {
                    var result: [ConformanceCase.ExpectedDiagnostic] = []
                    for (index, element) in elements.enumerated() {
                        let elementPath = JSONPath.element(index, of: path + ".diagnostics")
                        guard let fields = object(element, "diagnostic", at: elementPath) else { continue }
                        var severity: Diagnostic.Severity?
                        if let text = string(fields["severity"], at: elementPath + ".severity") {
                            severity = Diagnostic.Severity(rawValue: text)
                            if severity == nil {
                                problem(
                                    elementPath + ".severity", expected: "info, warning or error", actual: "\"\(text)\""
                                )
                            }
                        }
                        let diagnosticPath = string(fields["path"], at: elementPath + ".path")
                        if let diagnosticPath, !diagnosticPath.hasPrefix("$") {
                            problem(
                                elementPath + ".path", expected: "a JSON path starting with $",
                                actual: "\"\(diagnosticPath)\"")
                        }
                        result.append(
                            ConformanceCase.ExpectedDiagnostic(
                                code: string(fields["code"], at: elementPath + ".code") ?? "", path: diagnosticPath,
                                severity: severity))
                    }
                    expect.diagnostics = result
                } else {
                    problems.append(
                        wrongType(path + ".diagnostics", "an array of {code, path?, severity?}", diagnostics))
                }
            }
            return expect
        }

        /// Checks one expected effect line against the shape of its `type`.
        mutating func effect(_ value: JSONValue, at path: String) {
            guard let type = value["type"]?.stringValue else {
                if value.objectValue == nil {
                    problems.append(wrongType(path, "an effect line object", value))
                } else {
                    problem(
                        path + ".type", expected: "receipt, action, route, dropped, presentation or diagnostic",
                        actual: value["type"].map { JSONWriter.string($0) } ?? "absent")
                }
                return
            }
            guard ConformanceCaseFile.fields["effect." + type] != nil else {
                problem(
                    path + ".type", expected: "receipt, action, route, dropped, presentation or diagnostic",
                    actual: "\"\(type)\"")
                return
            }
            guard let members = object(value, "effect." + type, at: path) else { return }
            func check(_ key: String, _ expected: String, _ ok: (JSONValue) -> Bool) {
                if let member = members[key], !ok(member) {
                    problem(JSONPath.member(key, of: path), expected: expected, actual: JSONWriter.string(member))
                }
            }
            let isString: (JSONValue) -> Bool = { $0.stringValue != nil }
            let isObject: (JSONValue) -> Bool = { $0.objectValue != nil }
            switch type {
            case "receipt":
                check("vendor", "a string", isString)
                check("kind", ReceiptKind.allCases.map(\.rawValue).joined(separator: ", ")) {
                    $0.stringValue.flatMap(ReceiptKind.init(rawValue:)) != nil
                }
                check("event", "a string", isString)
                check("properties", "an object", isObject)
            case "action":
                check("name", "a string", isString)
                check("handled", "true or false") { $0.boolValue != nil }
                check("data", "an object", isObject)
            case "route":
                check("url", "a string", isString)
                check("via", "delegate, handler, system or rejected") {
                    $0.stringValue.flatMap(RouteVia.init(rawValue:)) != nil
                }
            case "dropped":
                check("step", "a lifecycle step") { $0.stringValue.flatMap(LifecycleStep.init) != nil }
                check("reason", "a string", isString)
            case "presentation":
                check("options", "an array of banner, list, sound, badge") { options in
                    options.arrayValue.flatMap { elements in
                        PresentationOptions(names: elements.compactMap(\.stringValue))
                            .map { _ in elements.allSatisfy { $0.stringValue != nil } }
                    } ?? false
                }
            default:
                for key in ["code", "path", "message"] { check(key, "a string", isString) }
                check("severity", "info, warning or error") {
                    $0.stringValue.flatMap(Diagnostic.Severity.init(rawValue:)) != nil
                }
            }
        }
    }
}
