package main

import (
	"fmt"
	"regexp"
)

// sandboxServices are the services `sandbox serve` runs (its --<name>-addr
// flags): each gets a free port.
var sandboxServices = []string{"netfab", "migration", "fwmgr", "orch"}

// tfProvider is how the benchmarks drive one provider: which sandbox service
// it talks to, its settings, n of its cheapest resource, and the request
// that reads one of them. Benchmarking one more provider (fwmgr, orch) is
// one entry in providers.
type tfProvider struct {
	name string
	// resource is the resource type P2 creates n of.
	resource string
	// env is the provider's settings for the sandbox s.
	env func(s *sandbox) []string
	// config is a configuration with n resources.
	config func(s *sandbox, n int) string
	// readMethod and readPath match the request that reads one resource.
	readMethod string
	readPath   *regexp.Regexp
}

var providers = []tfProvider{
	{
		name:     "netfab",
		resource: "netfab_port",
		env: func(s *sandbox) []string {
			return []string{"SSL_CERT_FILE=" + s.caFile, "NETFAB_ACCESS_KEY=sandbox-access-key",
				"NETFAB_SECRET_KEY=sandbox-secret-key", "NETFAB_ACCEPT_PURCHASE_TERMS=true"}
		},
		config:     netfabPorts,
		readMethod: "GET",
		readPath:   productRead,
	},
	{
		name:     "cloudnative",
		resource: "cloudnative_migration_import_job",
		env: func(s *sandbox) []string {
			return []string{"SSL_CERT_FILE=" + s.caFile, "CLOUDNATIVE_ACCESS_TOKEN=sandbox-migration-token"}
		},
		config: func(s *sandbox, n int) string {
			return requiredProvider("cloudnative") + fmt.Sprintf(`provider "cloudnative" {
  endpoint = %q
  project  = "bench"
  location = "us-central1"
}

resource "cloudnative_migration_import_job" "j" {
  count         = %d
  import_job_id = "bench-${count.index}"
  display_name  = "bench ${count.index}"
}
`, s.urls["migration"], n)
		},
		readMethod: "GET",
		readPath:   regexp.MustCompile(`^/v1alpha1/projects/bench/locations/us-central1/importJobs/bench-[0-9]+$`),
	},
}

// netfabPorts is n ports in Sydney.
func netfabPorts(s *sandbox, n int) string {
	return requiredProvider("netfab") + fmt.Sprintf(`provider "netfab" {
  environment = %q
}

resource "netfab_port" "p" {
  count                = %d
  product_name         = "bench-${count.index}"
  port_speed           = 10000
  location_id          = 1
  contract_term_months = 12
}
`, s.urls["netfab"], n)
}
