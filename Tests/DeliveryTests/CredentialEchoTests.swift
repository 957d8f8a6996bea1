import Foundation
import PushBridge
@testable import PushBridgeDelivery
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// The forms a credential travels in, computed here independently of `Redaction`: the key, base64 of the key
/// and of `key:` (standard and URL-safe, padded and not), each percent-encoded as a query would carry it.
enum CredentialForms {
    static func base64(_ text: String) -> [String] {
        let standard = Data(text.utf8).base64EncodedString()
        let urlSafe = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        let unpadded = { (value: String) in String(value.reversed().drop { $0 == "=" }.reversed()) }
        return [standard, unpadded(standard), urlSafe, unpadded(urlSafe)]
    }

    static func all(_ key: String) -> [String] {
        let plain = [key] + base64(key) + base64(key + ":")
        let queryAllowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return plain + plain.compactMap { $0.addingPercentEncoding(withAllowedCharacters: queryAllowed) }
    }

    /// Every `length`-character piece of every form: a text holding one shows part of the key.
    static func pieces(_ key: String, length: Int = 10) -> Set<String> {
        var pieces = Set<String>()
        for form in all(key) {
            let characters = Array(form)
            guard characters.count >= length else { continue }
            for start in 0...(characters.count - length) { pieces.insert(String(characters[start..<(start + length)])) }
        }
        return pieces
    }

    /// The first piece of a secret form `text` shows, or nil.
    static func leak(of key: String, in text: String) -> String? { pieces(key).first { text.contains($0) } }
}

/// One receipt of each built-in vendor (its first event-table row), with a message id.
func oneReceiptPerVendor() -> [Receipt] {
    BuiltInVendors.all.compactMap { adapter in
        adapter.eventTable.first.map { row in
            Receipt(vendor: adapter.id, kind: row.kind, event: row.event, properties: [:], messageId: "echo-\(adapter.id)")
        }
    }
}

@Suite("Redaction of credentials in every form they travel in")
struct CredentialFormsRedactionTests {
    /// A key whose `base64("key:")` has `+`, `/` and padding, so every alphabet and padding form differs.
    static let key = "cio_live_XP~tKsf>2?r?cDkdfrUnW"

    @Test("Base64 round-trips both alphabets, padded or not, and refuses what is not base64")
    func base64() {
        let bytes = Array((Self.key + ":").utf8)
        #expect(Base64.encode(bytes) == "Y2lvX2xpdmVfWFB+dEtzZj4yP3I/Y0RrZGZyVW5XOg==")
        #expect(Base64.encode(bytes, urlSafe: true, padded: false) == "Y2lvX2xpdmVfWFB-dEtzZj4yP3I_Y0RrZGZyVW5XOg")
        for urlSafe in [false, true] {
            for padded in [false, true] {
                for length in 0..<7 {
                    let sample = Array(bytes.prefix(length))
                    let text = Base64.encode(sample, urlSafe: urlSafe, padded: padded)
                    #expect(text.isEmpty ? Base64.decode(text) == nil : Base64.decode(text) == sample, "\(text)")
                }
            }
        }
        for bad in ["", "a", "ab=c", "Y2lv+X2_", "YQ===", "YR==", "Y2lv X2", "====", "é"] {
            #expect(Base64.decode(bad) == nil, "\(bad)")
        }
    }

    @Test("the forms of a key: itself, and base64 of it, of 'key:' and of ':key', both alphabets, padded or not")
    func keyForms() {
        let forms = Set(Redaction.forms(ofKey: Self.key))
        #expect(forms.isSuperset(of: [Self.key] + CredentialForms.base64(Self.key) + CredentialForms.base64(Self.key + ":")
            + CredentialForms.base64(":" + Self.key)))
        #expect(Redaction.forms(ofKey: "").isEmpty)
    }

    @Test("a secret header's credential: after Basic or Bearer in any header, after any scheme in Authorization")
    func headerForms() {
        let basic = "Basic " + Base64.encode(Array("user_name_1:pass_word_2".utf8))
        let forms = Set(Redaction.forms(ofHeaderValue: basic))
        #expect(forms.contains("user_name_1:pass_word_2") && forms.contains("user_name_1") && forms.contains("pass_word_2"))
        #expect(forms.isSuperset(of: CredentialForms.base64("user_name_1:pass_word_2")))
        #expect(!forms.contains(basic), "the scheme is not part of the secret")
        #expect(Set(Redaction.forms(ofHeaderValue: "Token abc_12345678", name: "Authorization")).contains("abc_12345678"))
        let custom = Set(Redaction.forms(ofHeaderValue: "Token abc_12345678", name: "X-Signature"))
        #expect(custom.contains("Token abc_12345678") && !custom.contains("abc_12345678"), "another header: the whole value")
        #expect(Set(Redaction.forms(ofHeaderValue: "bearer k_0123456789", name: "X-Upstream")).contains("k_0123456789"))
    }

    @Test("every built-in vendor's credential header, from the headers alone: as sent, its credential, base64 forms, a query's form")
    func everyVendorsHeader() throws {
        var secretHeaders = 0
        for adapter in BuiltInVendors.all {
            guard let receipt = oneReceiptPerVendor().first(where: { $0.vendor == adapter.id }),
                  let request = adapter.receiptRequest(for: receipt, writeKey: Self.key)
            else { continue }
            // No write key given: the headers as sent are enough.
            let redaction = Redaction(secrets: [], headers: request.headers)
            for header in request.headers where header.isSecret {
                secretHeaders += 1
                let credential = header.value.split(separator: " ", maxSplits: 1).last.map(String.init) ?? header.value
                let decoded = Base64.decode(credential).map { String(decoding: $0, as: UTF8.self) }
                var shown = [header.value, credential, "auth=" + Self.queryForm(header.value)]
                shown += CredentialForms.base64(decoded ?? credential)
                shown += CredentialForms.all(Self.key)
                for text in shown {
                    let redacted = redaction.redact("{\"received\":\"\(text)\"}")
                    #expect(CredentialForms.leak(of: Self.key, in: redacted) == nil, "\(adapter.id): \(text) → \(redacted)")
                    #expect(redacted.contains("[redacted]"), "\(adapter.id): \(text) → \(redacted)")
                }
            }
        }
        #expect(secretHeaders == 9, "every vendor but Klaviyo and OneSignal sends a credential")
    }

    @Test("the sink redacts a Customer.io credential echoed in a 401 body and a 302 Location")
    func sinkRedactsBasic() throws {
        let receipt = Receipt(vendor: "customerio", kind: .opened, event: "opened", properties: [:], messageId: "c-1")
        let sent = "Basic " + Base64.encode(Array((Self.key + ":").utf8))
        let answers = [
            status(401, body: "{\"error\":\"invalid credentials\",\"received\":\"\(sent)\"}"),
            status(302, ["Location": "http://login.example/?auth=" + Self.queryForm(sent)]),
        ]
        for answer in answers {
            let (sink, transport, _) = scriptedSink([answer], retry: RetryPolicy(maxAttempts: 1), writeKey: Self.key)
            let reason: String
            switch sink.deliver(receipt) {
            case .permanentFailure(_, _, let text), .retryLater(_, let text): reason = text
            case .delivered: Issue.record("delivered"); continue
            }
            #expect(transport.sent.first?.header("Authorization") == sent)
            #expect(reason.contains("[redacted]"), "\(reason)")
            #expect(CredentialForms.leak(of: Self.key, in: reason) == nil, "\(reason)")
        }
    }

    /// `text` as a query string carries it: `+` for a space, every byte but unreserved ones `%XX`.
    static func queryForm(_ text: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~ "))
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(of: " ", with: "+")
    }
}

/// The real `bridge-cli flush` against a collector that echoes every vendor's credential header back.
@Suite("Credential echoes through bridge-cli flush")
struct CredentialEchoFlushTests {
    static let key = CredentialFormsRedactionTests.key

    @Test("every vendor's credential, echoed as sent, URL-safe or unpadded, in a 401 body or a 302 Location: no form on stdout, stderr or in any outbox file", arguments: [
            "echo-credential-401", "echo-credential-302", "echo-credential-forms", "echo-credential-forms-302",
        ])
    func flushEchoes(name: String) throws {
        let scratch = try Scratch()
        let collector = try HostileCollector(in: scratch)
        let receipts = oneReceiptPerVendor()
        #expect(receipts.count == 11)
        let outbox = try HostileCollectorTests.outbox(in: scratch, receipts)
        let result = try BridgeCLI.run(
            ["flush", "--outbox", outbox, "--endpoint", collector.endpoint(name), "--max-attempts", "1",
             "--request-timeout", "3", "--max-time", "30"],
            environment: ["PUSHBRIDGE_WRITE_KEY": Self.key], in: scratch, timeout: 60)
        #expect(!result.signaled, "\(result)")

        // Every request went, nine of them with a credential the collector echoed.
        let requests = try collector.requests(name)
        #expect(requests.count == 11, "\(requests)")
        #expect(requests.filter { $0["credential"]?.stringValue != nil }.count == 9, "\(requests)")
        let lines = result.stdoutJSON.filter { $0["type"] == "dead-letter" || $0["type"] == "pending" }
        #expect(lines.count == 11, "\(result)")
        let redacted = lines.filter { $0["reason"]?.stringValue?.contains("[redacted]") == true }
        #expect(redacted.count == 9, "the nine echoes were redacted, not missing: \(result)")
        if name.hasSuffix("302") {
            #expect(lines.allSatisfy { $0["reason"]?.stringValue?.contains("redirect to http://login.example/?") == true })
        }

        var texts = ["stdout": result.stdout, "stderr": result.stderr]
        for (file, data) in try HostileCollectorTests.files(outbox) {
            texts[file] = String(decoding: data, as: UTF8.self)
        }
        #expect(texts["dead-letters.jsonl"]?.isEmpty == false || name.hasSuffix("302"))
        for (place, text) in texts {
            #expect(CredentialForms.leak(of: Self.key, in: text) == nil, "\(place): \(text.prefix(2_000))")
        }
    }
}
