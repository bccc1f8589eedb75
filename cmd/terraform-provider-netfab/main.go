// Command terraform-provider-netfab serves the netfab provider to Terraform.
package main

import (
	"github.com/iacsuite/providers/internal/provider/netfab"
	"github.com/iacsuite/providers/internal/providerserve"
)

// version is set at build time (-ldflags "-X main.version=...").
var version = "dev"

func main() {
	providerserve.Main("iacsuite.example/iacsuite/netfab", netfab.New(version))
}
