/// The exit codes of WIRE-FORMATS §8, in one place.
enum ExitCode: Int32 {
    case success = 0
    case problems = 1
    case usage = 2
    case noVendor = 3
    case invalidInput = 65
    case unreadableInput = 66
}
