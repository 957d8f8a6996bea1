import PushBridgeDelivery
import Testing

@Suite("RetryPolicy.forFlush")
struct RetryPolicyForFlushTests {
    @Test("the defaults: 5 attempts, 0.5 s first retry, waits up to 8 s, 30 s per receipt, Retry-After up to 60 s")
    func defaults() {
        #expect(
            RetryPolicy.forFlush()
                == RetryPolicy(maxAttempts: 5, baseDelay: 0.5, maxDelay: 8, maxTotalTime: 30, maxRetryAfter: 60))
    }

    @Test("a short flush cuts one receipt's time and the Retry-After it waits for to the flush's own time")
    func shortFlush() {
        let policy = RetryPolicy.forFlush(maxAttempts: 2, baseDelay: 0.01, maxTime: 5)
        #expect(policy.maxAttempts == 2)
        #expect(policy.maxTotalTime == 5)
        #expect(policy.maxRetryAfter == 5)
        #expect(policy.maxDelay == 8)
    }

    @Test("a first retry longer than 8 s raises the longest wait to it")
    func longBaseDelay() {
        #expect(RetryPolicy.forFlush(baseDelay: 20).maxDelay == 20)
        #expect(RetryPolicy.forFlush(maxTime: 600).maxTotalTime == 30)
    }
}
