package reliability

import (
	"fmt"
	"strings"
)

// mixed is a configuration of about n resources across netfab, cloudnative
// and orch, all named under prefix, and the objects the services must hold
// for it (in the form of objects' keys).
type mixed struct {
	hcl  string
	want []string
	// objectOf maps a resource address to its object's key.
	objectOf map[string]string
}

// mixedConfig spreads n resources: 35% netfab ports, one netfab cloud
// router with 4% prefix lists, 30% cloudnative import jobs, and two orch
// models with the rest as machines.
func mixedConfig(s *relSandbox, prefix string, n int) mixed {
	ports := n * 35 / 100
	lists := max(1, n*4/100)
	jobs := n * 30 / 100
	machines := max(2, n-ports-1-lists-jobs-2)
	var b strings.Builder
	var want []string
	objectOf := map[string]string{}
	add := func(addr, key string) {
		want = append(want, key)
		objectOf[addr] = key
	}
	b.WriteString(requiredProviders("netfab", "cloudnative", "orch"))
	fmt.Fprintf(&b, `provider "netfab" {
  environment = %q
}

provider "cloudnative" {
  endpoint = %q
  project  = %q
  location = %q
}

provider "orch" {}

`, s.urls["netfab"], s.urls["migration"], relProject, relLocation)
	for i := range ports {
		name := fmt.Sprintf("%sport-%d", prefix, i)
		fmt.Fprintf(&b, `resource "netfab_port" "p%d" {
  product_name         = %q
  port_speed           = 10000
  location_id          = 1
  contract_term_months = 12
}

`, i, name)
		add(fmt.Sprintf("netfab_port.p%d", i), "port/"+name)
	}
	mcr := prefix + "mcr"
	fmt.Fprintf(&b, `resource "netfab_mcr" "r" {
  product_name         = %q
  location_id          = 1
  port_speed           = 5000
  contract_term_months = 1
}

`, mcr)
	add("netfab_mcr.r", "mcr/"+mcr)
	for i := range lists {
		desc := fmt.Sprintf("list-%d", i)
		fmt.Fprintf(&b, `resource "netfab_mcr_prefix_filter_list" "l%d" {
  mcr_id         = netfab_mcr.r.product_uid
  description    = %q
  address_family = "IPv4"
  entries = [{ action = "permit", prefix = "10.%d.0.0/16" }]
}

`, i, desc, i)
		add(fmt.Sprintf("netfab_mcr_prefix_filter_list.l%d", i), "prefix-list/"+mcr+"/"+desc)
	}
	for i := range jobs {
		id := fmt.Sprintf("%sjob-%d", prefix, i)
		fmt.Fprintf(&b, `resource "cloudnative_migration_import_job" "j%d" {
  import_job_id = %q
  display_name  = "job %d"
}

`, i, id, i)
		add(fmt.Sprintf("cloudnative_migration_import_job.j%d", i), "job/"+id)
	}
	for m := range 2 {
		model := fmt.Sprintf("%smodel-%d", prefix, m)
		fmt.Fprintf(&b, `resource "orch_model" "m%d" {
  name = %q
}

`, m, model)
		add(fmt.Sprintf("orch_model.m%d", m), "model/"+model)
	}
	for i := range machines {
		model := fmt.Sprintf("%smodel-%d", prefix, i%2)
		fmt.Fprintf(&b, `resource "orch_machine" "x%d" {
  model_uuid  = orch_model.m%d.uuid
  annotations = { rel = "x%d" }
}

`, i, i%2, i)
		add(fmt.Sprintf("orch_machine.x%d", i), fmt.Sprintf("machine/%s/x%d", model, i))
	}
	return mixed{hcl: b.String(), want: want, objectOf: objectOf}
}
