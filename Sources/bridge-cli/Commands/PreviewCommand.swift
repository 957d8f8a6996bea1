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
        let output = arguments.value("out") ?? "preview.html"
        guard !output.isEmpty else { throw .usage("--out needs a file path, or - for stdout") }
        var sections: [PreviewPage.Section] = []
        var allDrawn = true
        if arguments.has("jsonl") {
            let reader = try LineReader(path: input)
            var lineNumber = 0
            while let line = try reader.nextLine() {
                lineNumber += 1
                do throws(CLIError) {
                    let userInfo = try parseUserInfo(line)
                    sections.append(try preview(userInfo, label: "line \(lineNumber)", from: sourceID, to: targets,
                                                line: lineNumber))
                } catch {
                    allDrawn = false
                    sections.append(.error(label: "line \(lineNumber)", message: error.message))
                }
            }
        } else {
            let (_, userInfo) = try loadUserInfo(input)
            sections.append(try preview(userInfo, label: input == "-" ? "standard input" : input, from: sourceID,
                                        to: targets, line: nil))
        }
        let page = PreviewPage(loadsImages: arguments.has("load-images"))
            .render(sections, title: input == "-" ? "standard input" : input)
        try writePage(page, to: output)
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

    /// Writes the page to `path` (created or truncated, mode 0644), or to stdout for `-`.
    private static func writePage(_ page: String, to path: String) throws(CLIError) {
        if path == "-" {
            stdoutStream.write(page)
            return
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .usage("cannot write '\(path)': \(FileReading.describe(errno: errno))") }
        var failure = writeAll(descriptor, Array(page.utf8))
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure { throw .usage("cannot write '\(path)': \(FileReading.describe(errno: failure))") }
    }
}
