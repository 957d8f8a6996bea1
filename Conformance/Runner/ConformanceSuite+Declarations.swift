import PushBridge

/// The laws on what an adapter declares: what it says its SDK does, it provides.
extension ConformanceSuite {
    /// `law:provides-category`: the category the adapter sends `payload` with (`aps.category` of its own
    /// encoding), when the adapter owns it, is one the adapter provides (at launch or for this payload), and
    /// every launch category it provides is one it owns. Without this an adapter can say its SDK registers a
    /// category that no device ever registers.
    func categoryProviderFailures(
        _ payload: PushPayload, encoded: JSONObject, adapter: any VendorAdapter
    ) -> [ConformanceFailure] {
        func failure(_ expected: String, _ actual: String) -> ConformanceFailure {
            ConformanceFailure(
                caseID: "", check: .providesCategory, path: "$.category", expected: expected, actual: actual)
        }
        let provides = adapter.profile.categories != nil
        let launch = adapter.profile.categories?.launch ?? []
        var failures = launch.filter { !adapter.ownsCategory($0.id) }.map {
            failure(
                "ownsCategory(\"\($0.id)\") true for a launch category",
                "false: translation would keep '\($0.id)' as a campaign category; "
                    + "let ownsCategory default to the launch categories")
        }
        guard let category = encoded["aps"]?["category"]?.stringValue, adapter.ownsCategory(category) else {
            return failures
        }
        let provided = launch + (provides ? adapter.categories(for: payload) : [])
        guard !provided.contains(where: { $0.id == category }) else { return failures }
        let definition = "NotificationCategory(id: \"\(category)\", owner: \"\(adapter.id)\")"
        failures.append(
            failure(
                "category '\(category)' provided by \(adapter.name), whose ownsCategory says its SDK registers it",
                !provides
                    ? "\(adapter.name)'s profile declares no categories: set profile.categories and add "
                        + "\(definition) to its launch categories (registered at launch) or return it from "
                        + "categories(for:) (per push)"
                    : "neither the launch categories nor categories(for:) returns it: add \(definition) to one of "
                        + "them"))
        return failures
    }
}
