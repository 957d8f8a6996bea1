
/// The app's handlers for named actions (`show_offer`, `OPEN_SALE`), registered by name.
public final class ActionRegistry: Sendable {
    /// A handler: runs the action. Registering one means the app takes the action.
    public typealias Handler = @Sendable (PushAction) -> Void

    private let handlers = Locked<[String: Handler]>([:])

    /// Creates an empty registry.
    public init() {}

    /// Registers (or replaces) the handler for `name`.
    public func register(_ name: String, handler: @escaping Handler) {
        handlers.withLock { $0[name] = handler }
    }

    /// Removes the handler for `name`; returns whether there was one.
    @discardableResult
    public func unregister(_ name: String) -> Bool {
        handlers.withLock { $0.removeValue(forKey: name) != nil }
    }

    /// The registered names, sorted.
    public var names: [String] { handlers.withLock { $0.keys.sorted() } }

    /// Runs the handler for `action` outside the registry's lock; returns false when none is registered.
    public func run(_ action: PushAction) -> Bool {
        guard let handler = handlers.withLock({ $0[action.name] }) else { return false }
        handler(action)
        return true
    }
}
