/// One setting a vendor adapter takes from the app's configuration (an app id, the signed-in user, a flag the
/// vendor's dashboard sets), declared in its ``VendorProfile/settings`` and given on the command line as
/// `--vendor-config ID.NAME=VALUE`.
public struct VendorSetting: Sendable, Hashable {
    /// What a value may be.
    public enum Kind: String, Sendable, Hashable {
        /// Any text (an empty value clears the setting).
        case text
        /// `true` or `false`.
        case flag
    }

    /// The name after the vendor id (`appId` in `onesignal.appId`).
    public var name: String
    /// What a value may be.
    public var kind: Kind
    /// What the setting means, in one line.
    public var meaning: String

    /// Creates a setting.
    public init(_ name: String, _ kind: Kind, _ meaning: String) {
        self.name = name
        self.kind = kind
        self.meaning = meaning
    }
}

/// The values given for one vendor's settings, checked against the settings it declares: an adapter's
/// ``VendorAdapter/configured(_:)`` reads them by name.
public struct VendorConfiguration: Sendable, Hashable {
    /// The values by setting name, as given (a later value for a name replaces an earlier one).
    public private(set) var values: [String: String]

    /// Creates a configuration from values already checked (an adapter's tests; ``VendorRegistry/configured(_:)``
    /// checks the text it is given).
    public init(_ values: [String: String] = [:]) { self.values = values }

    /// The text given for `name`, or nil when none (or an empty one) was.
    public func text(_ name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// The flag given for `name`, or nil when none was (or it is not `true`/`false`).
    public func flag(_ name: String) -> Bool? {
        switch values[name] {
        case "true"?: true
        case "false"?: false
        default: nil
        }
    }

    /// One `ID.NAME=VALUE` assignment, split (not checked against any vendor).
    public struct Assignment: Sendable, Hashable {
        /// The vendor id, the setting name and the value.
        public var vendor: String, name: String, value: String

        /// Splits `text` at its first `.` and the first `=` after it; nil when either is missing or the id or
        /// name is empty.
        public init?(_ text: String) {
            guard let dot = text.firstIndex(of: "."), let equals = text[dot...].firstIndex(of: "=") else { return nil }
            vendor = String(text[..<dot])
            name = String(text[text.index(after: dot)..<equals])
            value = String(text[text.index(after: equals)...])
            if vendor.isEmpty || name.isEmpty { return nil }
        }
    }
}

extension VendorRegistry {
    /// This registry with each adapter named by `assignments` (`ID.NAME=VALUE`, in order) replaced by its
    /// ``VendorAdapter/configured(_:)`` adapter. Throws ``PushBridgeError/invalidVendorSetting(_:)`` for a text
    /// that is not an assignment, an unknown vendor or setting, or a flag that is neither `true` nor `false`,
    /// naming the settings the vendor knows.
    public func configured(_ assignments: [String]) throws(PushBridgeError) -> VendorRegistry {
        guard !assignments.isEmpty else { return self }
        var byVendor: [String: [String: String]] = [:]
        for text in assignments {
            guard let assignment = VendorConfiguration.Assignment(text) else {
                throw .invalidVendorSetting("'\(text)' is not ID.KEY=VALUE")
            }
            guard let adapter = adapter(id: assignment.vendor) else {
                throw .invalidVendorSetting(
                    "unknown vendor '\(assignment.vendor)' in '\(text)'; vendors with settings: "
                        + adapters.filter { !$0.profile.settings.isEmpty }.map(\.id).joined(separator: ", "))
            }
            let settings = adapter.profile.settings
            let known = settings.isEmpty
                ? "\(adapter.id) has no settings"
                : "known: " + settings.map { "\(adapter.id).\($0.name)" }.joined(separator: ", ")
            guard let setting = settings.first(where: { $0.name == assignment.name }) else {
                throw .invalidVendorSetting("unknown setting '\(assignment.vendor).\(assignment.name)' (\(known))")
            }
            if setting.kind == .flag, assignment.value != "true", assignment.value != "false" {
                throw .invalidVendorSetting(
                    "\(adapter.id).\(setting.name) is a flag: true or false, not '\(assignment.value)' (\(known))")
            }
            byVendor[adapter.id, default: [:]][setting.name] = assignment.value
        }
        return VendorRegistry(adapters.map { adapter in
            byVendor[adapter.id].map { adapter.configured(VendorConfiguration($0)) } ?? adapter
        })
    }
}
