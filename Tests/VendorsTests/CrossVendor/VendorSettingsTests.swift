import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// The `--vendor-config` settings: declared in each built-in vendor's profile, checked by the registry.
@Suite("Vendor settings")
struct VendorSettingsTests {
    @Test("each configurable vendor declares the settings the command line documents")
    func declaredSettings() {
        let names = Dictionary(uniqueKeysWithValues: BuiltInVendors.all.map { adapter in
            (adapter.id, Set(adapter.profile.settings.map(\.name)))
        })
        #expect(names["onesignal"]?.isSuperset(of: ["appId", "confirmedDeliveries"]) == true)
        #expect(names["iterable"]?.isSuperset(of: ["email", "userId", "jwt"]) == true)
        #expect(names["klaviyo"]?.isSuperset(of: ["profileId", "email"]) == true)
        #expect(names["customerio"]?.contains("identifier") == true)
        #expect(names["zixflow"] == [])
    }

    @Test("an unknown vendor, an unknown key, a bad flag or a text without '=' is refused, naming the known keys")
    func refusals() {
        let registry = BuiltInVendors.registry
        for (text, fragment) in [
            ("nobody.x=1", "unknown vendor 'nobody'"), ("onesignal.nope=1", "onesignal.appId"),
            ("onesignal.confirmedDeliveries=yes", "is a flag"), ("onesignal.appId", "not ID.KEY=VALUE"),
            ("zixflow.x=1", "zixflow has no settings"),
        ] {
            #expect(throws: PushBridgeError.self, "\(text)") { try registry.configured([text]) }
            do {
                _ = try registry.configured([text])
            } catch {
                #expect(error.description.contains(fragment), "\(text): \(error)")
            }
        }
    }

    @Test("a configured registry replaces only the configured vendors, and a later value wins")
    func replacement() throws {
        let registry = try BuiltInVendors.registry.configured([
            "onesignal.appId=first", "onesignal.appId=app-1", "onesignal.confirmedDeliveries=true",
        ])
        let oneSignal = try #require(registry.adapter(id: "onesignal") as? OneSignalAdapter)
        #expect(oneSignal.appId == "app-1")
        #expect(oneSignal.confirmsDelivery)
        #expect(registry.ids == BuiltInVendors.registry.ids)
        #expect((registry.adapter(id: "iterable") as? IterableAdapter)?.user == nil)
    }

    @Test("an empty value clears a text setting")
    func emptyClears() throws {
        let configured = OneSignalAdapter(appId: "x").configured(VendorConfiguration(["appId": ""]))
        #expect((configured as? OneSignalAdapter)?.appId == nil)
    }

    @Test("UTC timestamps are ISO 8601, before and after the epoch")
    func timestamps() {
        #expect(UTCTimestamp.iso8601(0) == "1970-01-01T00:00:00Z")
        #expect(UTCTimestamp.iso8601(1_764_930_600) == "2025-12-05T10:30:00Z")
        #expect(UTCTimestamp.iso8601(951_782_400, milliseconds: true) == "2000-02-29T00:00:00.000Z")
        #expect(UTCTimestamp.iso8601(-1) == "1969-12-31T23:59:59Z")
    }
}
