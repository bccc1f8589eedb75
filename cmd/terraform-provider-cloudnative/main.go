// Command terraform-provider-cloudnative serves the cloudnative provider to
// Terraform.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/iacsuite/providers/internal/pluginlog"
	"github.com/iacsuite/providers/internal/provider/cloudnative"
)

// version is set at build time (-ldflags "-X main.version=...").
var version = "dev"

// Address is the provider's source address, as used in required_providers.
const Address = "iacsuite.example/iacsuite/cloudnative"

func main() {
	debug := flag.Bool("debug", false, "run with support for debuggers such as delve")
	flag.Parse()
	if !*debug {
		pluginlog.Quiet(Address) // no TRACE lines that Terraform would drop
	}
	err := providerserver.Serve(context.Background(), cloudnative.New(version), providerserver.ServeOpts{
		Address: Address,
		Debug:   *debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}
