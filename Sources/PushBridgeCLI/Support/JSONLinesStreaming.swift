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
    var batch: [[UInt8]] = []
    let maximumLines = batchLinesPerJob * jobs
    batch.reserveCapacity(maximumLines)
    var finished = false
    // A read that fails part way ends the input: the lines read before it are handled and printed, as one
    // thread would have, and then the error is thrown.
    var readError: CLIError?
    while !finished {
        var bytes = 0
        while batch.count < maximumLines, bytes < batchBytes || batch.isEmpty {
            let line: [UInt8]?
            do throws(CLIError) {
                line = try reader.nextLine()
            } catch {
                readError = error
                line = nil
            }
            guard let line else {
                finished = true
                break
            }
            bytes += line.count
            batch.append(line)
        }
        if batch.isEmpty { break }
        for output in runBatch(batch, firstLine: summary.lines + 1, jobs: jobs, body) {
            stdoutStream.append(output.standardOutput)
            stderrStream.append(output.standardError)
            summary.notOK += output.notOK
            summary.failed += output.failed
            summary.lossKinds.merge(output.lossKinds, uniquingKeysWith: +)
        }
        summary.lines += batch.count
        batch.removeAll(keepingCapacity: true)
    }
    if let readError { throw readError }
    return summary
}

/// Lines a job takes in one batch.
let batchLinesPerJob = 64
/// Input bytes in one batch (a longer line is a batch of its own).
let batchBytes = 1 << 18

/// Runs `body` on each line of `lines` (the first is line `firstLine`) on up to `jobs` threads, which take
/// the lines one at a time (so no thread waits long for another at the end of a batch); the outputs, one per
/// line, are in line order.
private func runBatch(_ lines: [[UInt8]], firstLine: Int, jobs: Int, _ body: JSONLineBody) -> [LineOutput] {
    let threads = min(jobs, lines.count)
    if threads <= 1 {
        let output = LineOutput()
        for index in lines.indices {
            lines[index].withUnsafeBufferPointer { runLine($0, number: firstLine + index, body, into: output) }
        }
        return [output]
    }
    let slots = BatchSlots(count: lines.count)
    let next = Locked(0)
    // A task-local does not follow work onto Dispatch's threads: each binds the run's vendors again.
    let vendors = CLIVendors.registry
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
        CLIVendors.$registry.withValue(vendors) {
            while true {
                let index = next.withLock { (position: inout Int) -> Int in
                    defer { position += 1 }
                    return position
                }
                guard index < lines.count else { return }
                let output = LineOutput()
                lines[index].withUnsafeBufferPointer { runLine($0, number: firstLine + index, body, into: output) }
                slots.store(output, at: index)
            }
        }
    }
    return slots.outputs()
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

/// The outputs of one batch's lines, each slot written by exactly one thread and read after all of them
/// finished (`DispatchQueue.concurrentPerform` returns only then): no two threads touch one slot.
private final class BatchSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<LineOutput?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ output: LineOutput, at index: Int) { slots[index] = output }

    func outputs() -> [LineOutput] { slots.map { $0! } }
}
