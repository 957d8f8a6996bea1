import PushBridge
import PushBridgeOutbox
import PushBridgeSystem

/// Delivers receipts over HTTP, one request per receipt, as each vendor's adapter describes it
/// (`VendorAdapter.receiptRequest(for:writeKey:)`), with retries (``RetryPolicy``).
///
/// - Every request carries `Idempotency-Key: <the receipt's id>` (``Receipt/idempotencyKey``, or the
///   outbox entry's id), the same for every retry, flush and process.
/// - 2xx is delivered. 408, 429, 5xx, a timeout or a network error is retried with exponential backoff
///   and jitter, honouring `Retry-After`, within ``RetryPolicy/maxAttempts`` and
///   ``RetryPolicy/maxTotalTime``; after that the receipt is left for later (``OutboxDeliveryOutcome/retryLater``).
/// - Any other 4xx is permanent (``OutboxDeliveryOutcome/permanentFailure``): the flush keeps the receipt as a
///   dead letter. A receipt of a vendor no adapter describes is permanent too.
/// - Write keys go only into the request's credential header; reasons and diagnostics never contain a
///   write key, a secret header's value in any form it travels in (base64, percent-encoded…) or a device
///   token: every collector text (a body, a `Location`, a transport error) goes through a ``Redaction`` of
///   the request's headers as sent.
///
/// As a ``ReceiptSink`` it sends at once and throws ``DeliveryError`` when the receipt was not delivered:
/// no durability. For receipts that must survive, record them in a ``ReceiptOutbox`` and drain it with an
/// ``OutboxFlusher``.
public final class HTTPReceiptSink: ReceiptSink {
    /// Where requests go and how long they may take.
    public struct Configuration: Sendable, Hashable {
        /// The base URL for every vendor (the CLI's `--endpoint`); nil uses the adapter's default.
        public var baseURL: String?
        /// Per-vendor base URLs, winning over ``baseURL``.
        public var baseURLsByVendor: [String: String]
        /// The retry policy.
        public var retry: RetryPolicy
        /// Seconds one request may take (default 10).
        public var requestTimeout: Double

        /// Creates a configuration.
        public init(
            baseURL: String? = nil, baseURLsByVendor: [String: String] = [:], retry: RetryPolicy = RetryPolicy(),
            requestTimeout: Double = 10
        ) {
            self.baseURL = baseURL
            self.baseURLsByVendor = baseURLsByVendor
            self.retry = retry
            self.requestTimeout = max(0.05, requestTimeout)
        }
    }

    /// The vendors whose adapters describe the requests.
    public let registry: VendorRegistry
    /// Where requests go.
    public let configuration: Configuration
    private let credentials: ReceiptCredentials
    private let transport: any HTTPTransport
    private let sleep: @Sendable (Double) -> Void
    private let randomUnit: @Sendable () -> Double
    private let clock: @Sendable () -> Double

    /// Creates a sink.
    ///
    /// - Parameters:
    ///   - transport: how requests are sent (default: a ``SocketHTTPTransport``, plain http; pass
    ///     `URLSessionTransport` from `PushBridgeURLSession` for https).
    ///   - sleep, randomUnit, clock: waiting, jitter and the monotonic clock in seconds; tests replace them.
    public init(
        registry: VendorRegistry, configuration: Configuration, credentials: ReceiptCredentials = .none,
        transport: (any HTTPTransport)? = nil,
        sleep: @escaping @Sendable (Double) -> Void = HTTPReceiptSink.sleep,
        randomUnit: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        clock: @escaping @Sendable () -> Double = HTTPReceiptSink.monotonicSeconds
    ) {
        self.registry = registry
        self.configuration = configuration
        self.credentials = credentials
        self.transport = transport ?? SocketHTTPTransport()
        self.sleep = sleep
        self.randomUnit = randomUnit
        self.clock = clock
    }

    /// Sends `receipt` now; throws ``DeliveryError`` when it was not delivered.
    public func record(_ receipt: Receipt) throws {
        let outcome = deliver(receipt)
        switch outcome {
        case .delivered: return
        case .retryLater(let attempts, let reason):
            throw DeliveryError(receipt: receipt, permanent: false, attempts: attempts, status: nil, reason: reason)
        case .permanentFailure(let attempts, let status, let reason):
            throw DeliveryError(receipt: receipt, permanent: true, attempts: attempts, status: status, reason: reason)
        }
    }

    /// Delivers one receipt with retries.
    ///
    /// - Parameters:
    ///   - idempotencyKey: the key every attempt carries (default: the receipt's ``Receipt/idempotencyKey``).
    ///   - timeBudget: seconds this call may take; the smaller of it and ``RetryPolicy/maxTotalTime`` applies.
    public func deliver(
        _ receipt: Receipt, idempotencyKey: String? = nil, timeBudget: Double? = nil
    ) -> OutboxDeliveryOutcome {
        guard let adapter = registry.adapter(id: receipt.vendor), let service = adapter.profile.receiptService,
            var request = adapter.receiptRequest(for: receipt, writeKey: credentials.writeKey(for: receipt.vendor))
        else {
            return .permanentFailure(
                attempts: 0, status: nil,
                reason: "no adapter describes HTTP receipts for vendor '\(receipt.vendor)'")
        }
        guard let baseURL = configuration.baseURLsByVendor[receipt.vendor] ?? configuration.baseURL
            ?? service.defaultBaseURL
        else {
            return .retryLater(attempts: 0, reason: "no base URL is configured for vendor '\(receipt.vendor)'")
        }
        request.headers.removeAll { $0.name.lowercased() == "idempotency-key" }
        request.headers.append(HTTPHeader("Idempotency-Key", idempotencyKey ?? receipt.idempotencyKey))
        let url = HTTPEndpoint.join(baseURL, request.path)
        let redaction = Redaction(secrets: credentials.allKeys, receipt: receipt, headers: request.headers)
        // Sending without the header (or with a broken one) cannot succeed: wait for a fixed configuration.
        if let problem = credentials.problem(forVendor: receipt.vendor)?.message
            ?? HTTPFieldCheck.firstProblem(request.headers)
        {
            return .retryLater(attempts: 0, reason: "not sent: \(redaction.redact(problem))")
        }

        let policy = configuration.retry
        let start = clock()
        let budget = min(policy.maxTotalTime, timeBudget ?? .infinity)
        var lastReason = "not sent"
        for attempt in 1...policy.maxAttempts {
            let left = budget - (clock() - start)
            let timeout = min(configuration.requestTimeout, max(0.05, left))
            var retryAfter: Double?
            switch transport.send(
                url: url, method: request.method, headers: request.headers, body: request.body, timeout: timeout)
            {
            case .success(let response):
                if (200...299).contains(response.status) {
                    return .delivered(attempts: attempt, status: response.status)
                }
                let reason = Self.reason(for: response, redaction)
                guard RetryPolicy.isRetryable(status: response.status) || !(400...499).contains(response.status) else {
                    return .permanentFailure(attempts: attempt, status: response.status, reason: reason)
                }
                lastReason = reason
                if let value = response.headers["retry-after"] {
                    retryAfter = RetryPolicy.retryAfterSeconds(value, now: HTTPDate.now())
                }
            case .failure(let failure):
                if failure.kind == .invalidRequest {
                    return .retryLater(attempts: attempt, reason: redaction.redact(failure.message))
                }
                lastReason = redaction.redact(failure.message)
            }
            if attempt == policy.maxAttempts { break }
            if let retryAfter, retryAfter > policy.maxRetryAfter {
                return .retryLater(
                    attempts: attempt,
                    reason: "\(lastReason); Retry-After \(DurationText.seconds(retryAfter)) is longer than the "
                        + "\(DurationText.seconds(policy.maxRetryAfter)) honoured by waiting")
            }
            let wait = policy.delay(afterAttempt: attempt, unit: randomUnit(), retryAfter: retryAfter)
            if clock() - start + wait >= budget {
                return .retryLater(
                    attempts: attempt,
                    reason: "\(lastReason); the next attempt would pass the \(DurationText.seconds(budget)) allowed")
            }
            sleep(wait)
        }
        let attempts = policy.maxAttempts
        return .retryLater(attempts: attempts, reason: "\(lastReason) (after \(attempts) attempt\(attempts == 1 ? "" : "s"))")
    }

    /// What an answer that was not 2xx says: the status, for a 3xx where it points (redirects are never
    /// followed), and the start of the body; all redacted.
    static func reason(for response: HTTPResponse, _ redaction: Redaction) -> String {
        var reason = "HTTP \(response.status)"
        if (300...399).contains(response.status) {
            let location = response.headers["location"].map { redaction.redact($0) }
            let shown = location.map { $0.count > 200 ? String($0.prefix(200)) + "…" : $0 }
            reason += shown.map { " redirect to \($0)" } ?? " redirect without a Location"
            reason += ", not followed (redirects are never followed: point the endpoint at the final URL)"
        }
        let detail = redaction.snippet(response.body)
        return detail.isEmpty ? reason : "\(reason): \(detail)"
    }

    /// Blocks the thread for `seconds`.
    public static let sleep: @Sendable (Double) -> Void = { seconds in
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }

    /// A monotonic clock in seconds.
    public static let monotonicSeconds: @Sendable () -> Double = {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

/// A receipt that ``HTTPReceiptSink/record(_:)`` could not deliver.
public struct DeliveryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The receipt.
    public var receipt: Receipt
    /// Whether the vendor refused it for good (a 4xx other than 408 and 429).
    public var permanent: Bool
    /// Requests made.
    public var attempts: Int
    /// The last HTTP status, when there was one.
    public var status: Int?
    /// Why (no write key, no device token).
    public var reason: String

    public var description: String {
        "receipt '\(receipt.event)' (\(receipt.vendor)) was not delivered after \(attempts) attempt"
            + "\(attempts == 1 ? "" : "s")\(permanent ? ", refused for good" : ""): \(reason)"
    }
}
