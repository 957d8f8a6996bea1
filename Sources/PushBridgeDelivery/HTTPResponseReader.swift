/// Reads one HTTP/1.1 response from bytes as they arrive: total, incremental and bounded.
///
/// Feed it what each `recv` returned (``feed(_:)``) until it says ``Progress/complete(_:)`` or
/// ``Progress/failed(_:)``; when the peer closes the connection first, call ``finish()`` (a body
/// delimited by the close is complete then; anything else unfinished is a network failure). Every byte is
/// looked at once, so reading is linear in the response's length however it is split, and feeding the
/// same bytes whole or in pieces gives the same result.
///
/// What it accepts (RFC 9112, the parts a client needs):
/// - a status line `HTTP/1.0` or `HTTP/1.1`, one space, exactly three digits from 100 to 599, then a
///   space and a reason phrase (or the end of the line); anything else (`+200`, `HTTP/1.9 0200`,
///   `2000`, `-1`) is malformed;
/// - interim `1xx` responses (`100 Continue`, `103 Early Hints`) are skipped and the final response read;
///   `101 Switching Protocols` is malformed, since nothing asked to upgrade;
/// - lines end with CRLF (a bare LF is tolerated, a CR elsewhere is malformed); header names are tokens
///   with no space before the colon; values hold no control byte but HTAB; no obsolete line folding;
/// - the body: none for `1xx`, `204`, `304` and a `HEAD` request; `Transfer-Encoding` with `chunked`
///   last is chunked; another transfer coding, or no length at all, is read until the connection closes;
///   otherwise `Content-Length` (digits only, every copy the same). Both `Transfer-Encoding` and
///   `Content-Length` is malformed (a smuggling shape).
///
/// Bounds: at most ``Limits/maxResponseBytes`` bytes in all (head, interim responses and body: the
/// transport's 1 MiB cap), ``Limits/maxHeadBytes`` per head, ``Limits/maxHeaderCount`` fields per head,
/// ``Limits/maxInterimResponses`` interim responses; a chunk-size line is at most 1 KiB and its size at
/// most 16 significant hex digits. Numbers are parsed with checked arithmetic: a length or chunk size too
/// large is a failure, never a trap.
public struct HTTPResponseReader: Sendable {
    /// The bounds a reader enforces.
    public struct Limits: Sendable, Hashable {
        /// The most bytes read in all: heads, interim responses and body (default 1 MiB).
        public var maxResponseBytes: Int
        /// The most bytes in one head: status line and header fields (default 64 KiB).
        public var maxHeadBytes: Int
        /// The most header fields (and trailer fields) in one head (default 100).
        public var maxHeaderCount: Int
        /// The most interim (1xx) responses skipped before the final one (default 16).
        public var maxInterimResponses: Int

        /// Creates limits; each is at least 1.
        public init(
            maxResponseBytes: Int = 1 << 20, maxHeadBytes: Int = 64 << 10, maxHeaderCount: Int = 100,
            maxInterimResponses: Int = 16
        ) {
            self.maxResponseBytes = max(1, maxResponseBytes)
            self.maxHeadBytes = max(1, maxHeadBytes)
            self.maxHeaderCount = max(1, maxHeaderCount)
            self.maxInterimResponses = max(1, maxInterimResponses)
        }
    }

    /// Where reading stands.
    public enum Progress: Sendable, Hashable {
        /// More bytes are needed.
        case needMore
        /// The final response is complete; bytes after it are ignored.
        case complete(HTTPResponse)
        /// The response is malformed or passes a bound (``HTTPTransportFailure/Kind/malformedResponse``), or
        /// the connection closed before its end (``HTTPTransportFailure/Kind/network``); feeding more changes
        /// nothing. The message never contains a header value.
        case failed(HTTPTransportFailure)
    }

    private enum Phase: Sendable {
        case statusLine
        case headerLines
        case fixedBody(remaining: Int)
        case chunkSizeLine
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailerLines
        case untilClose
        case done
    }

    /// The bounds in force.
    public let limits: Limits
    private let isHeadRequest: Bool
    private var phase = Phase.statusLine
    private var line: [UInt8] = []
    private var totalBytes = 0
    private var headBytes = 0
    private var headerCount = 0
    private var interimResponses = 0
    private var status = 0
    private var headers: [String: String] = [:]
    private var body: [UInt8] = []
    private var result = Progress.needMore

    /// Creates a reader for the answer to one request (`requestMethod` matters only for `HEAD`).
    public init(limits: Limits = Limits(), requestMethod: String = "POST") {
        self.limits = limits
        isHeadRequest = requestMethod.utf8.elementsEqual("HEAD".utf8)
    }

    /// The interim (1xx) responses skipped so far.
    public var interimResponsesSkipped: Int { interimResponses }

    /// The bytes counted against ``Limits/maxResponseBytes`` so far.
    public var bytesRead: Int { totalBytes }

    /// Where reading stands now.
    public var progress: Progress { result }

    /// Reads `bytes`, the next ones the connection delivered, and says where reading stands.
    ///
    /// - Complexity: O(`bytes.count`): nothing read before is looked at again.
    @discardableResult
    public mutating func feed(_ bytes: some Collection<UInt8>) -> Progress {
        guard case .needMore = result else { return result }
        var index = bytes.startIndex
        while index != bytes.endIndex {
            guard case .needMore = result else { return result }
            if totalBytes >= limits.maxResponseBytes {
                return fail(.malformedResponse, "the answer is larger than \(limits.maxResponseBytes) bytes")
            }
            switch phase {
            case .fixedBody(let remaining), .chunkData(let remaining):
                let room = limits.maxResponseBytes - totalBytes
                let available = bytes.distance(from: index, to: bytes.endIndex)
                let take = min(remaining, available, room)
                let end = bytes.index(index, offsetBy: take)
                body.append(contentsOf: bytes[index..<end])
                totalBytes += take
                index = end
                advanceBody(consumed: take, of: remaining)
            case .untilClose:
                let room = limits.maxResponseBytes - totalBytes
                let available = bytes.distance(from: index, to: bytes.endIndex)
                let take = min(available, room)
                let end = bytes.index(index, offsetBy: take)
                body.append(contentsOf: bytes[index..<end])
                totalBytes += take
                index = end
            case .done:
                return result
            case .statusLine, .headerLines, .chunkSizeLine, .chunkDataEnd, .trailerLines:
                totalBytes += 1
                readLineByte(bytes[index])
                index = bytes.index(after: index)
            }
        }
        if case .needMore = result, totalBytes >= limits.maxResponseBytes, !isAwaitingClose {
            return fail(.malformedResponse, "the answer is larger than \(limits.maxResponseBytes) bytes")
        }
        return result
    }

    /// The peer closed the connection: a body read until the close is complete; anything else unfinished
    /// is a ``HTTPTransportFailure/Kind/network`` failure (the answer was cut short).
    @discardableResult
    public mutating func finish() -> Progress {
        guard case .needMore = result else { return result }
        switch phase {
        case .untilClose:
            return completeResponse()
        case .statusLine where totalBytes == 0:
            return fail(.network, "the connection closed without an HTTP answer")
        case .statusLine, .headerLines:
            return fail(.network, "the connection closed in the middle of the answer's head")
        case .fixedBody(let remaining):
            return fail(.network, "the connection closed \(remaining) bytes before the end of the body")
        case .chunkSizeLine, .chunkData, .chunkDataEnd, .trailerLines:
            return fail(.network, "the connection closed before the last chunk of a chunked body")
        case .done:
            return result
        }
    }

    private var isAwaitingClose: Bool {
        if case .untilClose = phase { return true }
        return false
    }

    // MARK: Lines

    private mutating func readLineByte(_ byte: UInt8) {
        guard byte == UInt8(ascii: "\n") else {
            line.append(byte)
            checkLineBounds()
            return
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        if line.contains(UInt8(ascii: "\r")) {
            fail(.malformedResponse, "a line of the answer holds a CR that does not end it")
            return
        }
        let complete = line
        line.removeAll(keepingCapacity: true)
        switch phase {
        case .statusLine: readStatusLine(complete)
        case .headerLines: readHeaderLine(complete)
        case .chunkSizeLine: readChunkSizeLine(complete)
        case .chunkDataEnd:
            if complete.isEmpty {
                phase = .chunkSizeLine
            } else {
                fail(.malformedResponse, "a chunk is longer than its declared size")
            }
        case .trailerLines: readTrailerLine(complete)
        case .fixedBody, .chunkData, .untilClose, .done: break
        }
    }

    private mutating func checkLineBounds() {
        switch phase {
        case .statusLine, .headerLines, .trailerLines:
            headBytes += 1
            if headBytes > limits.maxHeadBytes {
                fail(.malformedResponse, "the answer's head is larger than \(limits.maxHeadBytes) bytes")
            }
        case .chunkSizeLine:
            if line.count > 1024 { fail(.malformedResponse, "a chunk-size line is longer than 1024 bytes") }
        case .chunkDataEnd:
            if line.count > 1 { fail(.malformedResponse, "a chunk is longer than its declared size") }
        case .fixedBody, .chunkData, .untilClose, .done: break
        }
    }

    private mutating func readStatusLine(_ line: [UInt8]) {
        // RFC 9112 §2.2: a client may ignore empty lines before the status line (bounded by the total cap).
        if line.isEmpty { return }
        guard let code = Self.statusCode(line) else {
            fail(.malformedResponse, "the status line is not 'HTTP/1.x NNN reason' with NNN from 100 to 599")
            return
        }
        if code == 101 {
            fail(.malformedResponse, "101 Switching Protocols, but nothing asked to upgrade")
            return
        }
        status = code
        headers = [:]
        headerCount = 0
        phase = .headerLines
    }

    /// The status code of a strict status line, or nil.
    static func statusCode(_ line: [UInt8]) -> Int? {
        let version = Array("HTTP/1.".utf8)
        guard line.count >= 12, line.starts(with: version),
              line[7] == UInt8(ascii: "0") || line[7] == UInt8(ascii: "1"), line[8] == UInt8(ascii: " ")
        else { return nil }
        var code = 0
        for byte in line[9..<12] {
            guard let digit = ASCIIDigits.decimal(byte) else { return nil }
            code = code * 10 + digit
        }
        guard (100...599).contains(code) else { return nil }
        if line.count == 12 { return code }
        guard line[12] == UInt8(ascii: " "), line[13...].allSatisfy(HTTPFieldBytes.isFieldValueByte) else { return nil }
        return code
    }

    private mutating func readHeaderLine(_ line: [UInt8]) {
        if line.isEmpty {
            endHead()
            return
        }
        guard let (name, value) = field(line) else { return }
        if let existing = headers[name] {
            headers[name] = existing + ", " + value
        } else {
            headers[name] = value
        }
    }

    private mutating func readTrailerLine(_ line: [UInt8]) {
        if line.isEmpty {
            completeResponse()
            return
        }
        _ = field(line)  // Trailer fields are read and checked, then dropped: delivery needs none.
    }

    /// The lowercased name and trimmed value of a field line, or nil after failing.
    private mutating func field(_ line: [UInt8]) -> (String, String)? {
        headerCount += 1
        if headerCount > limits.maxHeaderCount {
            fail(.malformedResponse, "the answer has more than \(limits.maxHeaderCount) header fields")
            return nil
        }
        if line.first == UInt8(ascii: " ") || line.first == UInt8(ascii: "\t") {
            fail(.malformedResponse, "the answer folds a header over several lines (obsolete line folding)")
            return nil
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              line[..<colon].allSatisfy(HTTPFieldBytes.isTokenByte)
        else {
            fail(.malformedResponse, "a header line of the answer is not 'name: value'")
            return nil
        }
        let value = HTTPFieldBytes.trimmingWhitespace(line[(colon + 1)...])
        guard value.allSatisfy(HTTPFieldBytes.isFieldValueByte) else {
            fail(.malformedResponse, "a header value of the answer holds a control byte")
            return nil
        }
        let name = String(decoding: line[..<colon].map(ASCIIDigits.lowercased), as: UTF8.self)
        return (name, String(decoding: value, as: UTF8.self))
    }

    // MARK: Framing

    private mutating func endHead() {
        headBytes = 0
        if (100...199).contains(status) {
            interimResponses += 1
            if interimResponses > limits.maxInterimResponses {
                fail(.malformedResponse, "more than \(limits.maxInterimResponses) interim (1xx) responses")
            } else {
                phase = .statusLine
            }
            return
        }
        if isHeadRequest || status == 204 || status == 304 {
            completeResponse()
            return
        }
        let transferEncoding = headers["transfer-encoding"]
        let contentLength = headers["content-length"]
        if transferEncoding != nil, contentLength != nil {
            fail(.malformedResponse, "the answer has both Transfer-Encoding and Content-Length")
            return
        }
        if let transferEncoding {
            let codings = transferEncoding.split(separator: ",").map { String($0.trimmingASCIISpaces()).lowercased() }
            phase = codings.last == "chunked" ? .chunkSizeLine : .untilClose
            return
        }
        guard let contentLength else {
            phase = .untilClose
            return
        }
        switch Self.contentLength(contentLength, limit: limits.maxResponseBytes) {
        case .failure(let failure):
            fail(failure.kind, failure.message)
        case .success(let length):
            phase = .fixedBody(remaining: length)
            if length == 0 { completeResponse() }
        }
    }

    /// The value of `Content-Length` (every comma-separated copy identical digits), at most `limit`; else a
    /// ``HTTPTransportFailure/Kind/malformedResponse`` failure saying why (`URLSessionTransport` checks the
    /// header the system parsed with it too).
    public static func contentLength(_ text: String, limit: Int) -> Result<Int, HTTPTransportFailure> {
        func malformed(_ message: String) -> Result<Int, HTTPTransportFailure> {
            .failure(HTTPTransportFailure(.malformedResponse, message))
        }
        var value: Int?
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let number = ASCIIDigits.decimalValue(part.trimmingASCIISpaces().utf8, limit: limit) else {
                return malformed("Content-Length is not a number of bytes")
            }
            guard number <= limit else { return malformed("Content-Length is larger than \(limit) bytes") }
            if let value, value != number { return malformed("the answer has several different Content-Length values") }
            value = number
        }
        return value.map { .success($0) } ?? malformed("Content-Length is empty")
    }

    private mutating func readChunkSizeLine(_ line: [UInt8]) {
        let sizeEnd = line.firstIndex(of: UInt8(ascii: ";")) ?? line.endIndex
        switch Self.chunkSize(HTTPFieldBytes.trimmingWhitespace(line[..<sizeEnd])) {
        case nil:
            fail(.malformedResponse, "a chunk size is not a hexadecimal number")
        case .some(.none):
            fail(.malformedResponse, "a chunk size is larger than \(limits.maxResponseBytes) bytes")
        case .some(.some(let size)):
            guard size <= limits.maxResponseBytes - totalBytes else {
                fail(.malformedResponse, "a chunk size is larger than \(limits.maxResponseBytes) bytes")
                return
            }
            phase = size == 0 ? .trailerLines : .chunkData(remaining: size)
            headerCount = 0
        }
    }

    /// A chunk size: nil when not hex digits, `.some(nil)` when more than 16 significant digits or
    /// larger than `Int.max`.
    static func chunkSize(_ digits: ArraySlice<UInt8>) -> Int?? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        var significant = 0
        for byte in digits {
            guard let digit = ASCIIDigits.hex(byte) else { return nil }
            if value == 0, digit == 0 { continue }
            significant += 1
            if significant > 16 { return .some(nil) }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 16)
            if overflow { return .some(nil) }
            let (sum, overflowSum) = shifted.addingReportingOverflow(digit)
            if overflowSum { return .some(nil) }
            value = sum
        }
        return .some(value)
    }

    private mutating func advanceBody(consumed: Int, of remaining: Int) {
        let left = remaining - consumed
        switch phase {
        case .fixedBody:
            phase = .fixedBody(remaining: left)
            if left == 0 { completeResponse() }
        case .chunkData:
            phase = left == 0 ? .chunkDataEnd : .chunkData(remaining: left)
        default:
            break
        }
    }

    // MARK: Outcomes

    @discardableResult
    private mutating func completeResponse() -> Progress {
        phase = .done
        result = .complete(HTTPResponse(status: status, headers: headers, body: body))
        body = []
        return result
    }

    @discardableResult
    private mutating func fail(_ kind: HTTPTransportFailure.Kind, _ message: String) -> Progress {
        phase = .done
        result = .failed(HTTPTransportFailure(kind, message))
        body = []
        line = []
        return result
    }
}

/// ASCII digit helpers with checked arithmetic.
enum ASCIIDigits {
    /// The value of a decimal digit byte.
    static func decimal(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// The value of a hexadecimal digit byte (either case).
    static func hex(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    /// The value of a run of decimal digits (no sign, no space), saturating just above `limit`;
    /// nil when empty or not all digits.
    static func decimalValue(_ digits: some Collection<UInt8>, limit: Int) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard let digit = decimal(byte) else { return nil }
            if value > limit { continue }  // Saturated: keep checking that the rest are digits.
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = shifted.addingReportingOverflow(digit)
            value = overflow || overflowSum ? Int.max : sum
        }
        return value
    }

    /// `byte` lowercased when it is an ASCII capital.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingASCIISpaces() -> SubSequence {
        var start = startIndex
        var end = endIndex
        while start < end, self[start] == " " || self[start] == "\t" { start = index(after: start) }
        while start < end, self[index(before: end)] == " " || self[index(before: end)] == "\t" {
            end = index(before: end)
        }
        return self[start..<end]
    }
}
