import PushBridge
import Testing

/// Decodes `aps` into a fresh payload.
private func decode(_ aps: JSONValue?) -> (payload: PushPayload, diagnostics: [Diagnostic]) {
    var payload = PushPayload(vendor: "fake")
    let diagnostics = APSCoding.decode(aps, into: &payload)
    return (payload, diagnostics)
}

/// Decodes `aps` and encodes the result again.
private func roundTrip(_ aps: JSONValue) -> JSONObject {
    APSCoding.encode(decode(aps).payload)
}

@Suite("APSCoding")
struct APSCodingTests {
    @Test("every aps key and alert field of the wrong type: diagnostics in key order, inside aps.alert too")
    func everyWrongTypeInKeyOrder() {
        let (_, diagnostics) = decode([
            "thread-id": 3, "badge": "x", "sound": 1, "category": [], "content-available": 2, "mutable-content": "1",
            "alert": ["title": 1, "body": false, "subtitle": [], "loc-key": "k"],
        ])
        #expect(diagnostics.map(\.path) == [
            "$.aps.alert.body", "$.aps.alert.subtitle", "$.aps.alert.title", "$.aps.badge", "$.aps.category",
            "$.aps[\"content-available\"]", "$.aps[\"mutable-content\"]", "$.aps.sound", "$.aps[\"thread-id\"]",
        ])
    }

    @Test("DiagnosticsByKey reports what each key noticed in key order, each key's own in the order noticed")
    func diagnosticsByKey() {
        var diagnostics = [Diagnostic(.info, code: "first", message: "")]
        var byKey = DiagnosticsByKey()
        for (key, codes) in [("b", ["b1", "b2"]), ("é", ["e"]), ("a", []), ("Z", ["z"])] {
            let start = diagnostics.count
            for code in codes { diagnostics.append(Diagnostic(.info, code: code, message: "")) }
            byKey.setAside(key, from: &diagnostics, since: start)
            #expect(diagnostics.map(\.code) == ["first"])
        }
        byKey.append(to: &diagnostics)
        #expect(diagnostics.map(\.code) == ["first", "z", "b1", "b2", "e"])

        // Keys set aside in key order, one key twice (its parts in the order set aside), and one diagnostic
        // noticed between them outside any key: that one stays where it is, before what was set aside.
        var inOrder: [Diagnostic] = []
        var sortedKeys = DiagnosticsByKey()
        for (key, codes) in [("a", ["a1"]), ("b", ["b1", "b2"]), ("b", ["b3"]), ("c", ["c1"])] {
            let start = inOrder.count
            for code in codes { inOrder.append(Diagnostic(.info, code: code, message: "")) }
            sortedKeys.setAside(key, from: &inOrder, since: start)
            if key == "a" { inOrder.append(Diagnostic(.info, code: "between", message: "")) }
        }
        #expect(inOrder.map(\.code) == ["between"])
        sortedKeys.append(to: &inOrder)
        #expect(inOrder.map(\.code) == ["between", "a1", "b1", "b2", "b3", "c1"])
        // The same key twice out of order with another between: each part keeps its place among equal keys.
        var mixed: [Diagnostic] = []
        var mixedKeys = DiagnosticsByKey()
        for (key, code) in [("b", "b1"), ("a", "a1"), ("b", "b2")] {
            let start = mixed.count
            mixed.append(Diagnostic(.info, code: code, message: ""))
            mixedKeys.setAside(key, from: &mixed, since: start)
        }
        mixedKeys.append(to: &mixed)
        #expect(mixed.map(\.code) == ["a1", "b1", "b2"])
        DiagnosticsByKey().append(to: &mixed)
        #expect(mixed.count == 3)
    }

    @Test("an alert given as a string is the body")
    func stringAlert() {
        let (payload, diagnostics) = decode(["alert": "Hello"])
        #expect(payload.alert == PushAlert(body: "Hello"))
        #expect(diagnostics.isEmpty)
        #expect(APSCoding.encode(payload)["alert"] == ["body": "Hello"])
    }

    @Test("an alert object fills title, subtitle and body")
    func objectAlert() {
        let (payload, diagnostics) = decode(["alert": ["title": "T", "subtitle": "S", "body": "B"]])
        #expect(payload.alert == PushAlert(title: "T", subtitle: "S", body: "B"))
        #expect(payload.apsExtra.isEmpty)
        #expect(diagnostics.isEmpty)
    }

    @Test("loc-key and friends in aps.alert go to apsExtra under their own names and are written back inside aps.alert")
    func alertLocKeys() {
        let aps: JSONValue = [
            "alert": ["title": "T", "loc-key": "GAME_INVITE", "loc-args": ["Jenna", "Frank"], "title-loc-key": "TK"],
        ]
        let (payload, diagnostics) = decode(aps)
        #expect(diagnostics.isEmpty)
        #expect(payload.alert == PushAlert(title: "T"))
        #expect(payload.apsExtra == ["loc-key": "GAME_INVITE", "loc-args": ["Jenna", "Frank"], "title-loc-key": "TK"])
        let encoded = APSCoding.encode(payload)
        #expect(encoded["alert"] == [
            "title": "T", "loc-key": "GAME_INVITE", "loc-args": ["Jenna", "Frank"], "title-loc-key": "TK",
        ])
        #expect(encoded["loc-key"] == nil)
        #expect(encoded["loc-args"] == nil)
        #expect(encoded.count == 1)
    }

    @Test("an alert of only localisation keys is written back as an alert object")
    func onlyLocKeys() {
        let encoded = roundTrip(["alert": ["loc-key": "K"]])
        #expect(encoded == ["alert": ["loc-key": "K"]])
    }

    @Test("unknown keys inside aps.alert are kept and written back inside aps.alert")
    func unknownAlertKeys() {
        let (payload, diagnostics) = decode(["alert": ["body": "B", "x-custom": 1]])
        #expect(diagnostics.isEmpty)
        #expect(payload.apsExtra == ["alert": ["x-custom": 1]])
        #expect(APSCoding.encode(payload) == ["alert": ["body": "B", "x-custom": 1]])
    }

    @Test("a wrong-typed alert field is kept in apsExtra with a diagnostic at its path and written back")
    func wrongTypedAlertField() {
        let (payload, diagnostics) = decode(["alert": ["title": 5, "body": "B"]])
        #expect(payload.alert == PushAlert(body: "B"))
        #expect(payload.apsExtra == ["alert": ["title": 5]])
        #expect(diagnostics.map(\.diagnosticCode) == [.wrongType])
        #expect(diagnostics.first?.path == "$.aps.alert.title")
        #expect(APSCoding.encode(payload)["alert"] == ["title": 5, "body": "B"])
    }

    @Test("an alert that is neither a string nor an object is kept as sent with a diagnostic")
    func wrongTypedAlert() {
        let (payload, diagnostics) = decode(["alert": [1, 2]])
        #expect(payload.alert == nil)
        #expect(payload.apsExtra == ["alert": [1, 2]])
        #expect(diagnostics.map(\.path) == ["$.aps.alert"])
        #expect(APSCoding.encode(payload) == ["alert": [1, 2]])
    }

    @Test("a badge that is not an integer is kept in apsExtra with badge-not-integer and written back",
          arguments: [
              "5" as JSONValue, 1.5, true, nil, ["n": 1], .number(JSONNumber(literal: "99999999999999999999")!),
          ])
    func wrongBadge(badge: JSONValue) {
        let (payload, diagnostics) = decode(["badge": badge])
        #expect(payload.badge == nil)
        #expect(payload.apsExtra["badge"] == badge)
        #expect(diagnostics.map(\.diagnosticCode) == [.badgeNotInteger])
        #expect(diagnostics.first?.path == "$.aps.badge")
        #expect(diagnostics.first?.severity == .warning)
        #expect(APSCoding.encode(payload)["badge"] == badge)
    }

    @Test("an integer badge is the badge")
    func badge() {
        let (payload, diagnostics) = decode(["badge": 0])
        #expect(payload.badge == 0)
        #expect(diagnostics.isEmpty)
        #expect(APSCoding.encode(payload) == ["badge": 0])
    }

    @Test("a category or thread-id that is not a string is kept with a wrong-type diagnostic and written back")
    func wrongCategory() {
        let (payload, diagnostics) = decode(["category": 7, "thread-id": ["x"]])
        #expect(payload.category == nil)
        #expect(payload.threadId == nil)
        #expect(payload.apsExtra == ["category": 7, "thread-id": ["x"]])
        #expect(Set(diagnostics.map(\.path)) == ["$.aps.category", "$.aps[\"thread-id\"]"])
        #expect(diagnostics.allSatisfy { $0.diagnosticCode == .wrongType })
        #expect(APSCoding.encode(payload) == ["category": 7, "thread-id": ["x"]])
    }

    @Test("diagnostics come in key order, whatever order the keys were given in")
    func diagnosticsInKeyOrder() {
        let (_, diagnostics) = decode([
            "thread-id": 1, "sound": 2, "badge": "x", "category": [], "alert": ["title": 1, "body": 2],
            "mutable-content": 5,
        ])
        #expect(diagnostics.map(\.path) == [
            "$.aps.alert.body", "$.aps.alert.title", "$.aps.badge", "$.aps.category", "$.aps[\"mutable-content\"]",
            "$.aps.sound", "$.aps[\"thread-id\"]",
        ])
    }

    @Test("mutable-content and content-available read 0 and 1")
    func flags() {
        let on = decode(["mutable-content": 1, "content-available": 1])
        #expect(on.payload.mutableContent && on.payload.contentAvailable)
        #expect(on.diagnostics.isEmpty)
        let off = decode(["mutable-content": 0, "content-available": 0])
        #expect(!off.payload.mutableContent && !off.payload.contentAvailable)
        #expect(off.payload.apsExtra.isEmpty)
        #expect(APSCoding.encode(on.payload) == ["mutable-content": 1, "content-available": 1])
    }

    @Test("a flag that is not 0 or 1 is kept in apsExtra with aps-flag-not-0-or-1 and written back",
          arguments: [2 as JSONValue, "1", true, .number(JSONNumber(literal: "1.0")!), -1])
    func wrongFlags(value: JSONValue) {
        let (payload, diagnostics) = decode(["mutable-content": value, "content-available": value])
        #expect(!payload.mutableContent)
        #expect(!payload.contentAvailable)
        #expect(payload.apsExtra == ["mutable-content": value, "content-available": value])
        #expect(diagnostics.map(\.diagnosticCode) == [.apsFlagNot0Or1, .apsFlagNot0Or1])
        #expect(APSCoding.encode(payload) == ["mutable-content": value, "content-available": value])
    }

    @Test("a critical-sound dictionary is kept in apsExtra without a diagnostic and written back")
    func criticalSound() {
        let sound: JSONValue = ["critical": 1, "name": "alarm.caf", "volume": 0.8]
        let (payload, diagnostics) = decode(["sound": sound])
        #expect(payload.sound == nil)
        #expect(payload.apsExtra == ["sound": sound])
        #expect(diagnostics.isEmpty)
        #expect(APSCoding.encode(payload) == ["sound": sound])
    }

    @Test("a sound that is neither a string nor an object is kept with a wrong-type diagnostic")
    func wrongSound() {
        let (payload, diagnostics) = decode(["sound": 3])
        #expect(payload.apsExtra == ["sound": 3])
        #expect(diagnostics.map(\.path) == ["$.aps.sound"])
    }

    @Test("aps keys with no field of their own go to apsExtra and are written back at the aps level")
    func otherKeys() {
        let aps: JSONValue = [
            "alert": "hi", "interruption-level": "time-sensitive", "relevance-score": 0.75,
            "target-content-id": "thread-9", "filter-criteria": "work", "x-future": ["a": nil],
        ]
        let (payload, diagnostics) = decode(aps)
        #expect(diagnostics.isEmpty)
        #expect(payload.apsExtra == [
            "interruption-level": "time-sensitive", "relevance-score": 0.75, "target-content-id": "thread-9",
            "filter-criteria": "work", "x-future": ["a": nil],
        ])
        #expect(JSONValue.object(APSCoding.encode(payload)) == [
            "alert": ["body": "hi"], "interruption-level": "time-sensitive", "relevance-score": 0.75,
            "target-content-id": "thread-9", "filter-criteria": "work", "x-future": ["a": nil],
        ])
    }

    @Test("encode writes the typed fields over apsExtra")
    func typedFieldsWin() {
        var payload = PushPayload(
            vendor: "fake", alert: PushAlert(title: "Typed"), badge: 3, sound: "ding.caf", category: "CAT",
            threadId: "T", mutableContent: true, contentAvailable: true)
        payload.apsExtra = [
            "badge": "old", "sound": ["critical": 1], "category": 9, "thread-id": 1, "mutable-content": 0,
            "content-available": "x", "alert": ["title": "old", "x": 1], "loc-key": "K",
        ]
        let encoded = APSCoding.encode(payload)
        #expect(encoded["badge"] == 3)
        #expect(encoded["sound"] == "ding.caf")
        #expect(encoded["category"] == "CAT")
        #expect(encoded["thread-id"] == "T")
        #expect(encoded["mutable-content"] == 1)
        #expect(encoded["content-available"] == 1)
        #expect(encoded["alert"] == ["title": "Typed", "x": 1, "loc-key": "K"])
    }

    @Test("encode omits unset fields and false flags")
    func encodeEmpty() {
        #expect(APSCoding.encode(PushPayload(vendor: "fake")).isEmpty)
    }

    @Test("a missing aps is an info diagnostic; an aps that is not an object is a warning, kept under ignored[\"$.aps\"]")
    func missingOrWrongAps() {
        let missing = decode(nil)
        #expect(missing.diagnostics.map(\.diagnosticCode) == [.apsMissing])
        #expect(missing.diagnostics.first?.severity == .info)
        let wrong = decode("not an object")
        #expect(wrong.diagnostics.map(\.diagnosticCode) == [.apsNotObject])
        #expect(wrong.diagnostics.first?.severity == .warning)
        #expect(wrong.payload == PushPayload(vendor: "fake", ignored: ["$.aps": "not an object"]))
        #expect(APSCoding.nonObjectAPSKey == "$.aps")
    }

    @Test("an empty alert object decodes, encodes and decodes again to the same payload")
    func emptyAlertRoundTrip() {
        let first = decode(["alert": [:], "badge": 1])
        var second = PushPayload(vendor: "fake")
        _ = APSCoding.decode(.object(APSCoding.encode(first.payload)), into: &second)
        #expect(second == first.payload)
    }

    @Test("decoding what encode wrote gives the same payload",
          arguments: [
              ["alert": ["title": "T", "loc-key": "K", "x": [1]], "badge": "7", "sound": ["critical": 1]] as JSONValue,
              ["alert": [1], "mutable-content": 2, "category": 5, "interruption-level": "passive"],
              ["alert": "hi", "badge": 2, "sound": "default", "thread-id": "t", "content-available": 1],
          ])
    func decodeEncodeDecode(aps: JSONValue) {
        let first = decode(aps)
        var second = PushPayload(vendor: "fake")
        _ = APSCoding.decode(.object(APSCoding.encode(first.payload)), into: &second)
        #expect(second == first.payload)
    }
}
