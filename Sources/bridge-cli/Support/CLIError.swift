import PushBridge

/// A failure that ends the command with an exit code and one line on stderr.
struct CLIError: Error {
    let code: ExitCode
    let message: String

    static func usage(_ message: String) -> CLIError { CLIError(code: .usage, message: message) }

    /// Maps a library error to its exit code.
    init(_ error: PushBridgeError) {
        switch error {
        case .invalidJSON, .notAnObject: self.init(code: .invalidInput, message: error.description)
        case .unknownVendor: self.init(code: .usage, message: error.description)
        case .noVendorClaims, .ambiguousVendor: self.init(code: .noVendor, message: error.description)
        }
    }

    init(code: ExitCode, message: String) {
        self.code = code
        self.message = message
    }
}

extension String {
    /// The text on one line, as an error must be: each control character, U+2028 and U+2029 written as a Swift
    /// escape (`\n`, `\u{1B}`). An error names the user's input (a path, a vendor id, a step), which may hold any.
    var escapingLineBreaks: String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}":
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
