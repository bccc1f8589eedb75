// Package providerserve is the main function every provider binary shares:
// the -debug flag, quiet plugin logs, and serving the provider to Terraform
// under its source address.
package providerserve

import (
	"context"
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/iacsuite/providers/internal/pluginlog"
)

// Main serves the provider with the given source address (as written in
// required_providers) until Terraform stops it.
func Main(address string, newProvider func() provider.Provider) {
	debug := flag.Bool("debug", false, "run with support for debuggers such as delve")
	flag.Parse()
	if !*debug {
		pluginlog.Quiet(address) // no TRACE lines that Terraform would drop
	}
	err := providerserver.Serve(context.Background(), newProvider, providerserver.ServeOpts{
		Address: address,
		Debug:   *debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}
