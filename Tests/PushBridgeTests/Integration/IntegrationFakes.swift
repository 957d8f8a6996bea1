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
