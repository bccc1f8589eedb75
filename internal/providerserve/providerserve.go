// Package providerserve is the main function every provider binary shares:
// the -debug flag, the GC target, quiet plugin logs, and serving the provider to Terraform
// under its source address.
package providerserve

import (
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/iacsuite/providers/internal/pluginlog"
)

// Main serves the provider with the given source address (as written in
// required_providers) until Terraform stops it.
func Main(address string, newProvider func() provider.Provider) {
	debug := flag.Bool("debug", false, "run with support for debuggers such as delve")
	flag.Parse()
	TuneGC()
	if !*debug {
		pluginlog.Quiet(address) // no TRACE lines that Terraform would drop
	}
	// As providerserver.Serve does, with the framework's server wrapped so
	// that finished RPCs do not keep their contexts (release.go).
	var opts []tf6server.ServeOpt
	if *debug {
		opts = append(opts, tf6server.WithManagedDebug())
	}
	err := tf6server.Serve(address, func() tfprotov6.ProviderServer {
		return ReleasingServer(providerserver.NewProtocol6(newProvider())())
	}, opts...)
	if err != nil {
		log.Fatal(err)
	}
}
