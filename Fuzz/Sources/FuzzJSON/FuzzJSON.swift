import FuzzSupport
import PushBridge

/// Fuzz target: the strict JSON parser.
///
/// Invariants: no crash or hang; every error has an offset inside the input, a line and a column;
/// invalid UTF-8 is reported at the first invalid byte; tighter limits never accept what the defaults
/// reject and agree when both accept; the canonical text (compact and pretty) parses back to the same
/// value; and on every text the parser accepts, Foundation's `JSONSerialization` agrees on the
/// structure (see ``FoundationDifferential`` for the known, intended differences).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let document: JSONParser.Document
    do {
        document = try JSONParser.parseDocument(bytes)
    } catch {
        checkError(error, bytes, limits: .default)
        let tight = JSONParser.Options(maxDepth: 4, maxBytes: 256)
        Fuzz.require(
            (try? JSONParser.parse(bytes, options: tight)) == nil, "tighter limits accept what the defaults reject")
        return 0
    }
    Fuzz.require(String(validating: bytes, as: UTF8.self) != nil, "accepted input that is not valid UTF-8")

    let tight = JSONParser.Options(maxDepth: 4, maxBytes: 256)
    do {
        let value = try JSONParser.parse(bytes, options: tight)
        Fuzz.require(value == document.value, "tight limits parse to a different value")
    } catch {
        checkError(error, bytes, limits: tight)
        switch error.kind {
        case .tooDeep:
            Fuzz.require(textDepth(bytes) > tight.maxDepth, "tooDeep for a text within the depth limit")
        case .tooLarge:
            Fuzz.require(bytes.count > tight.maxBytes, "tooLarge for input within the size limit")
        default:
            Fuzz.require(false, "tight limits fail with \(error.kind) on input the defaults accept")
        }
        Fuzz.require(
            textDepth(bytes) > tight.maxDepth || bytes.count > tight.maxBytes,
            "tight limits reject input within them")
    }

    for path in document.duplicateKeys {
        Fuzz.require(path.hasPrefix("$") && path.count > 1, "duplicate key path '\(path)' is not a member path")
    }
    let canonical = Fuzz.requireWriterRoundTrip(document.value, "parsed document")
    if let found = FoundationDifferential.difference(bytes, ours: document.value) {
        Fuzz.require(false, "differential (input): \(found)")
    }
    if let found = FoundationDifferential.difference(canonical, ours: document.value) {
        Fuzz.require(false, "differential (canonical text): \(found)")
    }
    return 0
}

/// Nesting depth as the parser counts it: scalars 0, `[]` and `{}` 1.
/// The deepest nesting of arrays and objects in a valid JSON text, as the parser meets it: a value a repeated
/// key replaces counts too (the limit applies to the text, not to the value it leaves).
func textDepth(_ bytes: [UInt8]) -> Int {
    var depth = 0
    var deepest = 0
    var inString = false
    var escaped = false
    for byte in bytes {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            continue
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            depth += 1
            deepest = max(deepest, depth)
        case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
        default: break
        }
    }
    return deepest
}

/// Checks that a parse error is well placed and says something.
func checkError(_ error: JSONParseError, _ bytes: [UInt8], limits: JSONParser.Options) {
    Fuzz.require(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside the input")
    Fuzz.require(error.line >= 1 && error.column >= 1, "error line/column below 1")
    Fuzz.require(!error.message.isEmpty, "error without a message")
    let validUTF8 = String(validating: bytes, as: UTF8.self) != nil
    switch error.kind {
    case .tooLarge(let limit):
        Fuzz.require(limit == limits.maxBytes && bytes.count > limit, "tooLarge for input within the limit")
    case .invalidUTF8:
        Fuzz.require(!validUTF8, "invalidUTF8 reported for valid UTF-8")
        Fuzz.require(
            String(validating: bytes[..<error.offset], as: UTF8.self) != nil,
            "invalidUTF8 offset \(error.offset) is not the first invalid byte")
        Fuzz.require(error.message.contains("\(error.offset)"), "the invalid UTF-8 message does not name the offset")
    case .tooDeep(let limit):
        Fuzz.require(limit == limits.maxDepth, "tooDeep names limit \(limit), not \(limits.maxDepth)")
        Fuzz.require(validUTF8, "a structural error reported before the UTF-8 check on invalid UTF-8")
    default:
        Fuzz.require(validUTF8, "\(error.kind) reported on invalid UTF-8 instead of invalidUTF8")
    }
}
