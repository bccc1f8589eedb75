// Command terraform-provider-cloudnative serves the cloudnative provider to Terraform.
package main

import (
	"github.com/iacsuite/providers/internal/provider/cloudnative"
	"github.com/iacsuite/providers/internal/providerserve"
)

// version is set at build time (-ldflags "-X main.version=...").
var version = "dev"

func main() {
	providerserve.Main("iacsuite.example/iacsuite/cloudnative", cloudnative.New(version))
}
