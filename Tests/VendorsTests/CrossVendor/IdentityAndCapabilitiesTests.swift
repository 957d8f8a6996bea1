import PushBridge
import PushBridgeVendors
import Testing

/// A built-in vendor's id, name, registered type and declared capabilities.
struct VendorIdentity: Sendable, CustomTestStringConvertible {
    let adapter: any VendorAdapter
    let name: String
    let capabilities: VendorCapabilities
    var testDescription: String { adapter.id }
}

private let identities: [VendorIdentity] = [
    // 4 buttons without own links, text input, named actions, images, message routing.
    VendorIdentity(adapter: BuzzKitAdapter(), name: "BuzzKit", capabilities: VendorCapabilities(
        maxButtons: 4, buttonDeepLinks: false, textInput: true, namedActions: true, images: true,
        buttonsNeedServiceExtension: true, buttonRouting: .messageWhenForeground)),
    // An image; no buttons, links on buttons, input or named actions.
    VendorIdentity(adapter: FCMAdapter(), name: "Firebase Cloud Messaging", capabilities: VendorCapabilities(
        maxButtons: 0, buttonDeepLinks: false, textInput: false, namedActions: false, images: true,
        buttonsNeedServiceExtension: false, buttonRouting: .ownThenMessage)),
    // No buttons, links, input, actions or images; a button tap routes nothing.
    VendorIdentity(adapter: PushNotifAIAdapter(), name: "PushNotifAI", capabilities: VendorCapabilities(
        maxButtons: 0, buttonDeepLinks: false, textInput: false, namedActions: false, images: false,
        buttonsNeedServiceExtension: true, buttonRouting: .nothing)),
]

@Suite("Built-in vendors: identity and capabilities")
struct IdentityAndCapabilitiesTests {
    @Test("a vendor is registered under its id with its name, and declares its capabilities", arguments: identities)
    func identity(_ expected: VendorIdentity) {
        let adapter = expected.adapter
        #expect(adapter.name == expected.name)
        let registered = BuiltInVendors.registry.adapter(id: adapter.id)
        #expect(registered.map { type(of: $0) == type(of: adapter) } == true)
        #expect(adapter.capabilities == expected.capabilities)
    }
}
