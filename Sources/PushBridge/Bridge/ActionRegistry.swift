
/// The app's handlers for named actions (`show_offer`, `OPEN_SALE`), registered by name.
public final class ActionRegistry: Sendable {
    /// A handler: runs the action. Registering one means the app takes the action.
    public typealias Handler = @Sendable (PushAction) -> Void

    /// The handlers by name, guarded by `mutex` (``PThreadMutex``: no `Locked<[String: Handler]>` to build
    /// metadata for when a simulation makes a registry).
    nonisolated(unsafe) private var table: [String: Handler] = [:]
    private let mutex = PThreadMutex()

    /// Creates an empty registry.
    public init() {}

    /// Runs `body` with exclusive access to the handlers.
    private func withHandlers<Result>(_ body: (inout [String: Handler]) -> Result) -> Result {
        mutex.withLock { body(&table) }
    }

    /// Registers (or replaces) the handler for `name`.
    public func register(_ name: String, handler: @escaping Handler) {
        withHandlers { $0[name] = handler }
    }

    /// Removes the handler for `name`; returns whether there was one.
    @discardableResult
    public func unregister(_ name: String) -> Bool {
        withHandlers { $0.removeValue(forKey: name) != nil }
    }

    /// The registered names, sorted.
    public var names: [String] { withHandlers { $0.keys.sorted() } }

    /// Runs the handler for `action` outside the registry's lock; returns false when none is registered.
    public func run(_ action: PushAction) -> Bool {
        guard let handler = withHandlers({ $0[action.name] }) else { return false }
        handler(action)
        return true
    }
}
