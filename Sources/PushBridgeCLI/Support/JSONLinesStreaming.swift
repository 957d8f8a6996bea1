import Dispatch
import PushBridge
import PushBridgeSystem

/// What one or more consecutive lines of a JSON Lines input printed: their result lines for stdout, their
/// diagnostics for stderr, in line order, and how many failed.
final class LineOutput {
    /// The lines' stdout text (one JSON line each).
    let standardOutput: OutputStream
    /// The lines' stderr text (diagnostics and losses, one JSON line each).
    let standardError: OutputStream
    /// Lines whose body ran and said they were not ok (a failed parse is not counted here).
    var notOK = 0
    /// Lines that failed (an `{"error": …}` line) or were not ok.
    var failed = 0
    /// Losses the lines' bodies counted, by kind (`translate --summary`).
    var lossKinds: [String: Int] = [:]

    /// Captures of its own, printed later by the main thread.
    init() {
        standardOutput = OutputStream(capturing: ())
        standardError = OutputStream(capturing: ())
    }

    /// Empties the captures (keeping their room) and the counts, for the next lines.
    func reset() {
        standardOutput.discard()
        standardError.discard()
        notOK = 0
        failed = 0
        lossKinds.removeAll()
    }

    /// Straight to these streams (one thread: nothing to put in order).
    init(standardOutput: OutputStream, standardError: OutputStream) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// How a JSON Lines run ended.
struct JSONLinesSummary {
    /// Lines read.
    var lines = 0
    /// Lines whose body ran and said they were not ok.
    var notOK = 0
    /// Lines that failed or were not ok.
    var failed = 0
    /// Losses counted by kind, over every line.
    var lossKinds: [String: Int] = [:]

    /// `.problems` when any line failed or was not ok.
    var exitCode: ExitCode { failed == 0 ? .success : .problems }
}

/// The body of a JSON Lines run: one parsed userInfo, its size in bytes and its 1-based line number in, the
/// result line and whether the line is ok out. Diagnostics go to `output.standardError`. It runs on several
/// threads at once (each line once), so it must not touch shared mutable state.
typealias JSONLineBody = @Sendable (
    _ userInfo: JSONObject, _ byteCount: Int, _ line: Int, _ output: LineOutput
) throws(CLIError) -> (JSONValue, ok: Bool)

/// The `--jobs N` option of the JSON Lines commands: how many threads translate lines at once (default: the
/// processors online, at most ``maximumJobs``; 1 runs on the calling thread only).
func jobCount(_ arguments: Arguments) throws(CLIError) -> Int {
    guard let text = arguments.value("jobs") else { return defaultJobCount() }
    guard let jobs = Int(text), (1...maximumJobs).contains(jobs) else {
        throw .usage("--jobs needs a whole number from 1 to \(maximumJobs), got '\(text)'")
    }
    return jobs
}

/// What a command that reads one payload by vendor (or, with `--jsonl`, one per line) was given: its input,
/// the `--vendor` it names (one the registry knows) and, with `--jsonl`, the `--jobs` count.
struct PayloadArguments {
    /// `--vendor ID` and `--jobs N`.
    static let valuedOptions: Set<String> = ["vendor", "jobs"]
    /// `--jsonl`.
    static let flagOptions: Set<String> = ["jsonl"]

    let input: String
    let vendor: String?
    /// How many threads read the lines with `--jsonl`; nil without it (one payload).
    let jsonlJobs: Int?

    init(_ arguments: Arguments) throws(CLIError) {
        input = try arguments.singleInput()
        vendor = try knownVendor(arguments.value("vendor"))
        jsonlJobs = arguments.has("jsonl") ? try jobCount(arguments) : nil
    }
}

/// The most threads `--jobs` accepts.
let maximumJobs = 64

/// The processors online, between 1 and 8: more threads than that gain little on a stream.
func defaultJobCount() -> Int {
    let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    return max(1, min(8, online))
}

/// Runs `body` on every line of a JSON Lines input, printing one result line per input line, in input order,
/// and turning a failed line into `{"error": …, "line": N}`.
///
/// With `jobs` 1 each line is handled as it is read. Above 1, lines are read in batches whose lines `jobs`
/// threads take one at a time, each line's output kept apart and written in input order when the batch is
/// done: stdout and stderr are byte for byte what one thread prints. A batch holds at most
/// ``batchLinesPerJob`` lines a job and ``batchBytes`` bytes of input, so memory does not grow with the input.
func streamJSONLines(_ path: String, jobs: Int, _ body: JSONLineBody) throws(CLIError) -> JSONLinesSummary {
    let reader = try LineReader(path: path)
    var summary = JSONLinesSummary()
    if jobs == 1 {
        // One thread: each line straight to stdout and stderr, no batch held.
        let output = LineOutput(standardOutput: stdoutStream, standardError: stderrStream)
        var number = 0
        while try reader.withNextLine({ line in
            number += 1
            runLine(line, number: number, body, into: output)
        }) {}
        summary.lines = number
        summary.notOK = output.notOK
        summary.failed = output.failed
        summary.lossKinds = output.lossKinds
        return summary
    }
    let batch = LineBatch(jobs: jobs)
    var finished = false
    // A read that fails part way ends the input: the lines read before it are handled and printed, as one
    // thread would have, and then the error is thrown.
    var readError: CLIError?
    while !finished {
        while batch.lineCount < batch.maximumLines, batch.bytes.count < batchBytes || batch.lineCount == 0 {
            let read: Bool
            do throws(CLIError) {
                read = try reader.withNextLine { batch.append($0) }
            } catch {
                readError = error
                read = false
            }
            guard read else {
                finished = true
                break
            }
        }
        if batch.lineCount == 0 { break }
        batch.run(firstLine: summary.lines + 1, jobs: jobs, body)
        for output in batch.outputs.prefix(batch.chunkCount) {
            stdoutStream.append(output.standardOutput)
            stderrStream.append(output.standardError)
            summary.notOK += output.notOK
            summary.failed += output.failed
            if !output.lossKinds.isEmpty { summary.lossKinds.merge(output.lossKinds, uniquingKeysWith: +) }
            output.reset()
        }
        summary.lines += batch.lineCount
        batch.removeAll()
    }
    if let readError { throw readError }
    return summary
}

/// Lines a job takes in one batch at the most.
let batchLinesPerJob = 256
/// Input bytes in one batch (a longer line is a batch of its own).
let batchBytes = 1 << 18
/// Consecutive lines a thread takes at once, with one capture for their output.
let chunkLines = 16

/// One batch of a JSON Lines input for ``streamJSONLines(_:jobs:_:)``: the lines' bytes in one buffer, kept from
/// batch to batch, and one capture per chunk of ``chunkLines`` lines, also kept (their buffers keep their room).
/// Threads take whole chunks, so the outputs are in line order when read chunk by chunk, and a thread allocates
/// nothing of its own for a line but what the line's translation does.
///
/// Filled and read by one thread; during ``run(firstLine:jobs:_:)`` the lines are only read and each chunk's
/// capture is written by the one thread that took it (`DispatchQueue.concurrentPerform` returns when all are
/// done): no two threads touch one capture.
private final class LineBatch: @unchecked Sendable {
    /// The lines' bytes, one after another.
    private(set) var bytes: [UInt8] = []
    /// Where each line ends in ``bytes``; line `i` starts where line `i - 1` ends.
    private var ends: [Int] = []
    /// The captures, one per chunk; those past ``chunkCount`` are spare.
    private(set) var outputs: [LineOutput] = []
    let maximumLines: Int

    init(jobs: Int) {
        maximumLines = batchLinesPerJob * jobs
        bytes.reserveCapacity(batchBytes)
        ends.reserveCapacity(maximumLines)
    }

    var lineCount: Int { ends.count }
    var chunkCount: Int { (ends.count + chunkLines - 1) / chunkLines }

    func append(_ line: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: line)
        ends.append(bytes.count)
    }

    /// Empties the batch, keeping the room of its buffers.
    func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    /// Runs `body` on every line (the first is line `firstLine`) on up to `jobs` threads, which take a chunk at a
    /// time (so no thread waits long for another at the end of a batch); chunk `k`'s output is in `outputs[k]`.
    func run(firstLine: Int, jobs: Int, _ body: JSONLineBody) {
        let chunks = chunkCount
        while outputs.count < chunks { outputs.append(LineOutput()) }
        let threads = min(jobs, chunks)
        if threads <= 1 {
            for chunk in 0..<chunks { runChunk(chunk, firstLine: firstLine, body) }
            return
        }
        let next = Locked(0)
        // A task-local does not follow work onto Dispatch's threads: each binds the run's vendors again.
        let vendors = CLIVendors.registry
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            CLIVendors.$registry.withValue(vendors) {
                while true {
                    let chunk = next.withLock { (position: inout Int) -> Int in
                        defer { position += 1 }
                        return position
                    }
                    guard chunk < chunks else { return }
                    runChunk(chunk, firstLine: firstLine, body)
                }
            }
        }
    }

    private func runChunk(_ chunk: Int, firstLine: Int, _ body: JSONLineBody) {
        let output = outputs[chunk]
        let first = chunk * chunkLines
        bytes.withUnsafeBufferPointer { all in
            for index in first..<min(first + chunkLines, ends.count) {
                let start = index == 0 ? 0 : ends[index - 1]
                runLine(UnsafeBufferPointer(rebasing: all[start..<ends[index]]), number: firstLine + index, body,
                        into: output)
            }
        }
    }
}

/// One line through `body`: its result or error line to stdout, diagnostics to stderr, both in `output`.
private func runLine(_ line: UnsafeBufferPointer<UInt8>, number: Int, _ body: JSONLineBody, into output: LineOutput) {
    do throws(CLIError) {
        let userInfo = try parseUserInfo(line)
        let (result, ok) = try body(userInfo, line.count, number, output)
        if !ok {
            output.notOK += 1
            output.failed += 1
        }
        output.standardOutput.writeLine(result)
    } catch {
        output.failed += 1
        output.standardOutput.writeLine(.object(["error": .string(error.message), "line": .int(number)]))
    }
}
