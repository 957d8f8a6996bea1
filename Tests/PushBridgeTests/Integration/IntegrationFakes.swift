import PushBridge
import PushBridgeTestSupport

/// The bridge form of a push of vendor `vendor` whose category is `category`, with one button.
func pushNeeding(_ category: String, vendor: String = "fake", button: String = "ok") -> PushPayload {
    PushPayload(vendor: vendor, messageId: "m-\(category)", category: category,
                buttons: [PushButton(id: button, title: button.uppercased())])
}

/// `fake.0`, `fake.1`, … : category ids the fake vendor owns.
func fakeCategories(_ range: Range<Int>, vendor: String = "fake") -> [String] {
    range.map { "\(vendor).\($0)" }
}

/// The notification center's delegate slot, as Apple's behaves: what is set is there.
final class FakeDelegateSlot: NotificationDelegateSlot {
    private(set) var occupant: AnyObject?
    private(set) var placements = 0

    init(occupant: AnyObject? = nil) { self.occupant = occupant }

    func place(_ object: AnyObject) {
        placements += 1
        occupant = object
    }
}
