// Command terraform-provider-orch serves the orch provider to Terraform.
package main

import (
	"github.com/iacsuite/providers/internal/provider/orch"
	"github.com/iacsuite/providers/internal/providerserve"
)

// version is set at build time (-ldflags "-X main.version=...").
var version = "dev"

func main() {
	providerserve.Main("iacsuite.example/iacsuite/orch", orch.New(version))
}
