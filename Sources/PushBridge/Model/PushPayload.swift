/// The visible text of a notification.
public struct PushAlert: Sendable, Hashable {
    /// Headline.
    public var title: String?
    /// Second line.
    public var subtitle: String?
    /// Main text.
    public var body: String?

    /// Creates an alert.
    public init(title: String? = nil, subtitle: String? = nil, body: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
    }

    /// Whether no field is set.
    public var isEmpty: Bool { title == nil && subtitle == nil && body == nil }
}

/// A named action the app handles itself (`show_offer`, `OPEN_SALE`), with data chosen by the sender.
public struct PushAction: Sendable, Hashable {
    /// The name the app registered a handler for.
    public var name: String
    /// The sender's data for the handler.
    public var data: JSONObject

    /// Creates an action.
    public init(name: String, data: JSONObject = [:]) {
        self.name = name
        self.data = data
    }
}

/// An action button shown on the notification.
public struct PushButton: Sendable, Hashable {
    /// The action identifier iOS reports when the button is tapped.
    public var id: String
    /// The label.
    public var title: String
    /// The button's own destination, if any.
    public var deepLink: String?
    /// Whether tapping opens the app.
    public var foreground: Bool
    /// Whether the button is shown as destructive.
    public var destructive: Bool
    /// Whether the button asks for typed text.
    public var input: Bool
    /// The text field's placeholder, for input buttons.
    public var placeholder: String?
    /// The button's own named action, if any.
    public var action: PushAction?

    /// Creates a button.
    public init(
        id: String, title: String, deepLink: String? = nil, foreground: Bool = false, destructive: Bool = false,
        input: Bool = false, placeholder: String? = nil, action: PushAction? = nil
    ) {
        self.id = id
        self.title = title
        self.deepLink = deepLink
        self.foreground = foreground
        self.destructive = destructive
        self.input = input
        self.placeholder = placeholder
        self.action = action
    }
}

/// The bridge form: one notification in PushBridge's vendor-neutral model (docs/WIRE-FORMATS.md §4
/// "The bridge form").
///
/// Its canonical JSON (``bridgeJSON``) has sorted keys and omits absent fields; `mutableContent`,
/// `contentAvailable` and the button flags are always written.
public struct PushPayload: Sendable, Hashable {
    /// The id of the vendor whose wire format this came from (`zixflow`, `buzzkit`, …).
    @inlinable public var vendor: String {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.vendor } }
        _modify { yield &uniqueFields.pointee.vendor }
    }
    /// The vendor's id for this message.
    @inlinable public var messageId: String? {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.messageId } }
        _modify { yield &uniqueFields.pointee.messageId }
    }
    /// The visible text.
    @inlinable public var alert: PushAlert? {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.alert } }
        _modify { yield &uniqueFields.pointee.alert }
    }
    /// The app icon badge.
    @inlinable public var badge: Int? {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.badge } }
        _modify { yield &uniqueFields.pointee.badge }
    }
    /// The sound file name, or `default`.
    @inlinable public var sound: String? {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.sound } }
        _modify { yield &uniqueFields.pointee.sound }
    }
    /// The notification category (which registered buttons iOS shows).
    @inlinable public var category: String? {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.category } }
        _modify { yield &uniqueFields.pointee.category }
    }
    /// The thread the notification is grouped in.
    @inlinable public var threadId: String? {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.threadId } }
        _modify { yield &uniqueFields.pointee.threadId }
    }
    /// Whether the service extension runs for it (`aps.mutable-content`).
    @inlinable public var mutableContent: Bool {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.mutableContent } }
        _modify { yield &uniqueFields.pointee.mutableContent }
    }
    /// Whether it is a background push (`aps.content-available`).
    @inlinable public var contentAvailable: Bool {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.contentAvailable } }
        _modify { yield &uniqueFields.pointee.contentAvailable }
    }
    /// The rich image.
    @inlinable public var imageURL: String? {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.imageURL } }
        _modify { yield &uniqueFields.pointee.imageURL }
    }
    /// Where a body tap goes.
    @inlinable public var deepLink: String? {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.deepLink } }
        _modify { yield &uniqueFields.pointee.deepLink }
    }
    /// The named action a body tap runs.
    @inlinable public var action: PushAction? {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.action } }
        _modify { yield &uniqueFields.pointee.action }
    }
    /// The action buttons, in order.
    @inlinable public var buttons: [PushButton] {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.buttons } }
        _modify { yield &uniqueFields.pointee.buttons }
    }
    /// The sender's custom data.
    @inlinable public var data: JSONObject {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.data } }
        _modify { yield &uniqueFields.pointee.data }
    }
    /// What the vendor needs to send receipts (delivery ids, tokens).
    @inlinable public var tracking: JSONObject {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.tracking } }
        _modify { yield &uniqueFields.pointee.tracking }
    }
    /// What decoding kept but the bridge form has no field for, so that encoding to the same vendor writes it
    /// back: vendor keys with no iOS meaning under their own name (`large_icon_url`), and values of the wrong
    /// type or at an unknown place under their JSON path in the wire payload (`$.buzzkit.actions[1].foreground`,
    /// `$.chirp.id`), each with a diagnostic. Translating to another vendor reports every entry as a loss.
    @inlinable public var ignored: JSONObject {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.ignored } }
        _modify { yield &uniqueFields.pointee.ignored }
    }
    /// `aps` keys with no field of their own, written back into `aps` by every vendor.
    @inlinable public var apsExtra: JSONObject {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.apsExtra } }
        _modify { yield &uniqueFields.pointee.apsExtra }
    }

    /// The stored fields. Copies of a payload share one ``Storage`` until one of them writes a field (copy on
    /// write, as `Array` does): a payload is passed and kept at the cost of one reference, not of its ~20.
    @usableFromInline
    struct Fields: Hashable {
        @usableFromInline var vendor: String
        @usableFromInline var messageId: String?
        @usableFromInline var alert: PushAlert?
        @usableFromInline var badge: Int?
        @usableFromInline var sound: String?
        @usableFromInline var category: String?
        @usableFromInline var threadId: String?
        @usableFromInline var mutableContent: Bool
        @usableFromInline var contentAvailable: Bool
        @usableFromInline var imageURL: String?
        @usableFromInline var deepLink: String?
        @usableFromInline var action: PushAction?
        @usableFromInline var buttons: [PushButton]
        @usableFromInline var data: JSONObject
        @usableFromInline var tracking: JSONObject
        @usableFromInline var ignored: JSONObject
        @usableFromInline var apsExtra: JSONObject
    }

    /// One allocation holding the ``Fields``.
    @usableFromInline
    final class Storage: ManagedBuffer<Fields, Void> {}

    /// The storage, sendable because its fields are written only while one payload holds it (copy on write),
    /// so no two threads ever see it change.
    @usableFromInline
    struct SharedStorage: @unchecked Sendable {
        @usableFromInline var buffer: Storage

        @usableFromInline
        init(buffer: Storage) { self.buffer = buffer }
    }

    @usableFromInline var shared: SharedStorage

    @inlinable var storage: Storage { shared.buffer }

    @usableFromInline
    static func makeStorage(_ fields: Fields) -> Storage {
        unsafeDowncast(Storage.create(minimumCapacity: 0) { _ in fields }, to: Storage.self)
    }

    /// The fields for writing: this payload's own storage, copied first when another payload shares it. The
    /// pointer is used only while `self` is being changed, which keeps the storage alive.
    @inlinable
    var uniqueFields: UnsafeMutablePointer<Fields> {
        mutating get {
            if !isKnownUniquelyReferenced(&shared.buffer) {
                shared.buffer = Self.makeStorage(shared.buffer.withUnsafeMutablePointerToHeader { $0.pointee })
            }
            return shared.buffer.withUnsafeMutablePointerToHeader { $0 }
        }
    }

    public static func == (lhs: PushPayload, rhs: PushPayload) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.withUnsafeMutablePointerToHeader { left in
            rhs.storage.withUnsafeMutablePointerToHeader { right in left.pointee == right.pointee }
        }
    }

    public func hash(into hasher: inout Hasher) {
        storage.withUnsafeMutablePointerToHeader { $0.pointee.hash(into: &hasher) }
    }

    /// Creates a payload.
    public init(
        vendor: String, messageId: String? = nil, alert: PushAlert? = nil, badge: Int? = nil, sound: String? = nil,
        category: String? = nil, threadId: String? = nil, mutableContent: Bool = false,
        contentAvailable: Bool = false, imageURL: String? = nil, deepLink: String? = nil,
        action: PushAction? = nil, buttons: [PushButton] = [], data: JSONObject = [:],
        tracking: JSONObject = [:], ignored: JSONObject = [:], apsExtra: JSONObject = [:]
    ) {
        shared = SharedStorage(buffer: Self.makeStorage(Fields(
            vendor: vendor, messageId: messageId, alert: alert, badge: badge, sound: sound, category: category,
            threadId: threadId, mutableContent: mutableContent, contentAvailable: contentAvailable,
            imageURL: imageURL, deepLink: deepLink, action: action, buttons: buttons, data: data,
            tracking: tracking, ignored: ignored, apsExtra: apsExtra)))
    }

    /// Whether iOS shows something for it (an alert with any text).
    public var isVisible: Bool { !(alert?.isEmpty ?? true) }

    /// Whether it needs the service extension: an image or buttons.
    public var needsServiceExtension: Bool { imageURL != nil || !buttons.isEmpty }
}

extension PushPayload: CustomDebugStringConvertible {
    /// The payload's canonical bridge-form JSON (``bridgeJSON``), as test failures and `debugPrint` show it.
    public var debugDescription: String { "PushPayload(\(bridgeJSON))" }
}
