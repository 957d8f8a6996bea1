import PushBridge
import PushBridgeVendors
import Testing

/// The built-in adapter with `id`.
private func adapter(_ id: String) -> any VendorAdapter {
    BuiltInVendors.all.first { $0.id == id }!
}

/// The loss at `path`, if `encode` reported one.
private func loss(at path: String, in encoded: EncodeResult) -> Loss? {
    encoded.losses.first { $0.path == path }
}

/// A push with an alert and, as asked, an image or one button.
private func push(
    from vendor: String, image: Bool = false, button: Bool = false, apsExtra: JSONObject = [:]
) -> PushPayload {
    PushPayload(
        vendor: vendor, alert: PushAlert(title: "T", body: "B"), imageURL: image ? "https://cdn.x/banner.png" : nil,
        buttons: button ? [PushButton(id: "yes", title: "Yes", foreground: true)] : [], apsExtra: apsExtra)
}

private let keptPath = #"$.apsExtra["mutable-content"]"#

/// One rule, in every adapter that writes `mutable-content: 1` for what the service extension shows
/// (WIRE-FORMATS §7.7).
@Suite("The service-extension flag: one rule for every vendor that needs it")
struct ServiceExtensionRuleTests {
    static let imageVendors = ["airship", "braze", "customerio", "fcm", "zixflow"]
    static let imageOrButtonsVendors = ["appdna", "buzzkit", "iterable", "klaviyo", "onesignal"]

    @Test("the vendor's own payload with an image and no flag: mutable-content 1, a $.mutableContent loss",
          arguments: imageVendors + imageOrButtonsVendors)
    func ownImage(vendor: String) {
        let target = adapter(vendor)
        let encoded = target.encode(push(from: vendor, image: true))
        #expect(encoded.userInfo["aps"]?["mutable-content"] == 1)
        let reported = loss(at: "$.mutableContent", in: encoded)
        #expect(reported?.value == false)
        #expect(reported?.reason.contains("\(target.name) sets mutable-content: 1") == true)
        #expect(loss(at: keptPath, in: encoded) == nil)
    }

    @Test("buttons alone: the flag and its loss for an image-or-buttons vendor",
          arguments: imageOrButtonsVendors)
    func ownButtons(vendor: String) {
        let encoded = adapter(vendor).encode(push(from: vendor, button: true))
        #expect(encoded.userInfo["aps"]?["mutable-content"] == 1)
        #expect(loss(at: "$.mutableContent", in: encoded)?.reason.contains("an image or buttons need") == true)
    }

    @Test("buttons alone: no flag and no loss for an image-only vendor",
          arguments: ["airship", "braze", "customerio", "fcm"])
    func ownButtonsImageOnly(vendor: String) {
        let encoded = adapter(vendor).encode(push(from: vendor, button: true))
        #expect(encoded.userInfo["aps"]?["mutable-content"] == nil)
        #expect(loss(at: "$.mutableContent", in: encoded) == nil)
    }

    @Test("a kept apsExtra mutable-content is replaced and reported, and the own payload's flag too",
          arguments: imageVendors + imageOrButtonsVendors)
    func keptValueOwn(vendor: String) {
        let target = adapter(vendor)
        let encoded = target.encode(push(from: vendor, image: true, apsExtra: ["mutable-content": "yes"]))
        #expect(encoded.userInfo["aps"]?["mutable-content"] == 1)
        let replaced = loss(at: keptPath, in: encoded)
        #expect(replaced?.value == "yes")
        #expect(replaced?.reason.hasPrefix("\(target.name) writes mutable-content: 1 in its place") == true)
        #expect(loss(at: "$.mutableContent", in: encoded)?.value == false)
    }

    @Test("another vendor's payload gains the flag without a $.mutableContent loss; a kept value is still reported",
          arguments: imageVendors + imageOrButtonsVendors)
    func otherVendor(vendor: String) {
        let source = vendor == "pushnotifai" ? "zixflow" : "pushnotifai"
        let target = adapter(vendor)
        let plain = target.encode(push(from: source, image: true))
        #expect(plain.userInfo["aps"]?["mutable-content"] == 1)
        #expect(loss(at: "$.mutableContent", in: plain) == nil)
        #expect(loss(at: keptPath, in: plain) == nil)

        let kept = target.encode(push(from: source, image: true, apsExtra: ["mutable-content": 2]))
        #expect(kept.userInfo["aps"]?["mutable-content"] == 1)
        #expect(loss(at: keptPath, in: kept)?.value == 2)
        #expect(loss(at: "$.mutableContent", in: kept) == nil)
    }

    @Test("a payload that already has the flag changes nothing", arguments: imageVendors + imageOrButtonsVendors)
    func alreadySet(vendor: String) {
        var payload = push(from: vendor, image: true, button: true)
        payload.mutableContent = true
        let encoded = adapter(vendor).encode(payload)
        #expect(encoded.userInfo["aps"]?["mutable-content"] == 1)
        #expect(loss(at: "$.mutableContent", in: encoded) == nil)
    }
}
