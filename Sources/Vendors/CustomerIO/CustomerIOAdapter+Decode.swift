import PushBridge

extension CustomerIOAdapter {
    /// Wire payload → bridge form. Never fails: a value of the wrong type is kept in `ignored` under its wire
    /// path (`$["CIO-Delivery-ID"]`, `$.CIO.push.link`) with a diagnostic; keys of the sender's own are `data`.
    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        var decoder = WireDecoder(payload: PushPayload(vendor: id))
        decoder.diagnostics = APSCoding.decode(
            userInfo["aps"], into: &decoder.payload, contentAvailable: .numberStringOrTrue)
        if let aps = userInfo["aps"], aps.objectValue == nil { decoder.payload.ignored[Path.aps] = aps }
        decoder.payload.data.reserveCapacity(userInfo.count)
        userInfo.forEachPositionInCanonicalOrder { position in
            let (key, value) = userInfo[position]
            switch key {
            case "aps":
                return
            case Key.deliveryID:
                guard let text = decoder.readString(value, at: Path.deliveryID) else { return }
                decoder.payload.tracking[key] = value
                if !text.isEmpty { decoder.payload.messageId = text }
            case Key.deliveryToken:
                guard value.stringValue != nil else {
                    decoder.wrongType(value, at: Path.deliveryToken, expected: "a string")
                    return
                }
                decoder.payload.tracking[key] = value
            case Key.vendorObject:
                decoder.decodeVendorObject(value)
            default:
                // The userInfo's keys are distinct; only this loop writes data.
                decoder.payload.data.appendMember(at: position, of: userInfo)
            }
        }
        decoder.checkDeliveryKeys()
        return DecodeResult(payload: decoder.payload, diagnostics: decoder.diagnostics)
    }

    /// The state of one decode.
    private struct WireDecoder: WireDecoding {
        var payload: PushPayload
        var diagnostics: [Diagnostic] = []

        mutating func keepUnknown(_ value: JSONValue, at path: String) {
            keep(value, at: path, Diagnostic(
                .info, code: .unknownKey, path: path,
                message: "\(path) is not read by the Customer.io SDK; kept under ignored"))
        }

        /// `CIO`: an object whose `push` object holds the link and the image.
        mutating func decodeVendorObject(_ value: JSONValue) {
            guard let object = readObject(value, at: Path.vendorObject) else { return }
            object.forEachPositionInCanonicalOrder { position in
                let (key, member) = object[position]
                var path: String { JSONPath.member(key, of: Path.vendorObject) }
                guard key == Key.push else {
                    keepUnknown(member, at: path)
                    return
                }
                guard let push = readObject(member, at: path) else { return }
                decodePush(push)
            }
        }

        /// `CIO.push.link` → `deepLink`, `CIO.push.image` → `imageURL`; an empty string is no link or image for the
        /// SDK (`URL(string: "")` is nil) and is kept under `ignored`.
        private mutating func decodePush(_ push: JSONObject) {
            push.forEachPositionInCanonicalOrder { position in
                let (key, value) = push[position]
                var path: String { JSONPath.member(key, of: Path.push) }
                guard key == Key.link || key == Key.image else {
                    keepUnknown(value, at: path)
                    return
                }
                guard let text = readString(value, at: path) else { return }
                guard !text.isEmpty else {
                    keep(value, at: path, Diagnostic(
                        .info, code: key == Key.link ? .emptyLink : .emptyImage, path: path,
                        message: "an empty \(key) is none for the Customer.io SDK; kept under ignored"))
                    return
                }
                if key == Key.link { payload.deepLink = text } else { payload.imageURL = text }
            }
        }

        /// A warning for each delivery key that is missing or empty: the SDK then sends no metric.
        mutating func checkDeliveryKeys() {
            checkDeliveryKey(Key.deliveryID, at: Path.deliveryID)
            checkDeliveryKey(Key.deliveryToken, at: Path.deliveryToken)
        }

        private mutating func checkDeliveryKey(_ key: String, at path: String) {
            guard payload.tracking[key]?.stringValue?.isEmpty != false else { return }
            diagnostics.append(Diagnostic(
                .warning, code: .deliveryKeyMissing, path: path,
                message: "no non-empty \(key): not a Customer.io push for its SDK, and no receipt will be sent"))
        }
    }
}
