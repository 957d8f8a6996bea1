import PushBridge

enum CategoriesCommand: Command {
    static let name = "categories"
    static let summary = "Print the notification categories a vendor's SDK would register, beside the app's"
    static let help = """
        Usage: bridge-cli categories --vendor ID [--app-categories ID,…] [--in-center ID,…] [--pretty] [FILE|- …]

        Plans the category set registered after the vendor's launch categories and the categories of each
        FILE (notifications seen, oldest first), as the vendor's SDK does: the app's own categories are never
        dropped or changed, and AppDNA keeps at most 16 of its own (the newest, every one still in
        Notification Centre, then the most recently registered).

          --vendor ID            the vendor whose SDK registers (required)
          --app-categories IDs   the app's own categories (listed by id only: they are kept as the app registered them)
          --in-center IDs        category ids of notifications still in Notification Centre

        Prints {"vendor":ID,"categories":[{"id","owner","options":[…],"actions":[{"id","title","options":[…],
        "textInput","placeholder"?,"textInputButtonTitle"?}]}],"removed":[…]}. Decode and planning notes go to
        stderr as JSON Lines; a FILE the vendor does not claim is skipped with a note.
        """
    static let valuedOptions: Set<String> = ["vendor", "app-categories", "in-center"]
    static let flagOptions: Set<String> = ["pretty"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        guard let vendor = arguments.value("vendor") else { throw .usage("--vendor ID is required") }
        let provider = try requireAdapter(vendor)
        guard provider.profile.categories != nil else {
            throw .usage("vendor '\(vendor)' registers no notification categories")
        }
        var seen: [PushPayload] = []
        for path in arguments.positionals {
            let (_, userInfo) = try loadUserInfo(path)
            guard provider.claims(userInfo) else {
                printDiagnostics([Diagnostic(
                    .warning, code: .notClaimed,
                    message: "\(path) is not a \(provider.name) push; its categories are not planned")])
                continue
            }
            let decoded = provider.decodeClaimed(userInfo)
            printDiagnostics(decoded.diagnostics)
            seen.append(decoded.payload)
        }
        let appCategories = (arguments.list("app-categories") ?? []).map { NotificationCategory(id: $0) }
        let update = CategoryPlanner.plan(
            providers: [provider], appCategories: appCategories,
            inNotificationCentre: arguments.list("in-center") ?? [], seen: seen)
        printDiagnostics(update.diagnostics)
        stdoutStream.writeLine(.object([
            "vendor": .string(provider.id), "categories": .array(update.categories.map(\.json)),
            "removed": .array(update.removed.map { .string($0) }),
        ]), pretty: arguments.has("pretty"))
        return .success
    }
}
