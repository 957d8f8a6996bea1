import PushBridge
import PushBridgeTestSupport
import PushBridgeTools
import PushBridgeVendors
import Testing

private func object(_ text: String) throws -> JSONObject {
    try #require(try parseJSON(text).objectValue)
}

/// A OneSignal push with two buttons and no category (the migration trial's os1 shape).
private let oneSignalButtons = #"""
    {"aps":{"alert":{"title":"Sale","body":"50% off"},"mutable-content":1},
     "custom":{"i":"b2f7f966-d8cc-11e4-bed1-df8f05be55ba","u":"https://shop.example.com/sale"},
     "buttons":[{"i":"buy","n":"Buy now"},{"i":"later","n":"Later"}]}
    """#

/// Airship's service-extension test push: a media attachment whose `content` replaces the alert (ua2).
private let airshipMedia = #"""
    {"aps":{"alert":"oh hi","mutable-content":1},"_":"s1","com.urbanairship.metadata":"bWV0YQ==",
     "com.urbanairship.media_attachment":{"url":["https://example.com/moustache.jpg"],
       "content":{"title":"Moustache Twirl","body":"A moustache"}}}
    """#

/// A Braze push: no message id, so a translation into Customer.io has no delivery id or token as written.
private let brazePush = #"{"aps":{"alert":"Hi","mutable-content":1},"ab":{"c":"Y2FtcA=="},"ab_uri":"https://shop.example.com"}"#

@Suite("preview as iOS shows it: extension categories and text, pushes as delivered")
struct PreviewAsIOSShowsTests {
    private let registry = BuiltInVendors.registry

    private func preview(_ text: String, to vendors: [String], asDelivered: Bool = false) throws -> NotificationPreview {
        let userInfo = try object(text)
        let source = try #require(try registry.claimant(of: userInfo))
        let targets = try vendors.map { try #require(registry.adapter(id: $0)) }
        return NotificationPreview(userInfo, from: source, to: targets, registry: registry, asDelivered: asDelivered)
    }

    @Test("OneSignal's dynamic category is drawn with the push's buttons, and each button is tapped (V1)")
    func oneSignalDynamicCategory() throws {
        let column = try #require(try preview(oneSignalButtons, to: ["onesignal"]).columns.first)
        #expect(column.shown.category == nil)
        #expect(column.category?.id == "__onesignal__dynamic__b2f7f966-d8cc-11e4-bed1-df8f05be55ba")
        #expect(column.shownActions.map(\.title) == ["Buy now", "Later"])
        #expect(column.taps.map(\.step.description) == ["open", "open:buy", "open:later", "dismiss"])
        let page = PreviewPage().html(of: .preview(try preview(oneSignalButtons, to: ["onesignal"]), label: "os1"),
                                      number: 1).html
        #expect(!page.contains("iOS shows none"))
        #expect(page.contains("Buy now"))
    }

    @Test("Airship's media content is drawn as the text, and a lost override is not drawn as a button (V2)")
    func airshipContentOverride() throws {
        let result = try preview(airshipMedia, to: ["airship", "customerio"])
        let airship = try #require(result.columns.first)
        #expect(airship.shown.alert?.body == "oh hi")
        #expect(airship.shownAlert == PushAlert(title: "Moustache Twirl", body: "A moustache"))
        let page = PreviewPage().html(of: .preview(result, label: "ua2"), number: 1).html
        #expect(page.contains("Moustache Twirl"))
        #expect(!page.contains("button “Moustache Twirl”"))
    }

    @Test("--as-delivered gives a translated Customer.io column its delivery id and token, so a body tap is recorded (V3)")
    func asDeliveredColumn() throws {
        let written = try #require(try preview(brazePush, to: ["customerio"]).columns.first)
        let delivered = try #require(try preview(brazePush, to: ["customerio"], asDelivered: true).columns.first)
        func receipts(_ column: VendorPreview) -> [Receipt] {
            column.taps.first { $0.step == .open }?.effects.compactMap {
                if case .receipt(let receipt) = $0 { return receipt }
                return nil
            } ?? []
        }
        #expect(receipts(written).isEmpty)
        #expect(receipts(delivered).map(\.event) == ["opened"])
        #expect(delivered.translation.userInfo["CIO-Delivery-ID"] == "placeholder-delivery-id")
        #expect(delivered.deviceClaim == .own)
    }

    @Test("bridge-cli preview --as-delivered says the ids are placeholders; without it the page does not")
    func asDeliveredCommand() throws {
        let withOption = try CLI.run(["preview", "--as-delivered", "--vendors", "customerio", "--out", "-", "-"],
                                     stdin: brazePush)
        #expect(withOption.status == 0, "\(withOption)")
        #expect(withOption.stdout.contains("placeholder ids"))
        #expect(withOption.stdout.contains("placeholder-delivery-id"))
        let without = try CLI.run(["preview", "--vendors", "customerio", "--out", "-", "-"], stdin: brazePush)
        #expect(without.status == 0, "\(without)")
        #expect(!without.stdout.contains("placeholder ids"))
    }
}
