import PushBridge
@testable import PushBridgeDelivery
import Testing

/// Reads `text` whole (then closes), returning where the reader ends.
private func read(_ text: String, limits: HTTPResponseReader.Limits = .init(), method: String = "POST")
    -> HTTPResponseReader.Progress
{
    read(Array(text.utf8), limits: limits, method: method)
}

private func read(_ bytes: [UInt8], pieces: [Int]? = nil, limits: HTTPResponseReader.Limits = .init(),
                  method: String = "POST") -> HTTPResponseReader.Progress
{
    var reader = HTTPResponseReader(limits: limits, requestMethod: method)
    var offset = 0
    for piece in pieces ?? [bytes.count] where offset < bytes.count {
        let end = min(bytes.count, offset + piece)
        reader.feed(bytes[offset..<end])
        offset = end
    }
    if offset < bytes.count { reader.feed(bytes[offset...]) }
    if case .needMore = reader.progress { reader.finish() }
    return reader.progress
}

private func failureKind(_ progress: HTTPResponseReader.Progress) -> HTTPTransportFailure.Kind? {
    if case .failed(let failure) = progress { return failure.kind }
    return nil
}

private func response(_ progress: HTTPResponseReader.Progress) -> HTTPResponse? {
    if case .complete(let response) = progress { return response }
    return nil
}

@Suite("HTTP response reader")
struct HTTPResponseReaderTests {
    static let wellFormed = [
        "HTTP/1.1 201 Created\r\nContent-Length: 2\r\nRetry-After: 3\r\n\r\nok",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n1;name=value\r\nc\r\n0\r\n"
            + "X-Trailer: t\r\n\r\n",
        "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx",
        "HTTP/1.0 500 Internal Server Error\r\nContent-Type: text/plain\r\n\r\nuntil the close",
        "HTTP/1.1 204 No Content\r\n\r\n",
        "HTTP/1.1 200 OK\nContent-Length: 3\n\nabc",
        "HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 4, 4\r\n\r\nabcd",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\nraw bytes until close",
    ]

    @Test("Content-Length, chunked (extensions, trailers), 1xx skipped, close-delimited, 204, bare LF")
    func wellFormedAnswers() {
        let expected: [(Int, String)] = [
            (201, "ok"), (200, "abc"), (200, "x"), (500, "until the close"), (204, ""), (200, "abc"), (200, ""),
            (200, "abcd"), (200, "raw bytes until close"),
        ]
        for (text, (status, body)) in zip(Self.wellFormed, expected) {
            let answer = response(read(text))
            #expect(answer?.status == status, "\(text.debugDescription)")
            #expect(answer.map { String(decoding: $0.body, as: UTF8.self) } == body, "\(text.debugDescription)")
        }
        #expect(response(read(Self.wellFormed[0]))?.headers["retry-after"] == "3")
    }

    @Test("the same bytes give the same result whole, split anywhere in two, or one byte at a time")
    func splitsDoNotMatter() {
        for text in Self.wellFormed + ["HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n", "HTTP/1.1 +200 OK\r\n\r\n"] {
            let bytes = Array(text.utf8)
            let whole = read(bytes)
            for cut in 0...bytes.count {
                #expect(read(bytes, pieces: [cut]) == whole, "cut at \(cut) of \(text.debugDescription)")
            }
            #expect(read(bytes, pieces: Array(repeating: 1, count: bytes.count)) == whole)
        }
    }

    @Test("a HEAD answer and a 304 have no body, whatever Content-Length says")
    func noBody() {
        #expect(response(read("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n", method: "HEAD"))?.body == [])
        #expect(response(read("HTTP/1.1 304 Not Modified\r\nContent-Length: 50\r\n\r\n"))?.status == 304)
    }

    @Test("status lines other than 'HTTP/1.x NNN reason' with NNN in 100–599 are malformed", arguments: [
        "HTTP/1.1 +200 OK", "HTTP/1.9 0200 OK", "HTTP/1.1 2000 OK", "HTTP/1.1 -1 OK", "HTTP/2 200 OK",
        "HTTP/1.1 099 Low", "HTTP/1.1 600 High", "HTTP/1.1  200 OK", "HTTP/1.1 20 OK", "garbage", "http/1.1 200 OK",
        "HTTP/1.1 200 O\u{1}K", "HTTP/1.1 101 Switching Protocols",
    ])
    func malformedStatusLines(line: String) {
        #expect(failureKind(read(line + "\r\nContent-Length: 0\r\n\r\n")) == .malformedResponse)
    }

    @Test("lengths and chunk sizes are checked: signs, spaces, overflow and disagreement fail, never trap", arguments: [
        "Content-Length: -5\r\n\r\nhello", "Content-Length: +5\r\n\r\nhello", "Content-Length: 5 5\r\n\r\nhello",
        "Content-Length: 0x10\r\n\r\n", "Content-Length: \r\n\r\n", "Content-Length: 2\r\nContent-Length: 3\r\n\r\nabc",
        "Content-Length: 99999999999999999999999999999\r\n\r\n", "Content-Length: 9223372036854775807\r\n\r\n",
        "Transfer-Encoding: chunked\r\n\r\n-5\r\nhello\r\n0\r\n\r\n",
        "Transfer-Encoding: chunked\r\n\r\n7ffffffffffffff0\r\nhi",
        "Transfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\nhi", "Transfer-Encoding: chunked\r\n\r\nzz\r\n",
        "Transfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n",
        "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    ])
    func checkedNumbers(rest: String) {
        #expect(failureKind(read("HTTP/1.1 200 OK\r\n" + rest)) == .malformedResponse)
    }

    @Test("a chunk size with leading zeros is fine; more than 16 significant digits is over the limit")
    func chunkSizeDigits() {
        #expect(HTTPResponseReader.chunkSize(Array("000000000000000000000a".utf8)[...]) == .some(10))
        #expect(HTTPResponseReader.chunkSize(Array("7ffffffffffffff0".utf8)[...]) == .some(0x7fff_ffff_ffff_fff0))
        #expect(HTTPResponseReader.chunkSize(Array("10000000000000000".utf8)[...]) == .some(nil))
        #expect(HTTPResponseReader.chunkSize(Array("-5".utf8)[...]) == nil)
    }

    @Test("malformed heads: obsolete folding, a bare CR, a control byte in a value, a space before the colon",
          arguments: [
              "X-A: 1\r\n folded\r\n", "X-A: 1\rX-B: 2\r\n", "X-A: a\u{0}b\r\n", "X-A : 1\r\n", "no colon\r\n",
          ])
    func malformedHeads(lines: String) {
        #expect(failureKind(read("HTTP/1.1 200 OK\r\n" + lines + "Content-Length: 0\r\n\r\n")) == .malformedResponse)
    }

    @Test("bounds: the whole answer, one head, the header count, interim answers")
    func bounds() {
        let small = HTTPResponseReader.Limits(
            maxResponseBytes: 4096, maxHeadBytes: 512, maxHeaderCount: 5, maxInterimResponses: 2)
        let closeDelimited = "HTTP/1.1 200 OK\r\n\r\n" + String(repeating: "z", count: 5000)
        let longHead = "HTTP/1.1 200 OK\r\nX-Long: " + String(repeating: "h", count: 600) + "\r\n\r\n"
        let manyHeaders = "HTTP/1.1 200 OK\r\n" + String(repeating: "X-A: 1\r\n", count: 6) + "\r\n"
        let interims = String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 3) + "HTTP/1.1 200 OK\r\n\r\n"
        let declared = "HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n"
        for text in [closeDelimited, longHead, manyHeaders, interims, declared] {
            #expect(failureKind(read(text, limits: small)) == .malformedResponse, "\(text.prefix(60).debugDescription)")
        }
        #expect(response(read(Array(closeDelimited.utf8.prefix(4000)), limits: small))?.body.count == 4000 - 19)
    }

    @Test("an answer cut short by the close is a network failure")
    func truncated() {
        for text in ["", "HTTP/1.1 200 OK\r\nContent-", "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nabc",
                     "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab"]
        {
            #expect(failureKind(read(text)) == .network, "\(text.debugDescription)")
        }
    }

    @Test("reading is linear: 120 KB of one-byte chunks fed one byte at a time finishes at once")
    func linear() {
        let chunks = String(repeating: "1\r\nx\r\n", count: 20_000)
        let bytes = Array(("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks + "0\r\n\r\n").utf8)
        let clock = ContinuousClock()
        let start = clock.now
        var reader = HTTPResponseReader()
        for byte in bytes { reader.feed(CollectionOfOne(byte)) }
        #expect(response(reader.progress)?.body.count == 20_000)
        // A re-scan from the start after every byte would take minutes; linear reading takes milliseconds.
        #expect(clock.now - start < .seconds(10))
    }
}
