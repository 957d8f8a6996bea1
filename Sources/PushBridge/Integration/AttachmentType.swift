/// The file type of a notification attachment. `UNNotificationAttachment` reads a file's type from its
/// extension and accepts only the types below, so the service extension names the downloaded file for what it
/// holds: the vendor's own type key first (Klaviyo's `rich-media-type`, Braze's `ab.att.type`), then what the
/// server said (the suggested file name, then the MIME type), then the URL's path, else `jpg`
/// (docs/WIRE-FORMATS.md "Attachment types").
public enum AttachmentType {
    /// The extension used when nothing names a type iOS accepts.
    public static let fallback = "jpg"

    /// The extension for the attachment downloaded from `url`.
    ///
    /// - Parameters:
    ///   - url: where the media came from.
    ///   - vendorType: the vendor's own type key (`mp4`, `.gif`, `image/png`), nil when it has none.
    ///   - suggestedFilename: the file name the server suggested (`URLResponse.suggestedFilename`).
    ///   - mimeType: the response's MIME type (`URLResponse.mimeType`).
    public static func fileExtension(
        url: String, vendorType: String? = nil, suggestedFilename: String? = nil, mimeType: String? = nil
    ) -> String {
        vendorType.flatMap(named(by:))
            ?? suggestedFilename.flatMap { pathExtension($0).flatMap(known) }
            ?? mimeType.flatMap { ofMIMEType($0) }
            ?? ofURLPath(url)
            ?? fallback
    }

    /// The largest file `UNNotificationAttachment` accepts of each kind: audio 5 MB, images 10 MB, movies 50 MB.
    public static func maxBytes(forExtension fileExtension: String) -> Int {
        switch fileExtension {
        case "aiff", "wav", "mp3", "m4a": 5_000_000
        case "mpg", "m2v", "mp4", "m4v", "avi": 50_000_000
        default: 10_000_000
        }
    }

    /// Why a downloaded attachment cannot be shown (the service extension then leaves it off, with an
    /// `attachment-rejected` warning); nil when it can.
    ///
    /// - Parameters:
    ///   - status: the HTTP status (nil when the scheme has none): anything but 2xx is refused.
    ///   - mimeType: the response's MIME type: text, JSON and HTML (an error page served with 200) are refused;
    ///     no type, `application/octet-stream` and every image, audio and video type pass.
    ///   - byteCount: the file's size: empty, or above ``maxBytes(forExtension:)`` for its type, is refused.
    ///   - fileExtension: the extension the file is named with (``fileExtension(url:vendorType:suggestedFilename:mimeType:)``).
    public static func rejection(status: Int?, mimeType: String?, byteCount: Int, fileExtension: String) -> String? {
        if let status, !(200...299).contains(status) { return "the server answered HTTP \(status)" }
        if let mimeType {
            let essence = (mimeType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? mimeType)
                .trimmingSpaces.lowercased()
            let media = essence.hasPrefix("image/") || essence.hasPrefix("audio/") || essence.hasPrefix("video/")
            if !media, !essence.isEmpty, essence != "application/octet-stream" {
                return "the server sent \(essence), not media"
            }
        }
        if byteCount <= 0 { return "the file is empty" }
        let limit = maxBytes(forExtension: fileExtension)
        if byteCount > limit { return "the file is \(byteCount) bytes, above the \(limit) iOS accepts for .\(fileExtension)" }
        return nil
    }

    /// The extension `url`'s path names, when iOS accepts it as an attachment; nil otherwise.
    ///
    /// Read byte by byte (every delimiter is ASCII), the extension looked up where it lies: translation asks it
    /// of every payload with an image.
    public static func ofURLPath(_ url: String) -> String? {
        KeyFingerprint.withBytes(of: url) { bytes -> String? in
            let end = DeepLink.pathEnd(bytes)
            var start = 0
            // The path only: a host such as `cdn.example.png` names no file.
            if let colon = (0..<end).first(where: { bytes[$0] == UInt8(ascii: ":") }), colon + 2 < end,
               bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
            {
                guard let slash = ((colon + 3)..<end).first(where: { bytes[$0] == UInt8(ascii: "/") }) else { return nil }
                start = slash
            }
            guard let range = extensionRange(bytes, start..<end) else { return nil }
            return extensions.canonical(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
        }
    }

    /// The extension for a MIME type iOS accepts as an attachment (`image/jpeg` → `jpg`); nil otherwise.
    public static func ofMIMEType(_ mimeType: String) -> String? {
        let essence = mimeType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? mimeType
        return mimeTypes.canonical(essence.trimmingSpaces)
    }

    /// A vendor's type key: an extension with or without its dot, or a MIME type.
    static func named(by text: String) -> String? {
        // The usual key (`png`, `.gif`: ASCII, no slash) is read where it lies; any other takes the general way.
        let quick = KeyFingerprint.withBytes(of: text) { bytes -> String?? in
            var start = 0, end = bytes.count
            while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            if start < end, bytes[start] == UInt8(ascii: ".") { start += 1 }
            for index in start..<end where bytes[index] >= 0x80 || bytes[index] == UInt8(ascii: "/") { return .none }
            return .some(extensions.canonical(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end])))
        }
        if let quick { return quick }
        let trimmed = text.trimmingSpaces
        if trimmed.utf8.contains(UInt8(ascii: "/")) { return ofMIMEType(trimmed) }
        return known(trimmed.hasPrefix(".") ? String(trimmed.dropFirst()) : trimmed)
    }

    /// The text after the last dot of the last path component, if any.
    static func pathExtension<Text: StringProtocol>(_ path: Text) -> String? {
        var path = String(path)
        return path.withUTF8 { bytes in
            extensionRange(bytes, 0..<bytes.count).map { String(decoding: bytes[$0], as: UTF8.self) }
        }
    }

    /// Where the text after the last dot of the last `/`-separated component of `bytes[path]` lies, if it has one.
    private static func extensionRange(_ bytes: UnsafeBufferPointer<UInt8>, _ path: Range<Int>) -> Range<Int>? {
        var index = path.upperBound
        while index > path.lowerBound {
            index -= 1
            switch bytes[index] {
            case UInt8(ascii: "."): return (index + 1)..<path.upperBound
            case UInt8(ascii: "/"): return nil
            default: continue
            }
        }
        return nil
    }

    /// The canonical extension for an extension iOS accepts (`JPEG` → `jpg`); nil for any other.
    static func known(_ fileExtension: String) -> String? { extensions.canonical(fileExtension) }

    /// Names and the canonical extension each stands for, compared case-insensitively: looked up without hashing
    /// and, for a name with no uppercase letter (nearly all), without lowercasing a copy.
    private struct Names: Sendable {
        let names: [(name: String, canonical: String)]
        let table: KeyTable

        init(_ names: [(name: String, canonical: String)]) {
            self.names = names
            table = KeyTable(names.map(\.name))
        }

        /// The canonical extension `name` stands for, in any case; nil for a name not in the list.
        func canonical(_ name: String) -> String? {
            let needsLowering = name.utf8.contains { $0 >= 0x80 || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
            guard let position = table.position(of: needsLowering ? name.lowercased() : name) else { return nil }
            return names[position].canonical
        }

        /// ``canonical(_:)`` for a name given as UTF-8 bytes; one that is not ASCII is read as a string.
        func canonical(bytes: UnsafeBufferPointer<UInt8>) -> String? {
            var hasUppercase = false
            for byte in bytes {
                if byte >= 0x80 { return canonical(String(decoding: bytes, as: UTF8.self)) }
                if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { hasUppercase = true }
            }
            guard hasUppercase else { return table.position(ofBytes: bytes).map { names[$0].canonical } }
            // Every name is shorter than sixteen bytes: a longer one is none of them.
            guard bytes.count <= 16 else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { lowered -> String? in
                for (index, byte) in bytes.enumerated() {
                    lowered[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                }
                let name = UnsafeBufferPointer(rebasing: lowered[0..<bytes.count])
                return table.position(ofBytes: name).map { names[$0].canonical }
            }
        }
    }

    /// The attachment types `UNNotificationAttachment` supports (images: JPEG, GIF, PNG; audio: AIFF, WAV, MP3,
    /// MPEG-4 audio; movies: MPEG, MPEG-2, MPEG-4, AVI), by the extensions that name them.
    private static let extensions = Names([
        ("jpg", "jpg"), ("jpeg", "jpg"), ("jpe", "jpg"), ("png", "png"), ("gif", "gif"),
        ("aif", "aiff"), ("aiff", "aiff"), ("aifc", "aiff"), ("wav", "wav"), ("wave", "wav"), ("mp3", "mp3"),
        ("m4a", "m4a"), ("mpg", "mpg"), ("mpeg", "mpg"), ("m2v", "m2v"), ("mp4", "mp4"), ("m4v", "m4v"), ("avi", "avi"),
    ])

    /// The same types by MIME type.
    private static let mimeTypes = Names([
        ("image/jpeg", "jpg"), ("image/jpg", "jpg"), ("image/pjpeg", "jpg"), ("image/png", "png"), ("image/gif", "gif"),
        ("audio/aiff", "aiff"), ("audio/x-aiff", "aiff"), ("audio/wav", "wav"), ("audio/x-wav", "wav"),
        ("audio/wave", "wav"), ("audio/vnd.wave", "wav"), ("audio/mpeg", "mp3"), ("audio/mp3", "mp3"),
        ("audio/mp4", "m4a"), ("audio/x-m4a", "m4a"), ("audio/m4a", "m4a"), ("video/mpeg", "mpg"), ("video/mp4", "mp4"),
        ("video/x-m4v", "m4v"), ("video/avi", "avi"), ("video/x-msvideo", "avi"), ("video/msvideo", "avi"),
    ])
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let bytes = Substring(self).utf8
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return "" }
        return String(Substring(bytes[first...last]))
    }
}
