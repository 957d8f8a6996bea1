import PushBridgeCLI
import PushBridgeVendors

// The built-in vendors; a tool of your own registers its adapters the same way (README, "Your own bridge-cli").
BridgeCLI.main(vendors: BuiltInVendors.all)
