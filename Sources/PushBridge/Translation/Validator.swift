/// The result of validating one payload against APNs and its vendor's rules.
public struct ValidationReport: Sendable, Hashable {
    /// The claiming vendor's id, or nil when none claims it (APNs checks only, and the problem `unclaimed`).
    public var vendor: String?
    /// The payload's size in bytes, as given.
    public var bytes: Int
    /// The problems found (warnings and errors).
    public var problems: [Diagnostic]

    /// Whether there are no problems.
    public var isValid: Bool { problems.isEmpty }

    /// `{"vendor":…,"valid":…,"bytes":…,"problems":[{"code","path","message"}]}`.
    public var json: JSONValue {
        .object([
            "vendor": vendor.map { .string($0) } ?? .null, "valid": .bool(isValid), "bytes": .int(bytes),
            "problems": .array(problems.map {
                .object(["code": .string($0.code), "path": .string($0.path), "message": .string($0.message)])
            }),
        ])
    }
}

/// Checks payloads against APNs (size, `aps.alert`, `mutable-content`, badge, sound) and the vendor's rules.
public enum Validator {
    /// APNs' limit for a regular push, in bytes.
    public static let apnsPayloadLimit = 4096
    /// Sound file extensions iOS plays.
    public static let soundExtensions: Set<String> = ["caf", "aif", "aiff", "wav"]

    /// Whether the wire `aps.alert` shows something: a non-empty string or a non-empty object. Judged on the
    /// wire, not the bridge form, because vendor keys beside `aps` (Zixflow's Custom-mode `title`) show
    /// nothing on the lock screen without it.
    static func hasAlert(_ alert: JSONValue?) -> Bool {
        switch alert {
        case .string(let text)?: return !text.isEmpty
        case .object(let members)?: return !members.isEmpty
        default: return false
        }
    }

    /// Validates `userInfo` (`byteCount` bytes as received) with `adapter`. With none (no vendor claims the
    /// payload) the APNs rules apply and the payload is not valid: `unclaimed` says no SDK would handle it.
    public static func validate(
        _ userInfo: JSONObject, byteCount: Int, adapter: (any VendorAdapter)?
    ) -> ValidationReport {
        var problems: [Diagnostic] = []
        if byteCount > apnsPayloadLimit {
            problems.append(Diagnostic(
                .error, code: .payloadTooLarge,
                message: "payload is \(byteCount) bytes; APNs accepts at most \(apnsPayloadLimit)"))
        }
        if adapter == nil {
            problems.append(Diagnostic(
                .warning, code: .unclaimed, path: JSONPath.root,
                message: "no vendor claims this payload: no SDK would show its buttons, record its receipts or "
                    + "route its taps (--vendor checks it against one vendor)"))
        }
        var payload = PushPayload(vendor: adapter?.id ?? "")
        var diagnostics: [Diagnostic]
        if let adapter {
            let decoded = adapter.decodeClaimed(userInfo)
            payload = decoded.payload
            diagnostics = decoded.diagnostics
        } else {
            diagnostics = APSCoding.decode(userInfo["aps"], into: &payload)
        }
        if userInfo["aps"] == nil {
            problems.append(Diagnostic(.error, code: .apsMissing, path: "$.aps", message: "there is no aps dictionary"))
        } else if !hasAlert(userInfo["aps"]?["alert"]), !payload.contentAvailable {
            problems.append(Diagnostic(
                .error, code: .alertMissing, path: "$.aps.alert",
                message: "no aps.alert: iOS shows nothing for a push without one (set content-available for a background push)"))
        }
        let buttonsNeedExtension = adapter?.capabilities.buttonsNeedServiceExtension ?? true
        if !payload.mutableContent, payload.imageURL != nil || (buttonsNeedExtension && !payload.buttons.isEmpty) {
            let what = payload.imageURL != nil ? "an image" : "buttons"
            problems.append(Diagnostic(
                .error, code: .mutableContentMissing, path: "$.aps[\"mutable-content\"]",
                message: "the payload has \(what) but no mutable-content: 1, so the service extension never runs"))
        }
        // A critical sound is a dictionary (kept in apsExtra) whose name is the file.
        let criticalName = payload.apsExtra["sound"]?["name"]?.stringValue
        if let sound = payload.sound ?? criticalName, sound != "default" {
            let ext = sound.split(separator: ".", omittingEmptySubsequences: false).last.map { String($0).lowercased() }
            if !sound.contains(".") || !soundExtensions.contains(ext ?? "") {
                let path = payload.sound == nil ? "$.aps.sound.name" : "$.aps.sound"
                problems.append(Diagnostic(
                    .warning, code: .soundWithoutExtension, path: path,
                    message: "sound '\(sound)' has no .caf, .aiff or .wav extension; iOS will not find it"))
            }
        }
        // The vendor's own rule names a problem its decoding may have noticed too: one problem per code and path.
        let vendorProblems = adapter?.validationProblems(userInfo, payload: payload) ?? []
        problems += diagnostics.filter { diagnostic in
            diagnostic.severity >= .warning
                && !vendorProblems.contains { $0.code == diagnostic.code && $0.path == diagnostic.path }
        }
        problems += vendorProblems
        return ValidationReport(vendor: adapter?.id, bytes: byteCount, problems: problems)
    }
}
