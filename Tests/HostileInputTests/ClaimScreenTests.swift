import Foundation
import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// Who the registry gives `userInfo` to, asking every adapter (no claim-key screen): the owner, the best
/// carrier, "ambiguous", or nil. Of several owners, the one that alone claims by a message id (WIRE-FORMATS §11.1).
private func claimantAskingEveryAdapter(_ registry: VendorRegistry, _ userInfo: JSONObject) -> String? {
    let claims = registry.adapters.map { ($0.id, $0.claimStrength(userInfo)) }
    let owners = claims.filter { $0.1 == .owner }.map(\.0)
    if owners.count > 1 {
        let byMessageId = registry.adapters.filter { owners.contains($0.id) && $0.claimsByMessageId(userInfo) }
        return byMessageId.count == 1 ? byMessageId[0].id : "ambiguous"
    }
    if let owner = owners.first { return owner }
    let ranks = claims.compactMap { id, claim -> (String, Int)? in
        if case .carrier(let rank)? = claim { return (id, rank) }
        return nil
    }
    guard let best = ranks.map(\.1).min() else { return nil }
    let carriers = ranks.filter { $0.1 == best }
    return carriers.count == 1 ? carriers[0].0 : "ambiguous"
}

/// ``VendorRegistry/claimant(of:)``'s answer in the same form.
private func screenedClaimant(_ registry: VendorRegistry, _ userInfo: JSONObject) -> String? {
    do throws(PushBridgeError) {
        return try registry.claimant(of: userInfo)?.id
    } catch {
        return "ambiguous"
    }
}

/// Every JSON object in the fuzz seeds (the real payloads among them) and regressions.
private func corpusObjects() throws -> [(name: String, userInfo: JSONObject)] {
    let root = TestPaths.packageRoot + "/Fuzz"
    var found: [(String, JSONObject)] = []
    for folder in ["corpus-seeds", "corpus-regressions"] {
        let base = root + "/" + folder
        guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
        for case let relative as String in walker {
            guard let bytes = try? TestPaths.readBytes(base + "/" + relative),
                  let userInfo = try? VendorRegistry.parseUserInfo(bytes)
            else { continue }
            found.append((folder + "/" + relative, userInfo))
        }
    }
    return found.sorted { $0.0 < $1.0 }
}

@Suite("Detection: the claim-key screen gives the answer asking every adapter gives")
struct ClaimScreenTests {
    @Test("on every fuzz seed and regression, each also with each top-level key removed and with 40 more keys")
    func sameAnswer() throws {
        let registry = BuiltInVendors.registry
        let corpus = try corpusObjects()
        #expect(corpus.count > 50)
        var claimed = 0
        for (name, userInfo) in corpus {
            var variants = [userInfo]
            for key in userInfo.keys {
                var without = userInfo
                without.removeValue(forKey: key)
                variants.append(without)
            }
            // More than 64 members: the object keeps a hash table, and the screen looks its claim keys up in it.
            var wide = userInfo
            for index in 0..<80 { wide["extra_\(index)"] = .int(index) }
            variants.append(wide)
            for variant in variants {
                let expected = claimantAskingEveryAdapter(registry, variant)
                #expect(screenedClaimant(registry, variant) == expected, "\(name): \(JSONWriter.string(.object(variant)))")
                if expected != nil { claimed += 1 }
            }
        }
        #expect(claimed > 50, "the corpus has claimed payloads")
    }

    @Test("with a vendor that claims by key prefixes registered too, the screen gives the same answer")
    func sameAnswerWithPrefixes() throws {
        var prefixed = FakeAdapter(id: "prefixed", name: "Prefixed")
        prefixed.profile.claimKeyPrefixes = ["wzrk_", "W$", "a_long_prefix."]
        prefixed.claimHook = { userInfo in
            userInfo.keys.contains { $0.hasPrefix("wzrk_") || $0.hasPrefix("W$") || $0.hasPrefix("a_long_prefix.") }
                ? .owner : nil
        }
        let registry = VendorRegistry(BuiltInVendors.all + [prefixed])
        var claimedByPrefix = 0
        for (name, userInfo) in try corpusObjects() {
            var variants = [userInfo]
            for key in ["wzrk_id", "W$pn", "wzrk", "W", "a_long_prefix.x", "a_long_prefiX.x"] {
                var with = userInfo
                with[key] = "1"
                variants.append(with)
                for index in 0..<40 { with["extra_\(index)"] = .int(index) }
                variants.append(with)
            }
            for variant in variants {
                let expected = claimantAskingEveryAdapter(registry, variant)
                #expect(screenedClaimant(registry, variant) == expected, "\(name): \(JSONWriter.string(.object(variant)))")
                if expected == "prefixed" { claimedByPrefix += 1 }
            }
        }
        #expect(claimedByPrefix > 50, "the prefixed vendor claims the variants with its keys")
    }

    @Test("every built-in adapter names claim keys, and claims nothing once they are removed")
    func builtInsNameClaimKeys() throws {
        let corpus = try corpusObjects()
        #expect(corpus.count > 50)
        for adapter in BuiltInVendors.all {
            let keys = try #require(adapter.claimKeys, "\(adapter.id)")
            #expect(!keys.isEmpty)
            for (name, userInfo) in corpus {
                var stripped = userInfo
                for key in keys { stripped.removeValue(forKey: key) }
                #expect(adapter.claimStrength(stripped) == nil, "\(adapter.id) claims \(name) without \(keys)")
            }
        }
    }
}
