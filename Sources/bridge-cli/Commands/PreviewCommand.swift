#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PushBridge

enum PreviewCommand: Command {
    static let name = "preview"
    static let summary = "Draw the notification as iOS shows it under every vendor, as one HTML page"
    static let help = """
        Usage: bridge-cli preview [--vendors a,b,…] [--from ID] [--out FILE] [--load-images] [--jsonl] FILE|-

        Writes one self-contained HTML page (inline style, no script, no network): one column per vendor (all
        registered vendors, or the listed ones in that order), each drawing the notification as iOS shows it
        (the banner, the expanded view with its buttons), the category the vendor's SDK registers, what a body
        tap and each button tap run (receipts, action, route and its 'via'), and every field the vendor cannot
        carry marked "✗ lost" where it would have been. Taps run as 'simulate' runs them for an app with its
        device token and no action handler, deep-link delegate or closure.

          --vendors a,b,…   the columns (default: every registered vendor)
          --from ID         the source vendor, when detection is not wanted
          --out FILE        where to write the page (default preview.html; - for stdout)
          --load-images     fetch http(s) images; without it an image is a placeholder showing its URL
          --jsonl           one payload per input line, one section each; a bad line gets an error section
                            and exit 1, the others are still drawn

        Every text from the payload is escaped; links are shown as text, never clickable; the page's
        Content-Security-Policy allows no script and no request (only images, with --load-images).
        """
    static let valuedOptions: Set<String> = ["vendors", "from", "vendor", "out"]
    static let flagOptions: Set<String> = ["load-images", "jsonl"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        let input = try arguments.singleInput()
        let targets = try listedAdapters(arguments)
        let sourceID = try knownVendor(arguments.value("from") ?? arguments.value("vendor"))
        let outputPath = arguments.value("out") ?? "preview.html"
        guard !outputPath.isEmpty else { throw .usage("--out needs a file path, or - for stdout") }
        let page = PreviewPage(loadsImages: arguments.has("load-images"))
        let title = input == "-" ? "standard input" : input
        guard arguments.has("jsonl") else {
            // One payload: nothing is written unless it is drawn.
            let (_, userInfo) = try loadUserInfo(input)
            let section = page.html(of: try preview(userInfo, label: title, from: sourceID, to: targets, line: nil),
                                    number: 1)
            let output = try PageOutput(path: outputPath)
            try output.write(page.head(title: title) + section.html + PreviewPage.end)
            try output.finish()
            return section.complete ? .success : .problems
        }
        // One section per line, each written as soon as it is drawn: memory does not grow with the lines.
        let reader = try LineReader(path: input)
        let output = try PageOutput(path: outputPath)
        try output.write(page.head(title: title))
        var allDrawn = true
        var lineNumber = 0
        do throws(CLIError) {
            while let line = try reader.nextLine() {
                lineNumber += 1
                let label = "line \(lineNumber)"
                let section: PreviewPage.Section
                do throws(CLIError) {
                    section = try preview(parseUserInfo(line), label: label, from: sourceID, to: targets,
                                          line: lineNumber)
                } catch {
                    allDrawn = false
                    section = .error(label: label, message: error.message)
                }
                let drawn = page.html(of: section, number: lineNumber)
                if !drawn.complete { allDrawn = false }
                try output.write(drawn.html)
            }
        } catch {
            // The input failed part way: the page so far is closed, then the error is reported.
            try? output.write(PreviewPage.end)
            throw error
        }
        try output.write(PreviewPage.end)
        try output.finish()
        return allDrawn ? .success : .problems
    }

    private static func preview(
        _ userInfo: JSONObject, label: String, from sourceID: String?, to targets: [any VendorAdapter],
        line: Int?
    ) throws(CLIError) -> PreviewPage.Section {
        let source = try resolveAdapter(userInfo, vendor: sourceID)
        let preview = NotificationPreview(userInfo, from: source, to: targets, registry: registry)
        printDiagnostics(source.decodeClaimed(userInfo).diagnostics, line: line)
        return .preview(preview, label: label)
    }
}

/// Where the page goes, a piece at a time: stdout for `-`, else a file created or truncated (mode 0644) and
/// never written through a symbolic link (`O_NOFOLLOW`): a planted `preview.html` link is refused, not followed.
private final class PageOutput {
    private let path: String
    /// The file's descriptor; nil for stdout, or once closed.
    private var descriptor: Int32?
    private let toStdout: Bool

    init(path: String) throws(CLIError) {
        self.path = path
        toStdout = path == "-"
        guard !toStdout else { return }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            let failure = errno
            var info = stat()
            if lstat(path, &info) == 0, UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFLNK) {
                throw .usage("'\(path)' is a symbolic link: preview never writes through one, so it was left as it is "
                    + "(remove the link or give another --out)")
            }
            throw .usage("cannot write '\(path)': \(FileReading.describe(errno: failure))")
        }
        self.descriptor = descriptor
    }

    deinit { if let descriptor { close(descriptor) } }

    /// Writes `text` now (stdout is flushed), so a section reaches the reader as soon as it is drawn.
    func write(_ text: String) throws(CLIError) {
        if toStdout {
            stdoutStream.write(text)
            stdoutStream.flush()
            return
        }
        guard let descriptor else { return }
        if let failure = writeAll(descriptor, Array(text.utf8)) {
            throw .usage("cannot write '\(path)': \(FileReading.describe(errno: failure))")
        }
    }

    /// Closes the file, reporting a failure to do so (a full disk can surface only here).
    func finish() throws(CLIError) {
        guard let descriptor else { return }
        self.descriptor = nil
        if close(descriptor) != 0 {
            throw .usage("cannot write '\(path)': \(FileReading.describe(errno: errno))")
        }
    }
}
