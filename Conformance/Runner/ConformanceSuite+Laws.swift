import PushBridge

/// The laws of WIRE-FORMATS §9, checked on every case's payload whatever the case expects.
extension ConformanceSuite {
    /// Law 1 (WIRE-FORMATS §11.1): the payload belongs to the expected vendor (to none, when `claimedBy` is null). A
    /// payload an owner claims is claimed by that owner alone, and no carrier takes it; a carrier takes only
    /// what no owner claims.
    func detectionFailures(_ testCase: ConformanceCase) -> [ConformanceFailure] {
        let owners = registry.adapters.filter { $0.claimStrength(testCase.payload) == .owner }.map(\.id)
        let resolved: String?
        do throws(PushBridgeError) {
            resolved = try registry.claimant(of: testCase.payload)?.id
        } catch {
            resolved = nil
        }
        let expected = testCase.expect.claimedBy
        let expectedIsOwner = expected.flatMap(registry.adapter(id:))?.claimStrength(testCase.payload) == .owner
        let passes = resolved == expected && owners == (expectedIsOwner ? expected.map { [$0] } ?? [] : [])
        let claimKeyFailures = claimKeyFailures(testCase)
        guard !passes else { return claimKeyFailures }
        // Owners by id; carriers marked, with the vendor the registry resolves to when that is not plain.
        let claimingAdapters = registry.claimants(of: testCase.payload)
        let claimants = claimingAdapters.map { owners.contains($0.id) ? $0.id : "\($0.id) (carrier)" }
        var actual = claimants.isEmpty ? "claimed by no vendor" : "claimed by " + claimants.joined(separator: " and ")
        // The registry's answer, when the list does not already say it (several claimants, or an adapter the
        // registry never asked because its claim keys are not in the payload).
        if claimants.count > 1, let resolved {
            actual += "; resolved to \(resolved)"
        } else if claimants.count <= 1, resolved != claimingAdapters.first?.id {
            actual += "; resolved to \(resolved ?? "no vendor")"
        }
        return [
            ConformanceFailure(
                caseID: testCase.id, check: .detection, path: JSONPath.root,
                expected: expected.map { "claimed by \($0) only" } ?? "claimed by no vendor", actual: actual)
        ] + claimKeyFailures
    }

    /// Law 1's promise of ``VendorAdapter/claimKeys`` and ``VendorAdapter/claimKeyPrefixes`` (the registry asks
    /// an adapter only about payloads with one of its claim keys, or a key with one of its prefixes): no adapter
    /// claims the case's payload once those keys are removed from it.
    func claimKeyFailures(_ testCase: ConformanceCase) -> [ConformanceFailure] {
        registry.adapters.compactMap { adapter in
            let prefixes = adapter.claimKeyPrefixes
            guard adapter.claimKeys != nil || !prefixes.isEmpty else { return nil }
            let keys = adapter.claimKeys ?? []
            var stripped = testCase.payload
            for key in keys { stripped.removeValue(forKey: key) }
            for key in stripped.keys where prefixes.contains(where: { key.hasPrefix($0) }) {
                stripped.removeValue(forKey: key)
            }
            guard let strength = adapter.claimStrength(stripped) else { return nil }
            let claim = strength == .owner ? "claims it as owner" : "claims it as carrier"
            let named = keys + prefixes.map { $0 + "…" }
            return ConformanceFailure(
                caseID: testCase.id, check: .detection, path: JSONPath.root,
                expected: "\(adapter.id) claims no payload without its claim keys (\(named.joined(separator: ", ")))",
                actual: "with them removed, \(adapter.id) still \(claim)")
        }
    }

    /// Laws 2, 3 and 5 and the decode laws for one payload; the failures carry no case id yet.
    func lawFailures(
        _ payload: JSONObject, adapter: any VendorAdapter, claimedBy: String?
    ) -> [ConformanceFailure] {
        var failures: [ConformanceFailure] = []
        let (_, crashes) = SimulatedCrash.capture { failures = codingLawFailures(payload, adapter: adapter) }
        failures += crashes.map {
            ConformanceFailure(
                caseID: "", check: .neverCrash, path: "$", expected: "no crash", actual: "crashed: \($0)")
        }
        for variant in AdversarialVariant.variants(of: payload, limit: options.maxAdversarialVariants) {
            let check = ConformanceCheck.adversarial(variant: variant.label)
            let (found, crashes) = SimulatedCrash.capture {
                adversarialFailures(variant, adapter: adapter, claimedBy: claimedBy, check: check)
            }
            failures += crashes.map {
                ConformanceFailure(
                    caseID: "", check: check, path: variant.path, expected: "no crash", actual: "crashed: \($0)")
            }
            failures += found
        }
        return failures
    }

    /// Deterministic decode, round trip, idempotence, lean encode and valid APNs (own encoding and every
    /// translation).
    private func codingLawFailures(_ payload: JSONObject, adapter: any VendorAdapter) -> [ConformanceFailure] {
        var failures: [ConformanceFailure] = []
        func fail(_ check: ConformanceCheck, _ differences: [JSONDifference]) {
            failures += differences.map {
                ConformanceFailure(
                    caseID: "", check: check, path: $0.path, expected: JSONDifference.show($0.expected),
                    actual: JSONDifference.show($0.actual))
            }
        }
        let first = adapter.decodeClaimed(payload)
        let again = adapter.decodeClaimed(payload)
        if first != again {
            let differences = JSONDifference.between(
                first.payload.bridgeJSON, again.payload.bridgeJSON, at: JSONPath.root)
            fail(.deterministicDecode, differences)
            if differences.isEmpty {
                failures.append(
                    ConformanceFailure(
                        caseID: "", check: .deterministicDecode, path: JSONPath.root,
                        expected: "diagnostics " + first.diagnostics.map(\.code).joined(separator: ","),
                        actual: "diagnostics " + again.diagnostics.map(\.code).joined(separator: ",")))
            }
        }

        let original = first.payload
        let encoded = adapter.encode(original)
        let leanEncoded = adapter.encode(original, collectingLosses: false)
        fail(.leanEncode, JSONDifference.between(.object(encoded.userInfo), .object(leanEncoded.userInfo), at: JSONPath.root))
        let roundTripped = adapter.decodeClaimed(encoded.userInfo).payload
        let lossPaths = encoded.losses.map(\.path)
        fail(
            .roundTrip,
            JSONDifference.between(
                JSONPathSteps.removing(lossPaths, from: original.bridgeJSON),
                JSONPathSteps.removing(lossPaths, from: roundTripped.bridgeJSON), at: JSONPath.root))

        let encodedAgain = adapter.encode(roundTripped)
        for loss in encodedAgain.losses {
            failures.append(
                ConformanceFailure(
                    caseID: "", check: .idempotence, path: loss.path, expected: "no loss on a second round trip",
                    actual: "a loss (\(loss.reason))"))
        }
        let twiceRoundTripped = adapter.decodeClaimed(encodedAgain.userInfo).payload
        fail(
            .idempotence,
            JSONDifference.between(roundTripped.bridgeJSON, twiceRoundTripped.bridgeJSON, at: JSONPath.root))

        failures += categoryProviderFailures(original, encoded: encoded.userInfo, adapter: adapter)
        let sourceBytes = JSONWriter.bytes(.object(payload)).count
        failures += apnsFailures(
            encoded.userInfo, source: original, sourceBytes: sourceBytes, adapter: adapter, target: nil)
        // The same payload with every other vendor's marker in its custom data, written as the adapter writes it.
        let planted = options.plantsMarkers ? plantedMarkers(besides: adapter) : [:]
        var withMarkers = original
        for (key, value) in planted where withMarkers.data[key] == nil { withMarkers.data[key] = value }
        let plantedPayload = planted.isEmpty ? nil : adapter.encode(withMarkers, collectingLosses: false).userInfo
        for target in registry.adapters where target.id != adapter.id {
            let translation = Translator.translate(payload, from: adapter, to: target, registry: registry)
            failures += apnsFailures(
                translation.userInfo, source: original, sourceBytes: sourceBytes, adapter: target, target: target.id)
            failures += claimantFailures(translation.userInfo, target: target, planted: false)
            if let plantedPayload {
                let plantedTranslation = Translator.translate(plantedPayload, from: adapter, to: target, registry: registry)
                failures += claimantFailures(plantedTranslation.userInfo, target: target, planted: true)
            }
        }
        return failures
    }

    /// Law 7 on one translation into `target`.
    private func claimantFailures(_ userInfo: JSONObject, target: any VendorAdapter, planted: Bool) -> [ConformanceFailure] {
        let actual: String
        do throws(PushBridgeError) {
            guard let claimant = try registry.claimant(of: userInfo), claimant.id != target.id else { return [] }
            actual = "a device gives it to \(claimant.id)"
        } catch {
            actual = "\(error)"
        }
        let what = planted ? " (every other vendor's marker planted in the source's custom data)" : ""
        return [ConformanceFailure(
            caseID: "", check: .translationClaimant(target: target.id), path: JSONPath.root,
            expected: "the translation into \(target.id) is \(target.id)'s or no vendor's\(what)",
            actual: actual + ": " + JSONWriter.string(.object(userInfo)))]
    }

    /// The top-level members (besides `aps`) with which each registered adapter other than `adapter` marks a push
    /// of its own: what it writes for a push of `adapter` with a message id and a delivery token, when it then
    /// claims the result as owner or carrier. Custom data holding them is what a translation must not hoist.
    func plantedMarkers(besides adapter: any VendorAdapter) -> JSONObject {
        var markers: JSONObject = [:]
        for other in registry.adapters where other.id != adapter.id {
            // As a push from `adapter` would be written for `other`, with a delivery token among its tracking keys
            // (a vendor such as Customer.io claims only a push that has one).
            let payload = PushPayload(
                vendor: adapter.id, messageId: "planted-\(other.id)", alert: PushAlert(body: "planted"),
                tracking: ["CIO-Delivery-Token": "planted"])
            let userInfo = other.encode(payload, collectingLosses: false).userInfo
            guard other.claimStrength(userInfo) != nil else { continue }
            for (key, value) in userInfo where key != "aps" && markers[key] == nil { markers[key] = value }
        }
        return markers
    }

    /// Law 3 on an encoded payload, using the core's ``Validator``: `aps` present, `aps.alert` for a visible
    /// push (judged on the wire), `mutable-content: 1` when an image or buttons need it, and no growth past
    /// APNs' 4096 bytes.
    private func apnsFailures(
        _ userInfo: JSONObject, source: PushPayload, sourceBytes: Int, adapter: any VendorAdapter,
        target: String?
    ) -> [ConformanceFailure] {
        let bytes = JSONWriter.bytes(.object(userInfo)).count
        let problems = Validator.validate(userInfo, byteCount: bytes, adapter: adapter).problems
        return problems.compactMap { problem in
            switch problem.diagnosticCode {
            case .apsMissing, .mutableContentMissing: break
            case .alertMissing where source.isVisible: break
            case .payloadTooLarge where sourceBytes <= Validator.apnsPayloadLimit: break
            default: return nil
            }
            return ConformanceFailure(
                caseID: "", check: .validAPNs(target: target), path: problem.path, expected: "no \(problem.code)",
                actual: problem.message)
        }
    }

    /// Law 5 on one variant: no other vendor claims it, decoding gives a result (twice the same), a value of
    /// another type is diagnosed or kept, and every adapter entry point runs on it.
    private func adversarialFailures(
        _ variant: AdversarialVariant, adapter: any VendorAdapter, claimedBy: String?, check: ConformanceCheck
    ) -> [ConformanceFailure] {
        var failures: [ConformanceFailure] = []
        func fail(_ path: String, _ expected: String, _ actual: String) {
            failures.append(
                ConformanceFailure(caseID: "", check: check, path: path, expected: expected, actual: actual))
        }
        for claimant in registry.adapters
        where claimant.id != claimedBy && claimant.id != adapter.id && claimant.claimStrength(variant.userInfo) == .owner {
            fail(
                JSONPath.root, "claimed by \(claimedBy ?? "no vendor") or by none",
                "claimed by \(claimant.id): its claims(_:) accepts a payload without its marker")
        }
        let decoded = adapter.decodeClaimed(variant.userInfo)
        if decoded.payload.vendor != adapter.id {
            fail("$.vendor", "a result from \(adapter.id)", "a bridge form of vendor \"\(decoded.payload.vendor)\"")
        }
        if adapter.decodeClaimed(variant.userInfo) != decoded {
            fail(JSONPath.root, "the same result from the same input", "a different result on the second decode")
        }
        if case .replaced(let value) = variant.mutation, Self.mustBeKept(value, replacing: variant.original) {
            let diagnosed = decoded.diagnostics.contains { Self.isRelated($0.path, variant.path) }
            if !diagnosed, !Self.contains(decoded.payload.bridgeJSON, value) {
                fail(
                    variant.path, "a diagnostic at \(variant.path), or the value kept in the bridge form",
                    "neither: the \(value.typeName) was dropped silently")
            }
        }
        let encoded = adapter.encode(decoded.payload)
        _ = adapter.decodeClaimed(encoded.userInfo)
        _ = adapter.validationProblems(variant.userInfo, payload: decoded.payload)
        let payload = decoded.payload
        let context = ReceiptContext(deviceToken: "5f2c0ad1", userText: "typed text")
        var steps: [LifecycleStep] = [
            .arrive(.serviceExtension), .arrive(.foreground), .arrive(.background), .open, .dismiss, .launch,
            .openAction("ACTION_0"),
        ]
        steps += payload.buttons.prefix(4).map { .openAction($0.id) }
        for step in steps {
            _ = adapter.receipts(for: step, payload: payload, context: context)
            guard step.isOpen else { continue }
            let plan = adapter.tapPlan(for: step, payload: payload, context: context)
            if let action = plan.action {
                _ = adapter.actionReceipt(for: action, handled: false, payload: payload)
                _ = adapter.actionReceipt(for: action, handled: true, payload: payload)
            }
            if let link = plan.deepLink { _ = adapter.routeReceipt(url: link, via: .system, payload: payload) }
        }
        return failures
    }

    /// Whether a diagnostic at `diagnosticPath` is about the value at `path` (the same, inside, or around it).
    static func isRelated(_ diagnosticPath: String, _ path: String) -> Bool {
        func isAncestor(_ ancestor: String, of descendant: String) -> Bool {
            guard ancestor != JSONPath.root, descendant.hasPrefix(ancestor) else { return false }
            let rest = descendant.utf8.dropFirst(ancestor.utf8.count)
            return rest.first == UInt8(ascii: ".") || rest.first == UInt8(ascii: "[")
        }
        return diagnosticPath == path || isAncestor(diagnosticPath, of: path) || isAncestor(path, of: diagnosticPath)
    }

    /// Whether a replacement must be diagnosed or kept: always, except an empty string, array or object in
    /// place of a string or a collection (an empty value may mean "none" for a field that takes several
    /// types, like `aps.alert`, and may be overridden, like `aps.alert` in Zixflow's Custom mode).
    static func mustBeKept(_ replacement: JSONValue, replacing original: JSONValue?) -> Bool {
        guard replacement == .string("") || replacement == .array([]) || replacement == .object([:]) else {
            return true
        }
        switch original {
        case .string?, .array?, .object?: return false
        default: return true
        }
    }

    /// Whether `value` occurs anywhere in `json`.
    static func contains(_ json: JSONValue, _ value: JSONValue) -> Bool {
        if json == value { return true }
        switch json {
        case .object(let members): return members.values.contains { contains($0, value) }
        case .array(let elements): return elements.contains { contains($0, value) }
        default: return false
        }
    }
}
