// The one place the version is written: `--version`, `bodywork version`, SARIF, the man
// page and `scripts/release` all read it from here; CHANGELOG.md names it too (a test checks).

/// The version `--version` prints and the reports name.
let bodyworkVersion = "0.2.0"
