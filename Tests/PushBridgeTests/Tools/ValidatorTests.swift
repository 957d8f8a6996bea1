import PushBridge
import PushBridgeTestSupport
import Testing

/// Validates `userInfo` with its true canonical size.
private func validate(
    _ userInfo: JSONObject, adapter: (any VendorAdapter)? = FakeAdapter()
) -> ValidationReport {
    Validator.validate(userInfo, byteCount: JSONWriter.bytes(.object(userInfo)).count, adapter: adapter)
}

private let button: JSONValue = ["id": "b", "title": "B", "foreground": true]

@Suite("Validator")
struct ValidatorTests {
    @Test("a plain visible push is valid")
    func valid() {
        let report = validate(["aps": ["alert": "Hi", "sound": "default"], "fake_id": "m"])
        #expect(report.isValid)
        #expect(report.problems.isEmpty)
        #expect(report.vendor == "fake")
    }

    @Test("a payload over 4096 bytes is payload-too-large; exactly 4096 is fine")
    func size() {
        let big = validate(["aps": ["alert": .string(String(repeating: "x", count: 5_000))], "fake_id": "m"])
        #expect(big.bytes > 4096)
        #expect(big.problems.map(\.diagnosticCode) == [.payloadTooLarge])
        #expect(big.problems.first?.severity == .error)
        #expect(big.problems.first?.path == "$")
        let userInfo: JSONObject = ["aps": ["alert": "Hi"], "fake_id": "m"]
        #expect(Validator.validate(userInfo, byteCount: 4096, adapter: FakeAdapter()).isValid)
        #expect(!Validator.validate(userInfo, byteCount: 4097, adapter: FakeAdapter()).isValid)
    }

    @Test("a payload with no aps is aps-missing (once), not also alert-missing")
    func missingAps() {
        for adapter: (any VendorAdapter)? in [FakeAdapter(), nil] {
            let report = validate(["fake_id": "m", "other": 1], adapter: adapter)
            #expect(report.problems.map(\.diagnosticCode).filter { $0 != .unclaimed } == [.apsMissing])
            #expect(report.problems.first { $0.diagnosticCode == .apsMissing }?.path == "$.aps")
        }
    }

    @Test("an aps with no alert is alert-missing", arguments: [["badge": 1] as JSONValue, ["alert": [:]], [:]])
    func missingAlert(aps: JSONValue) {
        let report = validate(["aps": aps, "fake_id": "m"])
        #expect(report.problems.map(\.diagnosticCode) == [.alertMissing])
        #expect(report.problems.first?.path == "$.aps.alert")
    }

    @Test("a content-available push needs no alert")
    func backgroundPush() {
        #expect(validate(["aps": ["content-available": 1], "fake_id": "m"]).isValid)
        #expect(validate(["aps": ["content-available": 1]], adapter: nil).problems.map(\.diagnosticCode) == [.unclaimed])
    }

    @Test("an image without mutable-content is mutable-content-missing; with it, valid")
    func imageNeedsMutableContent() {
        let without = validate(["aps": ["alert": "Hi"], "fake_id": "m", "image": "https://x/i.png"])
        #expect(without.problems.map(\.diagnosticCode) == [.mutableContentMissing])
        #expect(without.problems.first?.path == "$.aps[\"mutable-content\"]")
        #expect(without.problems.first?.message.contains("image") == true)
        let with: JSONObject = [
            "aps": ["alert": "Hi", "mutable-content": 1], "fake_id": "m", "image": "https://x/i.png",
        ]
        #expect(validate(with).isValid)
    }

    @Test("buttons without mutable-content are a problem when the vendor's buttons need the extension")
    func buttonsNeedMutableContent() {
        let userInfo: JSONObject = ["aps": ["alert": "Hi"], "fake_id": "m", "buttons": [button]]
        let report = validate(userInfo, adapter: FakeAdapter(buttonsNeedServiceExtension: true))
        #expect(report.problems.map(\.diagnosticCode) == [.mutableContentMissing])
        #expect(report.problems.first?.message.contains("buttons") == true)
        var fixed = userInfo
        fixed["aps"] = ["alert": "Hi", "mutable-content": 1]
        #expect(validate(fixed, adapter: FakeAdapter(buttonsNeedServiceExtension: true)).isValid)
    }

    @Test("buttons without mutable-content are fine when the vendor's buttons do not need the extension")
    func buttonsExempt() {
        let userInfo: JSONObject = ["aps": ["alert": "Hi"], "fake_id": "m", "buttons": [button]]
        #expect(validate(userInfo, adapter: FakeAdapter(buttonsNeedServiceExtension: false)).isValid)
        // The exemption covers buttons only, not an image.
        var withImage = userInfo
        withImage["image"] = "https://x/i.png"
        let report = validate(withImage, adapter: FakeAdapter(buttonsNeedServiceExtension: false))
        #expect(report.problems.map(\.diagnosticCode) == [.mutableContentMissing])
    }

    @Test("a sound with no playable extension is sound-without-extension",
          arguments: ["ding", "ding.", "ding.mp3", "chime.wav.txt", ".caf.", "Default"])
    func soundWithoutExtension(sound: String) {
        let report = validate(["aps": ["alert": "Hi", "sound": .string(sound)], "fake_id": "m"])
        #expect(report.problems.map(\.diagnosticCode) == [.soundWithoutExtension])
        #expect(report.problems.first?.severity == .warning)
        #expect(report.problems.first?.path == "$.aps.sound")
    }

    @Test("a critical sound's name is checked the same way, at $.aps.sound.name")
    func criticalSoundName() {
        let critical: JSONValue = ["critical": 1, "name": "ding", "volume": 1.0]
        let report = validate(["aps": ["alert": "Hi", "sound": critical], "fake_id": "m"])
        #expect(report.problems.map(\.diagnosticCode) == [.soundWithoutExtension])
        #expect(report.problems.first?.path == "$.aps.sound.name")
        for name: JSONValue in ["ding.caf", "default"] {
            let sound: JSONValue = ["critical": 1, "name": name]
            #expect(validate(["aps": ["alert": "Hi", "sound": sound], "fake_id": "m"]).isValid)
        }
    }

    @Test("the default sound and sounds with a playable extension are fine",
          arguments: ["default", "ding.caf", "ding.CAF", "a.b.aiff", "x.aif", "chime.wav"])
    func soundFine(sound: String) {
        #expect(validate(["aps": ["alert": "Hi", "sound": .string(sound)], "fake_id": "m"]).isValid)
    }

    @Test("decode warnings become problems; info diagnostics do not")
    func decodeWarnings() {
        let report = validate(["aps": ["alert": "Hi", "badge": "five"], "fake_id": "m"])
        #expect(report.problems.map(\.diagnosticCode) == [.badgeNotInteger])
        #expect(report.problems.first?.path == "$.aps.badge")
    }

    @Test("the vendor's own validation problems are included")
    func vendorProblems() {
        let report = validate(["aps": ["alert": "Hi"], "fake_id": "m", "fake_invalid": true])
        #expect(report.problems.map(\.code) == ["fake-invalid"])
    }

    @Test("with no adapter the payload is unclaimed, only the APNs rules run and the vendor is null")
    func apnsOnly() {
        let report = validate(["aps": ["alert": "Hi", "badge": "x"], "fake_invalid": true], adapter: nil)
        #expect(report.vendor == nil)
        #expect(report.problems.map(\.diagnosticCode) == [.unclaimed, .badgeNotInteger])
        #expect(report.problems.first?.path == "$")
        #expect(report.problems.first?.severity == .warning)
    }

    @Test("the report JSON has vendor, valid, bytes and problems of code, path and message")
    func reportShape() throws {
        let report = validate(["aps": ["badge": 1], "fake_id": "m"])
        let json = report.json
        #expect(json.objectValue.map { Set($0.keys) } == ["vendor", "valid", "bytes", "problems"])
        #expect(json["vendor"] == "fake")
        #expect(json["valid"] == false)
        #expect(json["bytes"] == .int(report.bytes))
        let problems = try #require(json["problems"]?.arrayValue)
        #expect(problems.count == 1)
        #expect(problems.first?.objectValue.map { Set($0.keys) } == ["code", "path", "message"])
        #expect(problems.first?["code"] == .code(.alertMissing))
        #expect(problems.first?["path"] == "$.aps.alert")
        #expect(problems.first?["message"]?.stringValue?.isEmpty == false)
    }

    @Test("a valid report writes valid true and an empty problems list; with no vendor, vendor null and unclaimed")
    func validReportShape() {
        let json = validate(["aps": ["alert": "Hi"], "fake_id": "m"]).json
        #expect(json == ["vendor": "fake", "valid": true, "bytes": 36, "problems": []])
        let unclaimed = validate(["aps": ["alert": "Hi"]], adapter: nil).json
        #expect(unclaimed["vendor"] == .null)
        #expect(unclaimed["valid"] == false)
        #expect(unclaimed["problems"]?.arrayValue?.first?["code"] == .code(.unclaimed))
    }
}
