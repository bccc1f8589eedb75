package main

import (
	"fmt"
	"net/url"
	"os"
	"regexp"
)

// sandboxServices are the services `sandbox serve` runs (its --<name>-addr
// flags): each gets a free port.
var sandboxServices = []string{"netfab", "migration", "fwmgr", "orch", "hub"}

// tfProvider is how the benchmarks drive one provider: which sandbox service
// it talks to, its settings, n of its cheapest resource, and the request
// that reads one of them. Benchmarking one more provider is one entry in
// providers.
type tfProvider struct {
	name string
	// service is the sandbox service it talks to (the request log's
	// second field).
	service string
	// resource is the resource type P2 creates n of; empty for a provider
	// of data sources only (fwmgr), which P2 skips.
	resource string
	// env is the provider's settings for the sandbox s.
	env func(s *sandbox) []string
	// config is a configuration with n resources.
	config func(s *sandbox, n int) string
	// readMethod and readPath match the request that reads one resource.
	readMethod string
	readPath   *regexp.Regexp
	// tokenPath matches the provider's login or token request.
	tokenPath *regexp.Regexp
	// createRequests, when set, is the goal for the requests one create
	// makes (tokens apart), and createRequestsWhat names them.
	createRequests     int
	createRequestsWhat string
}

// orchAdminPassword is the password the benchmarks' orch controller gives
// its user admin (sandbox serve --orch-admin-password).
const orchAdminPassword = "bench-admin-password"

// fwmgrAdminPassword is the password of the fwmgr administrator admin
// (sandbox serve --fwmgr-admin-password; without it, one is generated).
const fwmgrAdminPassword = "bench-fwmgr-password"

var providers = []tfProvider{
	{
		name:     "netfab",
		service:  "netfab",
		resource: "netfab_port",
		env: func(s *sandbox) []string {
			return []string{"SSL_CERT_FILE=" + s.caFile, "NETFAB_ACCESS_KEY=sandbox-access-key",
				"NETFAB_SECRET_KEY=sandbox-secret-key", "NETFAB_ACCEPT_PURCHASE_TERMS=true"}
		},
		config:     netfabPorts,
		readMethod: "GET",
		readPath:   productRead,
		tokenPath:  tokenPath,
		// The service provisions at once in the benchmarks (no
		// provisioning delay).
		createRequests:     3,
		createRequestsWhat: "order, status, read",
	},
	{
		name:     "cloudnative",
		service:  "migration",
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
		tokenPath:  tokenPath,
	},
	{
		// Models are what every other orch resource lives in; each is one
		// create and one GET /v1/models/<uuid> to read.
		name:     "orch",
		service:  "orch",
		resource: "orch_model",
		env: func(s *sandbox) []string {
			pem, _ := os.ReadFile(s.caFile)
			return []string{"ORCH_USERNAME=admin", "ORCH_PASSWORD=" + orchAdminPassword, "ORCH_CA_CERT=" + string(pem)}
		},
		config: func(s *sandbox, n int) string {
			return requiredProvider("orch") + fmt.Sprintf(`provider "orch" {
  controller_addresses = %q
}

resource "orch_model" "m" {
  count = %d
  name  = "bench-${count.index}"
}
`, hostPort(s.urls["orch"]), n)
		},
		readMethod: "GET",
		readPath:   regexp.MustCompile(`^/v1/models/[0-9a-f-]+$`),
		tokenPath:  regexp.MustCompile(`^/v1/login$`),
	},
	{
		// Data sources only: P4 reads its paged BGP routes, P5 its schema.
		name:    "fwmgr",
		service: "fwmgr",
		env: func(s *sandbox) []string {
			u, _ := url.Parse(s.urls["fwmgr"])
			return []string{"SSL_CERT_FILE=" + s.caFile, "FWMGR_SERVER=" + u.Hostname(), "FWMGR_PORT=" + u.Port(),
				"FWMGR_USERNAME=admin", "FWMGR_PASSWORD=" + fwmgrAdminPassword}
		},
	},
}

// hostPort is the host:port of a base address.
func hostPort(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	return u.Host
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
