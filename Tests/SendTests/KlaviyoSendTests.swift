import PushBridge
import PushBridgeSend
import PushBridgeVendors
import Testing

@Suite("Klaviyo send requests")
struct KlaviyoSendBehaviourTests {
    let klaviyo = KlaviyoSendAdapter()

    static func body(_ text: String) -> JSONValue { (try? JSONParser.parse(text)) ?? .null }

    static let campaign = body("""
        {"data": {"type": "campaign", "attributes": {"name": "Orders", "audiences": {"included": ["Y6nRLr"]},
          "campaign-messages": {"data": [{"type": "campaign-message", "attributes": {"definition": {
            "channel": "mobile_push", "notification_type": "standard",
            "content": {"title": "Shipped", "body": "On its way", "dynamic_image": "https://cdn.example.com/box.png",
              "action_buttons": [{"label": "Track", "action_type": "deep_link", "url": "shop://track/7", "position": 0},
                                 {"label": "Open", "action_type": "open_app", "position": 1}]},
            "kv_pairs": {"order": "7"},
            "options": {"on_open": {"type": "deep_link", "ios_deep_link": "shop://orders/7"},
              "badge": {"display": true, "badge_options": {"badge_config": "set_count", "value": "3"}},
              "play_sound": true}}}}]}}}}
        """)

    @Test("what Klaviyo delivers is claimed and read by Klaviyo's device adapter: alert, image, link, buttons, data, badge")
    func deliveredIsKlaviyos() throws {
        let form = klaviyo.parse(SendHTTPRequest(path: klaviyo.primaryPath, body: Self.campaign)).request
        let userInfo = klaviyo.deliver(form)
        let device = KlaviyoAdapter()
        #expect(device.claims(userInfo))
        let payload = device.decode(userInfo).payload
        #expect(payload.alert == PushAlert(title: "Shipped", body: "On its way"))
        #expect(payload.imageURL == "https://cdn.example.com/box.png")
        #expect(payload.deepLink == "shop://orders/7")
        #expect(payload.buttons.map(\.title) == ["Track", "Open"])
        #expect(payload.buttons.first?.deepLink == "shop://track/7")
        #expect(payload.data == ["order": "7"])
        #expect(payload.sound == "default")
        #expect(payload.badge == 3)
        #expect(userInfo["badge_config"] == "set_count")
    }

    @Test("a send to users becomes a campaign over a list to provision and its send job; the bundle gives back the content")
    func usersBecomeAList() throws {
        let oneSignal = try #require(SendVendors.adapter(id: "onesignal"))
        let request = SendHTTPRequest(path: oneSignal.primaryPath, body: Self.body("""
            {"app_id": "a", "include_aliases": {"external_id": ["user-1", "user-2"]}, "target_channel": "push",
             "contents": {"en": "Your order shipped"}, "url": "shop://orders/7", "data": {"order": "7"}}
            """))
        let form = oneSignal.parse(request).request
        let result = klaviyo.render(form, options: SendRenderOptions())
        #expect(result.loses(SendField.audience))
        let step = try #require(result.provision.first)
        #expect(step.kind == .campaign && step.placeholder == "<klaviyo-campaign-id>")
        #expect(step.content["list"]?["profiles"] == [["external_id": "user-1"], ["external_id": "user-2"]])
        #expect(result.requests.map(\.path) == [KlaviyoSendAdapter.sendJobPath])
        #expect(result.requests.first?.body["data"]?["id"] == "<klaviyo-campaign-id>")
        let parsed = klaviyo.parseBundle(result.bundle)
        #expect(parsed.count == 1)
        let back = try #require(parsed.first?.request)
        #expect(back.template?.contentKnown == true)
        #expect(back.content.payload.alert?.body == "Your order shipped")
        #expect(back.content.payload.deepLink == "shop://orders/7")
        #expect(back.content.payload.data == ["order": "7"])
    }

    @Test("a send job alone leaves the campaign's content in Klaviyo's backend: a loss for any other vendor")
    func sendJobAlone() throws {
        let job = SendHTTPRequest(path: klaviyo.primaryPath, body: Self.body(#"{"data": {"type": "campaign-send-job", "id": "01HX"}}"#))
        let form = klaviyo.parse(job).request
        #expect(form.template == SendTemplate(vendor: "klaviyo", kind: .campaign, id: "01HX"))
        let braze = try #require(SendVendors.adapter(id: "braze"))
        let result = braze.render(form, options: SendRenderOptions())
        #expect(result.losses.contains { $0.field == SendField.template && $0.loss.path == "$.data.id" })
        let again = klaviyo.render(form, options: SendRenderOptions())
        #expect(again.requests.map(\.body) == [job.body] && again.provision.isEmpty)
    }

    @Test("what Klaviyo cannot carry is a loss: subtitle, thread, sound name, a +2 badge, a fourth button, non-string data")
    func losses() throws {
        var form = SendRequest()
        form.content.payload.alert = PushAlert(title: "T", subtitle: "S", body: "B")
        form.content.payload.threadId = "t"
        form.content.payload.sound = "chime.caf"
        form.content.badge = .increment(2)
        form.content.payload.buttons = (0..<4).map { PushButton(id: "<klaviyo-button-id-\($0)>", title: "B\($0)") }
        form.content.payload.data = ["n": 1, "s": "x"]
        let result = klaviyo.render(form, options: SendRenderOptions())
        for field in [SendField.alert, SendField.threadId, SendField.sound, SendField.badge, SendField.buttons, SendField.data] {
            #expect(result.loses(field), "\(field)")
        }
        let create = try #require(result.provision.first?.request?.body)
        let content = create["data"]?["attributes"]?["campaign-messages"]?["data"]?.arrayValue?.first?["attributes"]?["definition"]?["content"]
        #expect(content?["action_buttons"]?.arrayValue?.count == 3)
    }
}

/// Klaviyo's campaign holds its push five levels down (`data.attributes["campaign-messages"].data[0].attributes
/// .definition`), below the three levels the mutation suite reaches: these mutations go all the way, through
/// arrays too.
@Suite("Klaviyo send requests, mutated to the leaves")
struct KlaviyoSendTests {
    /// A step into a JSON value: a member or an element.
    enum Step: CustomStringConvertible {
        case member(String)
        case element(Int)

        var description: String {
            switch self {
            case .member(let key): return key
            case .element(let index): return "[\(index)]"
            }
        }
    }

    /// Every path in `value` that names a member or an element.
    static func paths(_ value: JSONValue) -> [[Step]] {
        switch value {
        case .object(let object):
            return object.keysInCanonicalOrder.flatMap { key in
                [[Step.member(key)]] + paths(object[key] ?? .null).map { [.member(key)] + $0 }
            }
        case .array(let elements):
            return elements.indices.flatMap { index in
                [[Step.element(index)]] + paths(elements[index]).map { [.element(index)] + $0 }
            }
        default:
            return []
        }
    }

    /// `value` with what `steps` names removed (nil) or replaced.
    static func replacing(_ steps: ArraySlice<Step>, in value: JSONValue, with replacement: JSONValue?) -> JSONValue {
        guard let step = steps.first else { return value }
        switch (step, value) {
        case (.member(let key), .object(var object)):
            guard let inner = object[key] else { return value }
            if steps.count > 1 {
                object[key] = replacing(steps.dropFirst(), in: inner, with: replacement)
            } else if let replacement {
                object[key] = replacement
            } else {
                object.removeValue(forKey: key)
            }
            return .object(object)
        case (.element(let index), .array(var elements)) where elements.indices.contains(index):
            if steps.count > 1 {
                elements[index] = replacing(steps.dropFirst(), in: elements[index], with: replacement)
            } else if let replacement {
                elements[index] = replacement
            } else {
                elements.remove(at: index)
            }
            return .array(elements)
        default:
            return value
        }
    }

    static let replacements: [JSONValue] = [.null, 0, -1, "", "x", "https://example.com/x", true, [], [:]]

    static var requests: [SendHTTPRequest] {
        let corpus = CorpusCase.all.filter { $0.vendor == "klaviyo" }.compactMap { try? $0.request() }
        let cases = SendCase.all.filter { $0.file.hasPrefix("klaviyo/") && $0.json["valid"] == true }
            .compactMap { $0.json["request"] }
            .filter { $0["requests"] == nil }
            .map { SendHTTPRequest(path: KlaviyoSendAdapter().primaryPath, body: $0) }
        return corpus + cases
    }

    @Test("every member and element of a Klaviyo request, removed or replaced, keeps the law between every pair", arguments: 0..<16)
    func mutations(_ index: Int) throws {
        let requests = Self.requests
        guard index < requests.count else { return }
        let request = requests[index]
        var variants: [(label: String, body: JSONValue)] = []
        for path in Self.paths(request.body) {
            for replacement in [nil] + Self.replacements.map(Optional.some) {
                variants.append((
                    "\(path.map(\.description).joined(separator: ".")) = \(replacement.map { JSONWriter.string($0) } ?? "removed")",
                    Self.replacing(path[...], in: request.body, with: replacement)))
            }
        }
        let failures = SendMutationTests.failures(request, from: KlaviyoSendAdapter(), variants: variants)
        #expect(failures.isEmpty, "\(failures.prefix(8))")
    }

    @Test("the mutation list covers every Klaviyo corpus request and single-request case")
    func coversAll() {
        #expect(Self.requests.count <= 16)
    }
}
