import ChirpAdapter
import PushBridgeCLI
import PushBridgeVendors

// bridge-cli with Chirp registered beside the built-in vendors: every command sees it (`detect`, `translate`,
// `compare`, `preview`, `simulate`, `events`, `conformance`, …) and `--vendor chirp` names it.
BridgeCLI.main(vendors: BuiltInVendors.all + [ChirpAdapter()])
