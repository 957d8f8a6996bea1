/// The version `bridge-cli --version` prints: the package's one version string, bumped here for a release.
let bridgeCLIVersion = "0.1.0"
