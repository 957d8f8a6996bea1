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
        case .unknownVendor, .invalidVendorSetting: self.init(code: .usage, message: error.description)
        case .noVendorClaims, .ambiguousVendor: self.init(code: .noVendor, message: error.description)
        }
    }

    init(code: ExitCode, message: String) {
        self.code = code
        self.message = message
    }
}
