import PushBridge
import PushBridgeSend
import Testing

/// One corpus file with the headers its source lists and the codes that make it known-invalid
/// (Corpus/SOURCES.md says why).
struct CorpusCase: Sendable, CustomTestStringConvertible {
    let file: String
    let vendor: String
    let headers: [String: String]
    let invalidBecause: [DiagnosticCode]

    var testDescription: String { file }

    /// The request: the body, in an envelope with `headers` when it has some.
    func request() throws -> SendHTTPRequest { try load().request }

    /// The vendor's send adapter and the request.
    func load() throws -> (adapter: any SendAdapter, request: SendHTTPRequest) {
        let adapter = try #require(SendVendors.adapter(id: vendor))
        return (adapter, SendHTTPRequest(path: adapter.primaryPath, headers: headers, body: try SendCorpus.body(file)))
    }

    static let all: [CorpusCase] = [
        CorpusCase(file: "apns-1.json", vendor: "apns", headers: ["apns-push-type": "alert", "apns-topic": "com.example.app"], invalidBecause: []),
        CorpusCase(file: "apns-2.json", vendor: "apns", headers: ["apns-push-type": "background", "apns-priority": "5", "apns-topic": "com.example.app"], invalidBecause: []),
        // The forum's request: `apns-expiration: 300` is 1970, so the push is expired before it is sent.
        CorpusCase(file: "apns-3.json", vendor: "apns", headers: ["apns-topic": "com.app.app", "apns-priority": "10", "apns-expiration": "300", "apns-push-type": "alert"], invalidBecause: [.expiryInvalid]),
        CorpusCase(file: "onesignal-1.json", vendor: "onesignal", headers: [:], invalidBecause: []),
        CorpusCase(file: "onesignal-2.json", vendor: "onesignal", headers: [:], invalidBecause: []),
        CorpusCase(file: "onesignal-3.json", vendor: "onesignal", headers: [:], invalidBecause: []),
        CorpusCase(file: "onesignal-4.json", vendor: "onesignal", headers: [:], invalidBecause: []),
        // The string "false" for a boolean field is in the original.
        CorpusCase(file: "braze-1.json", vendor: "braze", headers: [:], invalidBecause: [.wrongType]),
        CorpusCase(file: "braze-2.json", vendor: "braze", headers: [:], invalidBecause: []),
        // A fragment: the value of `messages` only, with no audience.
        CorpusCase(file: "airship-1.json", vendor: "airship", headers: [:], invalidBecause: []),
        CorpusCase(file: "airship-2.json", vendor: "airship", headers: [:], invalidBecause: []),
        CorpusCase(file: "airship-3.json", vendor: "airship", headers: [:], invalidBecause: []),
        CorpusCase(file: "airship-4.json", vendor: "airship", headers: [:], invalidBecause: []),
        CorpusCase(file: "fcm-1.json", vendor: "fcm", headers: [:], invalidBecause: []),
        CorpusCase(file: "fcm-2.json", vendor: "fcm", headers: [:], invalidBecause: []),
        CorpusCase(file: "fcm-3.json", vendor: "fcm", headers: [:], invalidBecause: []),
        CorpusCase(file: "fcm-4.json", vendor: "fcm", headers: [:], invalidBecause: []),
        CorpusCase(file: "braze-3.json", vendor: "braze", headers: [:], invalidBecause: [.sendFieldMissing]),
        CorpusCase(file: "iterable-1.json", vendor: "iterable", headers: [:], invalidBecause: []),
        CorpusCase(file: "iterable-2.json", vendor: "iterable", headers: [:], invalidBecause: []),
        // A template, not a send (Corpus/SOURCES.md): read as one from its members.
        CorpusCase(file: "iterable-3.json", vendor: "iterable", headers: [:], invalidBecause: []),
        CorpusCase(file: "customerio-1.json", vendor: "customerio", headers: [:], invalidBecause: []),
        CorpusCase(file: "customerio-2.json", vendor: "customerio", headers: [:], invalidBecause: []),
        CorpusCase(file: "customerio-3.json", vendor: "customerio", headers: [:], invalidBecause: []),
        CorpusCase(file: "klaviyo-1.json", vendor: "klaviyo", headers: [:], invalidBecause: []),
        CorpusCase(file: "klaviyo-2.json", vendor: "klaviyo", headers: [:], invalidBecause: []),
        // The send job: a bare body told apart by its data.type.
        CorpusCase(file: "klaviyo-3.json", vendor: "klaviyo", headers: [:], invalidBecause: []),
    ]
}

@Suite("Send corpus")
struct SendCorpusTests {
    @Test("every corpus request parses, and validates or is flagged as its source says", arguments: CorpusCase.all)
    func validates(_ corpus: CorpusCase) throws {
        let (adapter, request) = try corpus.load()
        let parsed = adapter.parse(request)
        #expect(!parsed.diagnostics.contains { $0.diagnosticCode == .sendRequestMalformed })
        let problems = adapter.validate(request)
        let codes = Set(problems.map(\.diagnosticCode))
        if corpus.invalidBecause.isEmpty {
            #expect(!problems.contains { $0.severity == .error }, "\(problems)")
        } else {
            for code in corpus.invalidBecause { #expect(codes.contains(code), "\(problems)") }
        }
    }

    @Test("every corpus request translates to every target, which reads the result back", arguments: CorpusCase.all)
    func translates(_ corpus: CorpusCase) throws {
        let (source, request) = try corpus.load()
        for target in SendVendors.all {
            let (result, _) = SendVendors.translate(request, from: source, to: target, options: SendRenderOptions(now: 1_800_000_000))
            #expect(!result.requests.isEmpty)
            for rendered in result.requests {
                #expect(rendered.body.objectValue != nil)
                let reparsed = target.parse(rendered)
                #expect(!reparsed.diagnostics.contains { $0.diagnosticCode == .sendRequestMalformed })
                // What the target's request delivers matches what the form delivers straight away.
                #expect(target.deliver(reparsed.request) == target.deliver(target.parse(rendered).request))
            }
            for loss in result.losses { #expect(loss.loss.path.hasPrefix("$"), "\(loss)") }
            // Without collecting losses, the same requests and no list.
            let quiet = SendVendors.translate(request, from: source, to: target, options: SendRenderOptions(now: 1_800_000_000, collectsLosses: false)).result
            #expect(quiet.requests == result.requests, "\(target.id)")
            #expect(quiet.losses.isEmpty)
        }
    }
}
