import Foundation
import PushBridge
import PushBridgeSystem
import PushBridgeTestSupport
import Testing

/// `FileReading.readToEnd`: every byte of a real file, whatever its size against the 4 KiB first chunk and the
/// 64 KiB chunks after it, and the limit counted over all chunks.
@Suite("Reading a file to its end")
struct FileReadingTests {
    /// Deterministic bytes of every value, so a chunk copied to the wrong place or twice shows.
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    static func read(_ path: String, limit: Int = .max) throws -> Result<[UInt8], FileReading.Failure> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw HarnessError(description: "cannot open \(path)") }
        defer { close(descriptor) }
        do throws(FileReading.Failure) {
            return .success(try FileReading.readToEnd(descriptor, limit: limit))
        } catch {
            return .failure(error)
        }
    }

    @Test("every size around the chunk boundaries comes back byte for byte",
          arguments: [0, 1, 822, 4_095, 4_096, 4_097, 8_192, 65_535, 65_536, 65_537, 69_632, 300_001])
    func readsEveryByte(count: Int) throws {
        let scratch = try Scratch("file-reading")
        let expected = Self.bytes(count, seed: UInt64(count) &+ 7)
        let path = try scratch.write("input.bin", bytes: expected)
        #expect(try Self.read(path) == .success(expected))
    }

    @Test("the limit holds over chunks: at the limit it reads, one byte past it fails")
    func limitAcrossChunks() throws {
        let scratch = try Scratch("file-reading")
        for count in [4_097, 70_000] {
            let expected = Self.bytes(count, seed: 11)
            let path = try scratch.write("input-\(count).bin", bytes: expected)
            #expect(try Self.read(path, limit: count) == .success(expected))
            #expect(try Self.read(path, limit: count - 1) == .failure(.tooLarge(limit: count - 1)))
            #expect(try Self.read(path, limit: 100) == .failure(.tooLarge(limit: 100)))
        }
    }

    @Test("a pipe written in pieces is read to its end")
    func pipeInPieces() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let expected = Self.bytes(100_000, seed: 3)
        let writer = Thread {
            var offset = 0
            while offset < expected.count {
                let piece = min(1_000 + offset % 7_000, expected.count - offset)
                let written = expected[offset..<offset + piece].withUnsafeBytes { write(writeEnd, $0.baseAddress!, piece) }
                if written <= 0 { break }
                offset += written
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        do throws(FileReading.Failure) {
            #expect(try FileReading.readToEnd(readEnd) == expected)
        } catch {
            Issue.record("reading the pipe failed: \(error)")
        }
    }
}
