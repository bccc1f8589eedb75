// Package pluginlog keeps a provider from formatting log lines that nobody
// reads.
//
// terraform-plugin-go and terraform-plugin-framework log every RPC at TRACE
// unless told otherwise, as JSON on the plugin's stderr; Terraform parses
// each line and drops it unless TF_LOG or TF_LOG_PROVIDER asks for provider
// logs. Under a 500-resource apply that was a third of the provider's CPU
// time, and more of Terraform's (docs/performance.md, P2). Quiet turns those
// loggers off when Terraform will not show them, and changes nothing when it
// will.
package pluginlog

import (
	"os"
	"strings"
)

// Quiet sets the SDK, protocol, framework and provider log levels of the
// provider with the given source address to OFF, unless TF_LOG or
// TF_LOG_PROVIDER is set (then Terraform shows provider logs and they are
// left as they are) or a level is already set. Call it first in main.
func Quiet(address string) {
	for _, v := range []string{"TF_LOG", "TF_LOG_PROVIDER"} {
		if l := os.Getenv(v); l != "" && !strings.EqualFold(l, "off") {
			return
		}
	}
	for _, v := range []string{"TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK", providerVar(address)} {
		if _, set := os.LookupEnv(v); !set {
			_ = os.Setenv(v, "OFF")
		}
	}
}

// providerVar is the variable terraform-plugin-go reads the level of the
// provider's own logger from: TF_LOG_PROVIDER_ and the provider's name, the
// last element of its address, in capitals with dashes as underscores.
func providerVar(address string) string {
	name := address[strings.LastIndex(address, "/")+1:]
	return "TF_LOG_PROVIDER_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}
