import PushBridge
import Testing

/// Expects `adapter` to write back exactly what it read: decoding `userInfo` and encoding the bridge form gives
/// `userInfo` again, and no loss is reported.
public func expectRoundTrip(
    _ userInfo: JSONObject, through adapter: any VendorAdapter, sourceLocation: SourceLocation = #_sourceLocation
) {
    let encoded = adapter.encode(adapter.decode(userInfo).payload)
    #expect(encoded.losses.isEmpty, "\(encoded.losses)", sourceLocation: sourceLocation)
    #expect(
        encoded.userInfo == userInfo, "round trip of \(JSONWriter.string(.object(userInfo)))",
        sourceLocation: sourceLocation)
}
