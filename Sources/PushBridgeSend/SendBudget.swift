import PushBridge

/// One of a vendor's documented size budgets: a part of its send request, or the payload its backend delivers,
/// measured as JSON bytes (docs/SEND.md "Size budgets").
public struct SendBudget: Sendable, Hashable {
    /// What a budget measures.
    public enum Part: Sendable, Hashable {
        /// The userInfo the vendor's backend delivers to one device (``SendAdapter/deliver(_:)``), with the keys
        /// the vendor adds.
        case delivered
        /// A member of the request body, at the first of `paths` (member names from the body) it has, without
        /// the members named in `excluding`.
        case request(paths: [[String]], excluding: [String] = [])
    }

    /// What is measured.
    public var part: Part
    /// The most bytes the part may take.
    public var bytes: Int
    /// `.error` where the vendor rejects a larger request, `.warning` where it advises.
    public var severity: Diagnostic.Severity
    /// The vendor's rule, in words (`"OneSignal asks that payloads stay under 3500 bytes"`).
    public var rule: String

    /// Creates a budget.
    public init(_ part: Part, bytes: Int, severity: Diagnostic.Severity, rule: String) {
        self.part = part
        self.bytes = bytes
        self.severity = severity
        self.rule = rule
    }

    /// APNs' limit on the payload a device receives: 5120 bytes for a VoIP push, 4096 for every other.
    public static func apns(pushType: String?) -> SendBudget {
        pushType == "voip"
            ? SendBudget(.delivered, bytes: 5120, severity: .error, rule: "APNs accepts 5120 bytes for a VoIP push")
            : SendBudget(.delivered, bytes: 4096, severity: .error, rule: "APNs accepts 4096 bytes")
    }
}

/// One measured part that is over its budget.
public struct SendBudgetOverflow: Sendable, Hashable {
    /// The budget.
    public var budget: SendBudget
    /// The part's size in bytes.
    public var bytes: Int
    /// The path in the request of what was measured (for the delivered payload, ``SendAdapter/payloadPath``).
    public var path: String

    /// The `payload-too-large` diagnostic at the budget's severity, at `path` (by default the measured part's);
    /// `prefix` and `suffix` go around its message.
    public func diagnostic(at path: String? = nil, prefix: String = "", suffix: String = "") -> Diagnostic {
        let what = budget.part == .delivered ? "the delivered payload" : self.path
        return Diagnostic(
            budget.severity, code: .payloadTooLarge, path: path ?? self.path,
            message: "\(prefix)\(what) is \(bytes) bytes; \(budget.rule)\(suffix)")
    }
}

extension SendAdapter {
    /// None: APNs' limit only.
    public var budgets: [SendBudget] { [] }
    /// The body's root.
    public var payloadPath: String { JSONPath.root }

    /// Every part of `request` (read as `form`) over APNs' limit or one of ``budgets``, the delivered payload
    /// measured as this vendor's backend delivers it, its own keys included.
    public func budgetOverflows(_ request: SendHTTPRequest, form: SendRequest) -> [SendBudgetOverflow] {
        budgetOverflows(request, form: form, bodyBytes: nil)
    }

    /// ``budgetOverflows(_:form:)`` for a body of at most `bodyBytes` bytes, when the caller has a bound: a part
    /// the bound shows to fit (a request part is at most the body, the delivered payload at most twice the body
    /// and ``SendVendors/bodyMargin``) is not measured.
    func budgetOverflows(_ request: SendHTTPRequest, form: SendRequest, bodyBytes bound: Int?) -> [SendBudgetOverflow] {
        var overflows: [SendBudgetOverflow] = []
        var deliveredBytes: Int?
        for budget in [SendBudget.apns(pushType: form.content.pushType)] + budgets {
            switch budget.part {
            case .delivered:
                if let bound, 2 * bound + SendVendors.bodyMargin < budget.bytes { continue }
                let size = deliveredBytes ?? JSONWriter.byteCount(.object(deliver(form)))
                deliveredBytes = size
                if size > budget.bytes { overflows.append(SendBudgetOverflow(budget: budget, bytes: size, path: payloadPath)) }
            case .request(let paths, let excluding):
                if let bound, bound < budget.bytes { continue }
                guard let (path, value) = Self.member(of: request.body, at: paths) else { continue }
                var measured = value
                if case .object(var object) = value, !excluding.isEmpty {
                    for key in excluding { object.removeValue(forKey: key) }
                    measured = .object(object)
                }
                let size = JSONWriter.byteCount(measured)
                if size > budget.bytes { overflows.append(SendBudgetOverflow(budget: budget, bytes: size, path: path)) }
            }
        }
        return overflows
    }

    /// The `payload-too-large` diagnostics of ``budgetOverflows(_:form:)``, for `validate`.
    func budgetProblems(_ request: SendHTTPRequest, form: SendRequest) -> [Diagnostic] {
        budgetOverflows(request, form: form).map { $0.diagnostic() }
    }

    /// The first of `paths` present in `body`, as a JSON path and its value.
    private static func member(of body: JSONValue, at paths: [[String]]) -> (String, JSONValue)? {
        for steps in paths {
            var value = body
            var path = JSONPath.root
            var found = true
            for step in steps {
                guard let next = value[step] else { found = false; break }
                value = next
                path = JSONPath.member(step, of: path)
            }
            if found { return (path, value) }
        }
        return nil
    }
}

extension SendVendors {
    /// How much a target's delivered payload may exceed twice its request body, in bytes (its keys and ids).
    static let bodyMargin = 512

    /// `payload-too-large` diagnostics for a translation whose requests overflow `target`'s budgets (its
    /// delivered payload measured with the keys `target` adds) while `request` fits `source`'s: a payload that
    /// fits one vendor and not another is never silent. Each names `source`'s payload path; a source already over
    /// its own budgets gives none here (`validate` reports it).
    ///
    /// `bodyBytes` is an upper bound on the compact JSON bytes of the first rendered body (the output line that
    /// holds it), when the caller has one; the body is measured otherwise.
    public static func budgetOverflows(
        of rendered: [SendHTTPRequest], to target: any SendAdapter,
        translating request: SendHTTPRequest, form: SendRequest, from source: any SendAdapter, bodyBytes: Int? = nil
    ) -> [Diagnostic] {
        // Every send of one rendering carries the same content (they differ in audience only); a template vendor's
        // bundle gives its send the template's content, so the last request is measured with the bundle's form.
        guard !rendered.isEmpty else { return [] }
        // Reading the rendering back costs about as much as translating; a body far below every budget is not
        // read back (nor the request copied out of the array). Every budgeted request part is a member of the
        // body, and the delivered payload holds the body's values with the target's keys: at most twice the body
        // and `bodyMargin`.
        let bound = bodyBytes ?? JSONWriter.byteCount(rendered[rendered.count - 1].body)
        if fitsEveryBudget(of: target, bodyBytes: bound) { return [] }
        let first = rendered[rendered.count - 1]
        guard let targetForm = target.parseBundle(rendered).first?.request else { return [] }
        let overflows = target.budgetOverflows(first, form: targetForm, bodyBytes: bound)
        guard !overflows.isEmpty, source.budgetOverflows(request, form: form).isEmpty else { return [] }
        return overflows.map {
            $0.diagnostic(
                at: source.payloadPath, prefix: "translated for \(target.name), ",
                suffix: " (as \(source.name) delivers it, it fits every \(source.name) budget)")
        }
    }

    /// Whether a body of at most `bodyBytes` bytes is within every budget of `target` (APNs' included) without
    /// measuring it: a request part is at most the body, the delivered payload at most twice the body and
    /// `bodyMargin`.
    static func fitsEveryBudget(of target: any SendAdapter, bodyBytes bound: Int) -> Bool {
        // APNs' smallest limit (4096 bytes; a VoIP push has more).
        guard 2 * bound + bodyMargin < SendBudget.apns(pushType: nil).bytes else { return false }
        // Each budget read where it lies: copying one out would count its paths and rule up and down.
        return target.budgets.withUnsafeBufferPointer { budgets in
            for index in budgets.indices {
                let measured = if case .delivered = budgets[index].part { 2 * bound + bodyMargin } else { bound }
                if measured >= budgets[index].bytes { return false }
            }
            return true
        }
    }
}
