// The memory and start-up baseline for `bridge-cli simulate`: a Swift program that only imports
// FoundationEssentials and prints. run.sh builds it with `swiftc -O`; issue 8's target is that one
// simulate run peaks at no more than 1.3 times this program's resident memory.
import FoundationEssentials

print("hello")
