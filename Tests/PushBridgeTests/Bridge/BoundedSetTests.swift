@testable import PushBridge
import PushBridgeTestSupport
import Testing

/// `BoundedSet` keeps a few members in an array and moves them to a `Set` past sixteen: whichever holds them, it
/// must answer as one `Set` with the same eviction order would.
@Suite("BoundedSet")
struct BoundedSetTests {
    /// The plain reading: one set, members forgotten oldest first once there are more than `capacity`.
    private struct Reference {
        let capacity: Int
        var members = Set<String>()
        var order: [String] = []
        var head = 0

        mutating func remove(_ member: String) { members.remove(member) }

        mutating func insert(_ member: String) -> Bool {
            guard members.insert(member).inserted else { return false }
            order.append(member)
            if members.count > capacity {
                members.remove(order[head])
                head += 1
                if head > capacity {
                    order.removeFirst(head)
                    head = 0
                }
            }
            return true
        }
    }

    @Test("inserts and removes answer as one set with the same eviction would, below, at and past sixteen members")
    func matchesOneSet() {
        for capacity in [1, 3, 15, 16, 17, 40, 10_000] {
            for seed in 0..<40 as Range<UInt64> {
                var generator = SplitMix64(seed: seed &* 7919 &+ UInt64(capacity))
                var bounded = BoundedSet()
                bounded.capacity = capacity
                var reference = Reference(capacity: capacity)
                // Keys from a pool a little larger than the array's limit, so runs cross it both ways.
                let pool = Int.random(in: 4...60, using: &generator)
                for step in 0..<400 {
                    let key = "message-\(Int.random(in: 0..<pool, using: &generator))"
                    if Int.random(in: 0..<5, using: &generator) == 0 {
                        bounded.remove(key)
                        reference.remove(key)
                    } else {
                        let inserted = bounded.insert(key)
                        #expect(inserted == reference.insert(key), "capacity \(capacity), seed \(seed), step \(step)")
                    }
                }
                // Every key of the pool: present exactly when the reference holds it (an insert says so).
                for index in 0..<pool {
                    let key = "message-\(index)"
                    var probe = bounded, model = reference
                    #expect(probe.insert(key) == model.insert(key), "capacity \(capacity), seed \(seed), \(key)")
                }
            }
        }
    }
}
