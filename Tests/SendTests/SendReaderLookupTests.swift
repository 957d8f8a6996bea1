import PushBridge
import PushBridgeSend
import Testing

/// How a send parser finds the members it names in a body: wherever they stand, whatever other members share
/// their key's length, and with everything it does not read kept as sent.
@Suite("Send reader member lookup")
struct SendReaderLookupTests {
    /// A OneSignal body with `fillers` unknown members whose keys are as long as `ios_sound` and `contents`, the
    /// named members placed after the first `at` of them.
    func body(fillers: Int, at: Int) -> JSONObject {
        var members: [(key: String, value: JSONValue)] = (0..<fillers).map { index in
            let digits = String(index)
            let key = (index % 2 == 0 ? "xxxxxxxxx" : "yyyyyyyy").dropLast(digits.count) + digits
            return (String(key), .string("filler \(index)"))
        }
        let named: [(key: String, value: JSONValue)] = [
            ("ios_sound", "ping.aiff"), ("contents", ["en": "Hello"]), ("included_segments", ["vip"]),
        ]
        members.insert(contentsOf: named, at: min(at, members.count))
        return JSONObject(members: members)
    }

    @Test("a named member is read at any position, among unknown members of its key's length")
    func namedMembersAnywhere() throws {
        let adapter = OneSignalSendAdapter()
        for fillers in [0, 7, 15, 16, 24, 70] {
            for at in Set([0, fillers / 2, 8, 16, fillers]) {
                let object = body(fillers: fillers, at: at)
                let parsed = adapter.parse(SendHTTPRequest(path: adapter.primaryPath, body: .object(object)))
                let form = parsed.request
                #expect(form.content.payload.sound == "ping.aiff", "\(fillers) fillers, named at \(at)")
                #expect(form.content.payload.alert?.body == "Hello", "\(fillers) fillers, named at \(at)")
                #expect(form.audience.vendorTargeting.map(\.key) == ["included_segments"], "\(fillers) fillers, named at \(at)")
                // Every unknown member is kept under its path with a note; nothing read is kept.
                let unknown = object.keys.filter { $0.hasPrefix("x") || $0.hasPrefix("y") }
                #expect(Set(form.vendorFields.keys) == Set(unknown.map { JSONPath.member($0, of: JSONPath.root) }))
                #expect(parsed.diagnostics.filter { $0.diagnosticCode == .unknownKey }.count == unknown.count)
            }
        }
    }

    @Test("a send time is written back as it was read, for dates of every year width")
    func sendTimesRoundTrip() throws {
        let adapter = OneSignalSendAdapter()
        for text in ["2026-01-02T03:04:05Z", "1999-12-31T23:59:59Z", "0987-06-05T04:03:02Z", "9999-12-31T00:00:00Z"] {
            let request = SendHTTPRequest(
                path: adapter.primaryPath,
                body: ["app_id": "a", "contents": ["en": "Hi"], "included_segments": ["all"], "send_after": .string(text)])
            let form = adapter.parse(request).request
            let rendered = try #require(adapter.render(form, options: SendRenderOptions()).requests.first)
            #expect(rendered.body["send_after"] == .string(text))
        }
    }
}
