// Command terraform-provider-fwmgr serves the fwmgr provider to Terraform.
package main

import (
	"github.com/iacsuite/providers/internal/provider/fwmgr"
	"github.com/iacsuite/providers/internal/providerserve"
)

// version is set at build time (-ldflags "-X main.version=...").
var version = "dev"

func main() {
	providerserve.Main("iacsuite.example/iacsuite/fwmgr", fwmgr.New(version))
}
