// Package version holds the version of the bridged providers, set at link
// time: -ldflags "-X github.com/iacsuite/providers/bridge/internal/version.Version=1.2.3".
package version

// Version is a semantic version; the bridge refuses anything else.
var Version = "0.1.0-dev"
