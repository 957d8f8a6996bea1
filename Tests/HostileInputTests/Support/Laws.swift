import PushBridge
import PushBridgeVendors

/// The semantic laws the fuzz targets check with the laws on (`Fuzz/Sources/FuzzDecode`, `FuzzTranslate`),
/// for every adapter of a registry: what breaks them, one line each, empty when every law holds.
enum Laws {
    static func broken(_ userInfo: JSONObject, registry: VendorRegistry = BuiltInVendors.registry) -> [String] {
        var broken: [String] = []
        func claimant(_ userInfo: JSONObject) -> String? {
            guard let claimant = try? registry.claimant(of: userInfo) else { return nil }
            return claimant.id
        }
        let owner = claimant(userInfo)
        for adapter in registry.adapters {
            let name = adapter.id
            let decoded = adapter.decode(userInfo)
            if adapter.decode(userInfo) != decoded { broken.append("\(name): decode is not deterministic") }
            let encoded = adapter.encode(decoded.payload)
            let again = adapter.decode(encoded.userInfo).payload
            if encoded.losses.isEmpty, again.bridgeJSON != decoded.payload.bridgeJSON {
                broken.append("\(name): a round trip with no reported loss changes the bridge form")
            }
            let encodedAgain = adapter.encode(again)
            if !encodedAgain.losses.isEmpty {
                broken.append("\(name): a second round trip loses \(encodedAgain.losses.map(\.path))")
            }
            if adapter.decode(encodedAgain.userInfo).payload.bridgeJSON != again.bridgeJSON {
                broken.append("\(name): a second round trip changes the bridge form")
            }
            if adapter.claims(userInfo), !adapter.claims(encoded.userInfo) {
                broken.append("\(name): does not claim its own encoding")
            }
            if owner == name, claimant(adapter.encode(adapter.decodeClaimed(userInfo).payload).userInfo) != name {
                broken.append("\(name): its own payload, decoded and encoded again, no longer belongs to it")
            }
            for target in registry.adapters {
                let translation = Translator.translate(userInfo, from: adapter, to: target, registry: registry)
                if target.id == name, translation.userInfo != userInfo || !translation.losses.isEmpty {
                    broken.append("\(name): a same-vendor translation is not the identity")
                }
                // A translation is its target's or nobody's: the registry never gives it to another vendor.
                if target.id != name {
                    switch Result(catching: { () throws(PushBridgeError) in try registry.claimant(of: translation.userInfo) }) {
                    case .success(let claimant?) where claimant.id != target.id:
                        broken.append("\(name) → \(target.id): the registry gives the translation to \(claimant.id)")
                    case .failure(let error):
                        broken.append("\(name) → \(target.id): the translation is claimed by two: \(error)")
                    default: break
                    }
                }
                // Unclaimed as written, the translation says so: a loss at `$` (docs/WIRE-FORMATS.md §7.10).
                let saysWhy = translation.losses.contains { $0.path == JSONPath.root }
                if target.id != name, !target.claims(translation.userInfo), !saysWhy {
                    broken.append("\(name) → \(target.id): the target does not claim the translation")
                }
            }
        }
        return broken
    }
}
