import PushBridge
import PushBridgeTestSupport
import Testing

private let deliveryID = "626533406292836846"
private let seedToken = "dcFRlDhiRbehM1vg..."
private let saleURL = "https://yourapp.com/sale"

/// A Zixflow receipt effect line.
private func zixflow(
    _ kind: String, _ event: String, token: String = seedToken, _ extra: JSONObject = [:]
) -> JSONValue {
    var properties: JSONObject = [
        "Zixflow-Delivery-ID": .string(deliveryID), "Zixflow-Delivery-Token": .string(token),
    ]
    properties.merge(extra) { $1 }
    return [
        "type": "receipt", "vendor": "zixflow", "kind": .string(kind), "event": .string(event),
        "properties": .object(properties),
    ]
}

private func delivered(token: String = seedToken) -> JSONValue { zixflow("delivered", "Delivered", token: token) }
private func opened(token: String = seedToken) -> JSONValue { zixflow("opened", "Opened", token: token) }

private func actionClicked(index: Int, name: String, deepLink: String, id: String) -> JSONValue {
    zixflow("actionClicked", "Push Notification Action Clicked", [
        "action_index": .int(index), "action_name": .string(name), "action_deeplink": .string(deepLink),
        "action_id": .string(id),
    ])
}

/// The `presentation` line of an `arrive:foreground` for Zixflow, which shows its pushes in full.
private let shown: JSONValue = ["type": "presentation", "options": ["banner", "list", "sound", "badge"]]

private func route(_ url: String, via: String) -> JSONValue {
    ["type": "route", "url": .string(url), "via": .string(via)]
}

private func action(_ name: String, handled: Bool) -> JSONValue {
    ["type": "action", "name": .string(name), "handled": .bool(handled), "data": [:]]
}

/// Runs `simulate` on `payload` (through stdin) and returns the result and its effect lines.
private func simulate(
    _ steps: String, _ options: [String] = [], payload: JSONObject,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> (result: CLIResult, effects: [JSONValue]) {
    let result = try CLI.run(["simulate", "--steps", steps] + options + ["-"], stdin: jsonText(.object(payload)))
    #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
    return (result, try result.stdoutJSONLines())
}

private func seed(_ name: String = "zixflow-custom.json") throws -> JSONObject {
    try Fixtures.payload(name)
}

@Suite("bridge-cli simulate: the decision flowchart of Zixflow's tracking guide")
struct SimulateFlowchartTests {
    @Test("any arrive iOS runs sends Delivered with the delivery id and the payload's token",
          arguments: Fixtures.zixflowSeeds, ["arrive:foreground", "arrive:background", "arrive:service-extension"])
    func arriveDelivers(seedName: String, step: String) throws {
        // The flag iOS needs for the step: mutable-content for the extension, content-available to wake the app.
        var payload = try seed(seedName)
        if step == "arrive:service-extension" { payload = payload.setting("aps", "mutable-content", to: 1) }
        if step == "arrive:background" { payload = payload.setting("aps", "content-available", to: 1) }
        let (_, effects) = try simulate(step, payload: payload)
        #expect(effects == (step == "arrive:foreground" ? [shown] : []) + [delivered()])
    }

    @Test("a body tap sends Opened, then routes deeplink_url through the system", arguments: Fixtures.zixflowSeeds)
    func bodyTap(seedName: String) throws {
        let (_, effects) = try simulate("open", payload: try seed(seedName))
        #expect(effects == [opened(), route(saleURL, via: "system")])
    }

    @Test("a whole arrive-then-open run prints every effect in order, one JSON line each")
    func arriveThenOpen() throws {
        let (result, effects) = try simulate("arrive:foreground,open", payload: try seed())
        #expect(effects == [shown, delivered(), opened(), route(saleURL, via: "system")])
        #expect(result.stdoutLines.count == 4)
    }

    @Test("a button tap sends Opened, then Action Clicked with index, name, deeplink and id, then the button's link")
    func buttonTapRoutesButtonLink() throws {
        let buttons = #"[{"name":"Shop Now","deeplink":"https://yourapp.com/shop"},{"name":"Remind Me","deeplink":""}]"#
        let payload = try seed().setting("action_buttons", to: .string(buttons))
        let (_, effects) = try simulate("open:ACTION_0", payload: payload)
        #expect(effects == [
            opened(),
            actionClicked(index: 0, name: "Shop Now", deepLink: "https://yourapp.com/shop", id: "ACTION_0"),
            route("https://yourapp.com/shop", via: "system"),
        ])
    }

    @Test("button taps on the seeds: the receipt names the button; no button deeplink falls back to deeplink_url",
          arguments: [
              ("ACTION_0", 0, "Shop Now", saleURL),
              ("ACTION_1", 1, "Remind Me", ""),
              ("ACTION_x", -1, "Action 0", ""),
              ("ACTION_7", 7, "Action 8", ""),
              ("ACTION_+1", 1, "Remind Me", ""),
              ("ACTION_ACTION_0", -1, "Action 0", ""),
              ("custom-id", -1, "Action 0", ""),
          ])
    func buttonTaps(id: String, index: Int, name: String, buttonLink: String) throws {
        for seedName in Fixtures.zixflowSeeds {
            let (_, effects) = try simulate("open:\(id)", payload: try seed(seedName))
            #expect(effects == [
                opened(),
                actionClicked(index: index, name: name, deepLink: buttonLink, id: id),
                route(saleURL, via: "system"),
            ], "\(seedName)")
        }
    }

    @Test("with no deeplink on the button nor the message, a button tap routes nothing")
    func buttonTapWithoutLinks() throws {
        let payload = try seed().setting("deeplink_url", to: "")
        let (_, effects) = try simulate("open:ACTION_1", payload: payload)
        #expect(effects == [opened(), actionClicked(index: 1, name: "Remind Me", deepLink: "", id: "ACTION_1")])
    }

    @Test("a body tap with an empty deeplink_url sends Opened and navigates nowhere")
    func bodyTapWithoutLink() throws {
        let (_, effects) = try simulate("open", payload: try seed().setting("deeplink_url", to: ""))
        #expect(effects == [opened()])
    }

    @Test("dismiss and launch produce nothing for Zixflow", arguments: ["dismiss", "launch", "configure"])
    func silentSteps(step: String) throws {
        let (result, effects) = try simulate(step, payload: try seed())
        #expect(effects.isEmpty)
        #expect(result.stdout.isEmpty)
    }

    @Test("the same open seen twice is handled once: one Opened, one route")
    func repeatedOpenOnce() throws {
        let (_, effects) = try simulate("open,open", payload: try seed())
        #expect(effects == [opened(), route(saleURL, via: "system")])
    }

    @Test("a link the system refuses (javascript:) is routed as rejected, never through the system")
    func rejectedLink() throws {
        let (_, effects) = try simulate("open", payload: try seed().setting("deeplink_url", to: "javascript:alert(1)"))
        #expect(effects.first == opened())
        #expect(effects.contains(route("javascript:alert(1)", via: "rejected")))
        #expect(!effects.contains { $0["type"] == "route" && $0["via"] != "rejected" })
    }

    @Test("without a delivery id no Zixflow receipt is sent, but the tap still routes")
    func noDeliveryID() throws {
        let payload = try seed().setting("Zixflow-Delivery-ID", to: nil)
        let (_, effects) = try simulate("arrive:foreground,open", ["--vendor", "zixflow"], payload: payload)
        #expect(effects == [shown, route(saleURL, via: "system")])
    }
}

@Suite("bridge-cli simulate: options")
struct SimulateOptionsTests {
    @Test("--device-token supplies the token for a payload without Zixflow-Delivery-Token")
    func deviceToken() throws {
        let payload = try seed().setting("Zixflow-Delivery-Token", to: nil)
        let (_, without) = try simulate("arrive:foreground,open", payload: payload)
        #expect(without == [shown, route(saleURL, via: "system")], "no token at all: no receipt")
        let (_, with) = try simulate("arrive:foreground,open", ["--device-token", "5f2c0ad1"], payload: payload)
        #expect(with == [
            shown, delivered(token: "5f2c0ad1"), opened(token: "5f2c0ad1"), route(saleURL, via: "system"),
        ])
    }

    @Test("an empty Zixflow-Delivery-Token also falls back to --device-token")
    func emptyTokenFallsBack() throws {
        let payload = try seed().setting("Zixflow-Delivery-Token", to: "").setting("aps", "content-available", to: 1)
        let (_, effects) = try simulate("arrive:background", ["--device-token=abc123"], payload: payload)
        #expect(effects == [delivered(token: "abc123")])
    }

    @Test("the payload's own token wins over --device-token")
    func payloadTokenWins() throws {
        let (_, effects) = try simulate("arrive:foreground", ["--device-token", "abc123"], payload: try seed())
        #expect(effects == [shown, delivered()])
    }

    @Test("--user-text takes a value (even one that looks like a step) and changes nothing for Zixflow buttons")
    func userTextZixflow() throws {
        let plain = try simulate("open:ACTION_0", payload: try seed())
        let typed = try simulate("open:ACTION_0", ["--user-text", "open"], payload: try seed())
        #expect(typed.effects == plain.effects)
        #expect(!typed.effects.isEmpty)
    }

    @Test("--user-text reaches the receipt of a vendor with input buttons (BuzzKit's note button)")
    func userTextBuzzKit() throws {
        let result = try CLI.run([
            "simulate", "--steps", "open:note", "--user-text", "see you at 7", Fixtures.payloadPath("buzzkit.json"),
        ])
        #expect(result.status == 0)
        let receipts = try result.stdoutJSONLines().filter { $0["type"] == "receipt" }
        #expect(receipts.contains { $0["vendor"] == "buzzkit" && $0["properties"]?["input"] == "see you at 7" },
                "\(result)")
    }

    @Test("--delegate-accepts installs a delegate that consumes links of those schemes (case-insensitively)",
          arguments: [("https", "delegate"), ("gym,HTTPS", "delegate"), ("gym", "system"), ("http", "system")])
    func delegateAccepts(schemes: String, via: String) throws {
        let (_, effects) = try simulate("open", ["--delegate-accepts", schemes], payload: try seed())
        #expect(effects == [opened(), route(saleURL, via: via)])
    }

    @Test("--closure installs a closure that consumes every link the delegate declines",
          arguments: [
              ([String](), "handler"), (["--delegate-accepts", "gym"], "handler"),
              (["--delegate-accepts", "https"], "delegate"),
          ])
    func closure(extra: [String], via: String) throws {
        let (_, effects) = try simulate("open", ["--closure"] + extra, payload: try seed())
        #expect(effects == [opened(), route(saleURL, via: via)])
    }

    @Test("--link-handler is the switch --closure was renamed to: routes go via handler")
    func linkHandler() throws {
        let (_, effects) = try simulate("open", ["--link-handler"], payload: try seed())
        #expect(effects == [opened(), route(saleURL, via: "handler")])
    }

    @Test("--web-view shows a link the push asks to open in a web view (Braze's ab_use_webview); others are unchanged")
    func webView() throws {
        let braze: JSONObject = [
            "aps": ["alert": "Hi"], "ab": ["c": "x"], "ab_uri": .string(saleURL), "ab_use_webview": true,
        ]
        #expect(try simulate("open", ["--web-view"], payload: braze).effects.last == route(saleURL, via: "webView"))
        #expect(try simulate("open", [], payload: braze).effects.last == route(saleURL, via: "system"))
        #expect(try simulate("open", ["--web-view"], payload: try seed()).effects == [opened(), route(saleURL, via: "system")])
    }

    @Test("--closure also takes a button's link")
    func closureButton() throws {
        let (_, effects) = try simulate("open:ACTION_1", ["--closure"], payload: try seed())
        #expect(effects.last == route(saleURL, via: "handler"))
    }

    @Test("a registered click_action is handled and the body tap opens no deep link")
    func registeredClickAction() throws {
        let payload = try seed().setting("click_action", to: "OPEN_SALE")
        let (_, effects) = try simulate("open", ["--register-action", "OPEN_SALE"], payload: payload)
        #expect(effects == [opened(), action("OPEN_SALE", handled: true)])
    }

    @Test("an unregistered click_action is offered unhandled, then deeplink_url is routed",
          arguments: [[String](), ["--register-action", "OTHER"]])
    func unregisteredClickAction(options: [String]) throws {
        let payload = try seed().setting("click_action", to: "OPEN_SALE")
        let (_, effects) = try simulate("open", options, payload: payload)
        #expect(effects == [opened(), action("OPEN_SALE", handled: false), route(saleURL, via: "system")])
    }

    @Test("--register-action is repeatable")
    func registerActionRepeatable() throws {
        let payload = try seed().setting("click_action", to: "OPEN_SALE")
        let (_, effects) = try simulate(
            "open", ["--register-action", "OTHER", "--register-action", "OPEN_SALE"], payload: payload)
        #expect(effects == [opened(), action("OPEN_SALE", handled: true)])
    }

    @Test("a button tap ignores click_action and routes the button's link")
    func buttonIgnoresClickAction() throws {
        let payload = try seed().setting("click_action", to: "OPEN_SALE")
        let (_, effects) = try simulate("open:ACTION_0", ["--register-action", "OPEN_SALE"], payload: payload)
        #expect(!effects.contains { $0["type"] == "action" })
        #expect(effects.last == route(saleURL, via: "system"))
    }

    @Test("--buffer N: before configure the step after the Nth is dropped at once; configure replays the rest in order")
    func bufferDrops() throws {
        let (_, effects) = try simulate(
            "arrive:foreground,open,open:ACTION_0,configure", ["--buffer", "2"], payload: try seed())
        #expect(effects == [
            ["type": "dropped", "step": "open:ACTION_0", "reason": "buffer full"],
            shown, delivered(), opened(), route(saleURL, via: "system"),
        ])
    }

    @Test("--buffer 0 drops every app step before configure")
    func bufferZero() throws {
        let (_, effects) = try simulate("arrive:foreground,open,configure", ["--buffer", "0"], payload: try seed())
        #expect(effects == [
            ["type": "dropped", "step": "arrive:foreground", "reason": "buffer full"],
            ["type": "dropped", "step": "open", "reason": "buffer full"],
        ])
    }

    @Test("the service extension's arrive is never buffered")
    func serviceExtensionNotBuffered() throws {
        let (_, effects) = try simulate("arrive:service-extension,configure", ["--buffer", "0"], payload: try seed())
        #expect(effects == [delivered()])
    }

    @Test("the default buffer keeps 8 steps: the 9th before configure is dropped")
    func defaultBufferIsEight() throws {
        let steps = Array(repeating: "arrive:background", count: 8) + ["open", "configure"]
        let woken = try seed().setting("aps", "content-available", to: 1)
        let (_, effects) = try simulate(steps.joined(separator: ","), payload: woken)
        #expect(effects == [["type": "dropped", "step": "open", "reason": "buffer full"], delivered()])
    }

    @Test("a steps list with no configure starts configured: nothing is dropped even with --buffer 0")
    func noConfigureStartsConfigured() throws {
        let (_, effects) = try simulate("arrive:foreground,open", ["--buffer", "0"], payload: try seed())
        #expect(effects == [shown, delivered(), opened(), route(saleURL, via: "system")])
    }
}

@Suite("bridge-cli simulate: usage errors")
struct SimulateUsageTests {
    @Test("an unknown step is a usage error (exit 2) naming the step, nothing on stdout",
          arguments: ["bogus", "arrive:moon", "open:", "arrive:foreground,tap"])
    func unknownStep(steps: String) throws {
        let result = try CLI.run(["simulate", "--steps", steps, Fixtures.payloadPath("zixflow-custom.json")])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("unknown step"))
    }

    @Test("a comma list is cut at commas, each item trimmed of spaces and tabs, empty items dropped, ASCII or not")
    func commaListItems() throws {
        let path = Fixtures.payloadPath("zixflow-custom.json")
        let plain = try CLI.run(["simulate", "--steps", "arrive:foreground,open:ACTION_0", path])
        let spaced = try CLI.run(["simulate", "--steps", " arrive:foreground ,,\topen:ACTION_0 , ", path])
        #expect(plain.status == 0)
        #expect(spaced.stdout == plain.stdout)
        #expect(spaced.stderr == plain.stderr)
        // A list that is not ASCII is cut the same way; its items name the step in the error as they were trimmed.
        for (item, named) in [("\tévén ", "'évén'"), (" even\t", "'even'"), (" a b ", "'a b'")] {
            let result = try CLI.run(["simulate", "--steps", "arrive:foreground , ,\(item),", path])
            #expect(result.status == 2)
            #expect(result.stderr.contains("unknown step \(named) "), "\(result.stderr)")
        }
    }

    @Test("missing --steps, a bad --buffer or an unknown --vendor is a usage error",
          arguments: [[String](), ["--steps", ""], ["--steps", "open", "--buffer", "-1"],
                      ["--steps", "open", "--buffer", "x"],
                      ["--steps", "open", "--vendor", "nosuch"]])
    func usageErrors(options: [String]) throws {
        let result = try CLI.run(["simulate"] + options + [Fixtures.payloadPath("zixflow-custom.json")])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
    }
    @Test("an unknown --app-state is a usage error naming the value and the known states",
          arguments: ["", "asleep", "Active"])
    func badAppState(state: String) throws {
        let result = try CLI.run(
            ["simulate", "--steps", "open", "--app-state", state, Fixtures.payloadPath("zixflow-custom.json")])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("unknown app state '\(state)' for --app-state"))
        #expect(result.stderr.contains("not-running, background, active"))
    }
}

@Suite("bridge-cli simulate --app-state")
struct SimulateAppStateTests {
    /// An alerting Airship push: its tap's conversion is the session event of the app state.
    let airship: JSONObject = ["aps": ["alert": "Hi"], "_": "s1", "com.urbanairship.metadata": "m1"]

    @Test("the app state picks Airship's conversion: app_init launching, app_foreground from background, none active")
    func conversionByState() throws {
        let launched = try simulate("open", ["--app-state", "not-running"], payload: airship).effects
        #expect(launched.map { $0["event"] } == ["app_init"])
        #expect(launched.first?["properties"] == ["push_id": "s1", "metadata": "m1", "foreground": "true"])
        let warm = try simulate("open", ["--app-state", "background"], payload: airship).effects
        #expect(warm.map { $0["event"] } == ["app_foreground"])
        #expect(try simulate("open", payload: airship).effects == warm, "background is the default")
        #expect(try simulate("open", ["--app-state", "active"], payload: airship).effects.isEmpty)
    }

    @Test("arrive:foreground makes the app active for the steps that follow, whatever --app-state said")
    func foregroundArrivalActivates() throws {
        let effects = try simulate("arrive:foreground,open", ["--app-state", "not-running"], payload: airship).effects
        #expect(effects == [["type": "presentation", "options": []]])
    }
}

@Suite("bridge-cli simulate records through the bridge's own sink")
struct SimulateRecordingOrderTests {
    let buzzkit = Fixtures.buzzKitActionAndLink

    @Test("with --outbox the lines come in the bridge's order, the same as without, each receipt recorded")
    func outboxKeepsTheBridgeOrder() throws {
        let scratch = try Scratch()
        let handler = ["--register-action", "show_offer"]
        let plain = try simulate("open", handler, payload: buzzkit).effects
        let outbox = ["--outbox", scratch.file("outbox")]
        let durable = try simulate("open", handler + outbox, payload: buzzkit).effects
        #expect(
            plain.map { $0["event"]?.stringValue ?? $0["type"]?.stringValue ?? "" } == [
                "$notification.opened", "action", "$action.triggered", "route", "$deeplink.opened",
            ])
        #expect(durable == plain)
        let again = try simulate("open", handler + outbox, payload: buzzkit)
        #expect(
            try again.result.stdoutJSONLines().map { $0["type"] } == ["action", "route"],
            "receipts the outbox has recorded are not printed again")
        #expect(again.result.stderr.components(separatedBy: DiagnosticCode.receiptAlreadyRecorded.rawValue).count - 1 == 3)
    }
}

@Suite("bridge-cli simulate: steps iOS never runs, derived once-only keys, pushes as delivered")
struct SimulateWhatIOSRunsTests {
    private let silentCustomerIO = #"""
        {"aps":{"content-available":1},"CIO-Delivery-ID":"g6Xr8AQBAA8AAAGTnIxb0Lc=","CIO-Delivery-Token":"tok"}
        """#
    private let braze = #"{"aps":{"alert":"Hi"},"ab":{"c":"Y2FtcA=="},"ab_uri":"https://shop.example.com"}"#

    @Test("arrive:service-extension on a silent push prints one ios-never-runs-step line and no receipt")
    func silentExtension() throws {
        let result = try CLI.run(["simulate", "--steps", "arrive:service-extension", "-"], stdin: silentCustomerIO)
        #expect(result.status == 0, "\(result)")
        let lines = try result.stdoutJSONLines()
        #expect(lines.count == 1)
        #expect(lines.first?["type"] == "diagnostic")
        #expect(lines.first?["code"] == "ios-never-runs-step")
        #expect(lines.first?["path"] == "$.aps[\"mutable-content\"]")
    }

    @Test("arrive:background on a visible push without content-available records nothing; with it, it runs")
    func backgroundNeedsContentAvailable() throws {
        let visible = try CLI.run(["simulate", "--steps", "arrive:background", Fixtures.payloadPath("zixflow-custom.json")])
        #expect(visible.status == 0, "\(visible)")
        let lines = try visible.stdoutJSONLines()
        #expect(lines.map { $0["code"] } == ["ios-never-runs-step"])
        let payload = try Fixtures.payload("zixflow-custom.json").setting("aps", "content-available", to: 1)
        let woken = try CLI.run(["simulate", "--steps", "arrive:background", "-"], stdin: jsonText(.object(payload)))
        #expect(try woken.stdoutJSONLines().map { $0["type"] } == ["receipt"])
    }

    @Test("a Braze push without --request-id notes what its once-only key rests on; with one it does not")
    func derivedKeyNote() throws {
        let derived = try CLI.run(["simulate", "--steps", "open", "-"], stdin: braze)
        #expect(derived.status == 0, "\(derived)")
        #expect(derived.stderr.contains("once-only-key-derived"))
        let userInfo = try #require(try parseJSON(braze).objectValue)
        #expect(derived.stderr.contains(NotificationRequestIdentifier.derived(from: userInfo)))
        let given = try CLI.run(["simulate", "--steps", "open", "--request-id", "req-1", "-"], stdin: braze)
        #expect(given.status == 0, "\(given)")
        #expect(!given.stderr.contains("once-only-key-derived"))
        // A push with a message id rests on it: no note.
        let zixflow = try CLI.run(["simulate", "--steps", "open", Fixtures.payloadPath("zixflow-custom.json")])
        #expect(!zixflow.stderr.contains("once-only-key-derived"))
    }

    @Test("--as-delivered adds the vendor's backend keys before the steps run")
    func asDelivered() throws {
        let template = #"{"aps":{"alert":"Hi","mutable-content":1},"CIO":{"push":{"link":"https://x.example"}}}"#
        let written = try CLI.run(["simulate", "--vendor", "customerio", "--steps", "open", "-"], stdin: template)
        #expect(written.status == 0, "\(written)")
        #expect(try written.stdoutJSONLines().allSatisfy { $0["type"] != "receipt" })
        let delivered = try CLI.run(
            ["simulate", "--vendor", "customerio", "--as-delivered", "--steps", "arrive:service-extension,open", "-"],
            stdin: template)
        #expect(delivered.status == 0, "\(delivered)")
        let receipts = try delivered.stdoutJSONLines().filter { $0["type"] == "receipt" }
        #expect(receipts.map { $0["event"] } == ["delivered", "opened"])
        #expect(receipts.first?["properties"]?["deliveryId"] == "placeholder-delivery-id")
    }
}
