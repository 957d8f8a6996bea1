import PushBridge
import PushBridgeSystem
import PushBridgeTools

enum PreviewCommand: Command {
    static let name = "preview"
    static let summary = "Draw the notification as iOS shows it under every vendor, as one HTML page"
    static let help = """
        Usage: bridge-cli preview [--vendors a,b,…] [--from ID] [--out FILE] [--load-images] [--as-delivered]
                                  [--jsonl] FILE|-

        Writes one self-contained HTML page (inline style, no script, no network): one column per vendor (all
        registered vendors, or the listed ones in that order), each drawing the notification as iOS shows it
        (the banner, the expanded view with its buttons), the category the vendor's SDK registers, what a body
        tap and each button tap run (receipts, action, route and its 'via'), and every field the vendor cannot
        carry marked "✗ lost" where it would have been. Taps run as 'simulate' runs them for an app with its
        device token and no action handler, deep-link delegate or closure.

          --vendors a,b,…   the columns (default: every registered vendor)
          --from ID         the source vendor, when detection is not wanted
          --out FILE        where to write the page (default preview.html; - for stdout); a symbolic link
                            is refused, never written through
          --load-images     fetch http(s) images; without it an image is a placeholder showing its URL
          --as-delivered    add to each column's push the keys its vendor's backend adds (OneSignal custom.i,
                            Customer.io CIO-Delivery-ID and token, Airship _, Iterable itbl, …) with
                            placeholder ids, so a template is drawn and tapped as a device receives it
          --jsonl           one payload per input line, one section each, written as it is drawn; a bad
                            line gets an error section and exit 1, the others are still drawn
        \(vendorConfigHelp)

        A column draws and taps the four buttons iOS shows and counts the rest, cuts long text to what a
        screen shows (each cut text is listed in full once per section), and says when a device would give
        its push to another vendor (or none). A section larger than 16 MiB of HTML becomes an error section.
        Every text from the payload is escaped; links are shown as text, never clickable; the page's
        Content-Security-Policy allows no script and no request (only images, with --load-images).
        """
    static let valuedOptions: Set<String> = ["vendors", "from", "vendor", "out", vendorConfigOption]
    static let flagOptions: Set<String> = ["load-images", "jsonl", "as-delivered"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        let input = try arguments.singleInput()
        let vendors = try configuredRegistry(arguments)
        let targets = try listedAdapters(arguments, in: vendors)
        let sourceID = try knownVendor(arguments.value("from") ?? arguments.value("vendor"))
        let outputPath = arguments.value("out") ?? "preview.html"
        guard !outputPath.isEmpty else { throw .usage("--out needs a file path, or - for stdout") }
        let page = PreviewPage(loadsImages: arguments.has("load-images"), asDelivered: arguments.has("as-delivered"))
        let title = input == "-" ? "standard input" : input
        guard arguments.has("jsonl") else {
            // One payload: nothing is written unless it is drawn.
            let (_, userInfo) = try loadUserInfo(input)
            let section = try preview(userInfo, label: title, from: sourceID, to: targets, line: nil, number: 1,
                                      page: page, vendors: vendors)
            let output = try PageOutput(path: outputPath)
            try output.write(page.head(title: title) + section.html + PreviewPage.end)
            try output.finish()
            return section.complete ? .success : .problems
        }
        // One section per line, each written as soon as it is drawn: memory does not grow with the lines.
        let reader = try LineReader(path: input)
        // The first read comes before the page is opened: an input that cannot be read (a directory) writes nothing.
        var next = try reader.nextLine()
        let output = try PageOutput(path: outputPath)
        try output.write(page.head(title: title))
        var allDrawn = true
        var lineNumber = 0
        do throws(CLIError) {
            while let line = next {
                lineNumber += 1
                let label = "line \(lineNumber)"
                let drawn: (html: String, complete: Bool)
                do throws(CLIError) {
                    drawn = try preview(parseUserInfo(line), label: label, from: sourceID, to: targets,
                                        line: lineNumber, number: lineNumber, page: page, vendors: vendors)
                } catch {
                    drawn = page.html(of: .error(label: label, message: error.message), number: lineNumber)
                    allDrawn = false
                }
                if !drawn.complete { allDrawn = false }
                try output.write(drawn.html)
                next = try reader.nextLine()
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

    /// The section of one payload, drawn a column at a time (one column's translation in memory at once).
    private static func preview(
        _ userInfo: JSONObject, label: String, from sourceID: String?, to targets: [any VendorAdapter],
        line: Int?, number: Int, page: PreviewPage, vendors: VendorRegistry
    ) throws(CLIError) -> (html: String, complete: Bool) {
        let source = try resolveAdapter(userInfo, vendor: sourceID)
        printDiagnostics(source.decodeClaimed(userInfo).diagnostics, line: line)
        return page.html(previewing: userInfo, from: source, to: targets, registry: vendors, label: label,
                         number: number)
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
