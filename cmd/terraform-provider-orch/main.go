// Command terraform-provider-orch serves the orch provider to Terraform.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/iacsuite/providers/internal/provider/orch"
)

// version is set at build time (-ldflags "-X main.version=...").
var version = "dev"

// Address is the provider's source address, as used in required_providers.
const Address = "iacsuite.example/iacsuite/orch"

func main() {
	debug := flag.Bool("debug", false, "run with support for debuggers such as delve")
	flag.Parse()
	err := providerserver.Serve(context.Background(), orch.New(version), providerserver.ServeOpts{
		Address: Address,
		Debug:   *debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}
