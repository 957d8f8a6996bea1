import PushBridge

/// What ``SendRequest/sourcePaths`` holds, kept so that a parser's dozen writes and a renderer's reads do not
/// each hash a field name: a field of the form (``SendField``, the audience's lists) has a slot found through a
/// ``KeyTable``; any other name (a vendor's own targeting key) goes in a dictionary beside it.
struct SendSourcePaths: Sendable, Hashable, Sequence {
    /// The names that have a slot, in slot order.
    static let slotNames: [String] = [
        SendField.alert, SendField.localized, SendField.badge, SendField.sound, SendField.category,
        SendField.threadId, SendField.mutableContent, SendField.contentAvailable, SendField.imageURL,
        SendField.deepLink, SendField.buttons, SendField.data, SendField.apsExtra, SendField.collapseId,
        SendField.expiry, SendField.priority, SendField.interruptionLevel, SendField.relevanceScore,
        SendField.pushType, SendField.openLinkInApp, SendField.audience, SendField.schedule,
        SendField.idempotencyKey, SendField.template, SendField.vendorFields, "audience.userIds",
        "audience.deviceTokens", "audience.topics", "template.mergeData",
        // Targeting kept as sent (FCM's and OneSignal's), which a parser records under `audience.<key>`.
        "audience.token", "audience.condition", "audience.fid", "audience.included_segments",
        "audience.excluded_segments", "audience.filters", "audience.include_subscription_ids",
        "audience.include_player_ids",
    ]
    static let slotTable = KeyTable(slotNames)

    /// The paths recorded for slots, in the order recorded: a form has a dozen, and copying a short list when a
    /// copied form records one more costs less than copying a slot for every name.
    private var entries: [Entry] = []

    /// One recorded path: a struct, not a tuple, so copying and freeing a table uses its own value witnesses
    /// rather than the runtime's generic ones for tuples.
    fileprivate struct Entry: Sendable {
        var slot: Int
        var path: String
    }
    /// Bit `n` set: slot `n` holds a path.
    private var filled: UInt64 = 0
    private var others: [String: String] = [:]

    /// No paths.
    init() {}

    /// The paths of `dictionary`.
    init(_ dictionary: [String: String]) {
        for (field, path) in dictionary { self[field] = path }
    }

    /// The paths as a dictionary.
    var dictionary: [String: String] {
        var dictionary = others
        for (field, path) in self { dictionary[field] = path }
        return dictionary
    }

    var isEmpty: Bool { filled == 0 && others.isEmpty }

    /// The path in slot `slot`, which is filled.
    private func path(inSlot slot: Int) -> String {
        for entry in entries where entry.slot == slot { return entry.path }
        return ""
    }

    /// The path of `field`.
    subscript(field: String) -> String? {
        get {
            if let slot = Self.slotTable.position(of: field) {
                return filled & (1 << slot) == 0 ? nil : path(inSlot: slot)
            }
            return others.isEmpty ? nil : others[field]
        }
        set {
            guard let slot = Self.slotTable.position(of: field) else {
                others[field] = newValue
                return
            }
            setPath(newValue, inSlot: slot)
        }
    }

    /// A form field's slot, found once: a parser that records the same fields on every request sets them by slot,
    /// without looking each name up in ``slotTable``.
    struct Slot: Sendable {
        fileprivate let index: Int
        /// The slot of `field`, one of ``slotNames``.
        init(_ field: String) { index = SendSourcePaths.slotNames.firstIndex(of: field)! }

        static let alert = Slot(SendField.alert)
        static let localized = Slot(SendField.localized)
        static let badge = Slot(SendField.badge)
        static let sound = Slot(SendField.sound)
        static let category = Slot(SendField.category)
        static let threadId = Slot(SendField.threadId)
        static let mutableContent = Slot(SendField.mutableContent)
        static let contentAvailable = Slot(SendField.contentAvailable)
        static let imageURL = Slot(SendField.imageURL)
        static let deepLink = Slot(SendField.deepLink)
        static let buttons = Slot(SendField.buttons)
        static let data = Slot(SendField.data)
        static let apsExtra = Slot(SendField.apsExtra)
        static let collapseId = Slot(SendField.collapseId)
        static let expiry = Slot(SendField.expiry)
        static let priority = Slot(SendField.priority)
        static let interruptionLevel = Slot(SendField.interruptionLevel)
        static let relevanceScore = Slot(SendField.relevanceScore)
        static let pushType = Slot(SendField.pushType)
        static let schedule = Slot(SendField.schedule)
        static let idempotencyKey = Slot(SendField.idempotencyKey)
        static let userIds = Slot("audience.userIds")
        static let deviceTokens = Slot("audience.deviceTokens")
    }

    /// The path of the field in `slot`.
    subscript(slot slot: Slot) -> String? {
        get { filled & (1 << slot.index) == 0 ? nil : path(inSlot: slot.index) }
        set { setPath(newValue, inSlot: slot.index) }
    }

    /// Sets (nil: removes) the path in slot `slot`.
    private mutating func setPath(_ newValue: String?, inSlot slot: Int) {
        if filled & (1 << slot) == 0 {
            guard let newValue else { return }
            if entries.isEmpty { entries.reserveCapacity(16) }
            entries.append(Entry(slot: slot, path: newValue))
            filled |= 1 << slot
        } else if let index = entries.firstIndex(where: { $0.slot == slot }) {
            if let newValue { entries[index].path = newValue } else {
                entries.remove(at: index)
                filled &= ~(1 << slot)
            }
        }
    }

    /// Adds the paths of `other`: each of a field this table has none for, and with `replacing` each of a field it
    /// has one for too. Slots are matched by their bits, without looking up a field's name.
    mutating func add(_ other: SendSourcePaths, replacing: Bool) {
        for entry in other.entries {
            let bit: UInt64 = 1 << entry.slot
            if filled & bit == 0 {
                if entries.isEmpty { entries.reserveCapacity(16) }
                entries.append(entry)
                filled |= bit
            } else if replacing, let index = entries.firstIndex(where: { $0.slot == entry.slot }) {
                entries[index].path = entry.path
            }
        }
        for (field, path) in other.others where replacing || others[field] == nil { others[field] = path }
    }

    /// Removes the path of `field`.
    mutating func removeValue(forKey field: String) { self[field] = nil }

    static func == (lhs: SendSourcePaths, rhs: SendSourcePaths) -> Bool {
        guard lhs.filled == rhs.filled, lhs.others == rhs.others else { return false }
        return lhs.entries.allSatisfy { rhs.path(inSlot: $0.slot) == $0.path }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(filled)
        var slots = filled
        while slots != 0 {
            hasher.combine(path(inSlot: slots.trailingZeroBitCount))
            slots &= slots - 1
        }
        hasher.combine(others)
    }

    /// The slots' paths in the order recorded, then the others'.
    struct Iterator: IteratorProtocol {
        fileprivate let entries: [Entry]
        fileprivate var index = 0
        fileprivate var others: Dictionary<String, String>.Iterator

        mutating func next() -> (key: String, value: String)? {
            if index < entries.count {
                defer { index += 1 }
                return (SendSourcePaths.slotNames[entries[index].slot], entries[index].path)
            }
            return others.next()
        }
    }

    func makeIterator() -> Iterator { Iterator(entries: entries, others: others.makeIterator()) }
}
