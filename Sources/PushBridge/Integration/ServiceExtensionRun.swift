/// One notification's run through the Notification Service Extension, platform-neutral: the content is
/// changed only until it is handed back, it is handed back exactly once — when every piece of work is done, or
/// when the system says time is up — and the work still going then is cancelled.
///
/// The Apple glue makes one per `didReceive(_:withContentHandler:)` (never one per extension instance: iOS may
/// hand one instance several requests) and calls ``expire()`` for each from `serviceExtensionTimeWillExpire`.
/// Each change runs under the run's lock, so the content handed back is never changed afterwards, even by a
/// download that finishes at the same moment.
public final class ServiceExtensionRun<Content>: @unchecked Sendable {
    private struct State {
        var content: Content?
        var working = 1
        var nextWork = 0
        var cancellations: [Int: @Sendable () -> Void] = [:]
    }

    private let state: Locked<State>
    private let handOver: (Content) -> Void

    /// A run over `content`; `handOver` gets it back once.
    public init(content: Content, handOver: @escaping (Content) -> Void) {
        state = Locked(State(content: content))
        self.handOver = handOver
    }

    /// Applies `change` to the content unless it was handed back; returns whether it did.
    @discardableResult
    public func change(_ change: (Content) -> Void) -> Bool {
        state.withLock { state in
            guard let content = state.content else { return false }
            change(content)
            return true
        }
    }

    /// Starts a piece of work (a download, a flush): the content is not handed back before it ends, unless time
    /// is up first, when `cancel` runs. Call the returned closure once the work ends (later calls do nothing).
    public func beginWork(cancel: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let id: Int? = state.withLock { state in
            guard state.content != nil else { return nil }
            state.working += 1
            state.nextWork += 1
            state.cancellations[state.nextWork] = cancel
            return state.nextWork
        }
        guard let id else {
            cancel()
            return {}
        }
        return { [self] in
            let ended = state.withLock { $0.cancellations.removeValue(forKey: id) != nil }
            if ended { workEnded() }
        }
    }

    /// Every piece of work has been started: the content goes back as soon as they all end.
    public func allStarted() { workEnded() }

    /// Time is up: cancels the work still going and hands the content back as it is now.
    public func expire() {
        let (content, cancels): (Content?, [@Sendable () -> Void]) = state.withLock { state in
            defer {
                state.content = nil
                state.cancellations = [:]
            }
            return (state.content, state.cancellations.sorted { $0.key < $1.key }.map(\.value))
        }
        for cancel in cancels { cancel() }
        if let content { handOver(content) }
    }

    /// Whether the content has been handed back.
    public var isHandedOver: Bool { state.withLock { $0.content == nil } }

    private func workEnded() {
        let content: Content? = state.withLock { state in
            guard state.content != nil else { return nil }
            state.working -= 1
            guard state.working == 0 else { return nil }
            defer { state.content = nil }
            return state.content
        }
        if let content { handOver(content) }
    }
}
