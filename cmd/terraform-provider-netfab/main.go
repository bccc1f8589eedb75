// Command terraform-provider-netfab serves the netfab provider to Terraform.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/iacsuite/providers/internal/pluginlog"
	"github.com/iacsuite/providers/internal/provider/netfab"
)

// version is set at build time (-ldflags "-X main.version=...").
var version = "dev"

// Address is the provider's source address, as used in required_providers.
const Address = "iacsuite.example/iacsuite/netfab"

func main() {
	debug := flag.Bool("debug", false, "run with support for debuggers such as delve")
	flag.Parse()
	if !*debug {
		pluginlog.Quiet(Address) // no TRACE lines that Terraform would drop
	}
	err := providerserver.Serve(context.Background(), netfab.New(version), providerserver.ServeOpts{
		Address: Address,
		Debug:   *debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}
