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
// router with 4% prefix lists, about 5% netfab cross-connects (VXCs) between
// the ports and one from the router, one netfab virtual edge (MVE) with a
// VXC to a port, 30% cloudnative import jobs, and two orch models with the
// rest as machines.
func mixedConfig(s *relSandbox, prefix string, n int) mixed {
	ports := n * 35 / 100
	lists := max(1, n*4/100)
	// A VXC's ends are the ports p<i> and p<i+1>: each end takes its own
	// VLAN, so that a VXC ordered twice would be refused or show twice.
	vxcs := min(max(1, n*5/100), ports-1)
	jobs := n * 30 / 100
	machines := max(2, n-ports-1-lists-vxcs-3-jobs-2)
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
	for i := range vxcs {
		name := fmt.Sprintf("%svxc-%d", prefix, i)
		fmt.Fprintf(&b, `resource "netfab_vxc" "v%d" {
  product_name         = %q
  rate_limit           = 100
  contract_term_months = 1
  a_end = {
    requested_product_uid = netfab_port.p%d.product_uid
    ordered_vlan          = %d
  }
  b_end = {
    requested_product_uid = netfab_port.p%d.product_uid
    ordered_vlan          = %d
  }
}

`, i, name, i, 100+i, i+1, 200+i)
		add(fmt.Sprintf("netfab_vxc.v%d", i), "vxc/"+name)
	}
	// The router's VXC to the first port, its own side a virtual router
	// interface.
	routerVXC := prefix + "vxc-mcr"
	fmt.Fprintf(&b, `resource "netfab_vxc" "vr" {
  product_name         = %q
  rate_limit           = 100
  contract_term_months = 1
  a_end = {
    requested_product_uid = netfab_mcr.r.product_uid
    ordered_vlan          = 300
  }
  b_end = {
    requested_product_uid = netfab_port.p0.product_uid
    ordered_vlan          = 300
  }
}

`, routerVXC)
	add("netfab_vxc.vr", "vxc/"+routerVXC)
	// A virtual edge (the Aviatrix image needs only a cloud-init) and its
	// VXC from its first vNIC to the first port.
	mve, mveVXC := prefix+"mve", prefix+"vxc-mve"
	fmt.Fprintf(&b, `resource "netfab_mve" "e" {
  product_name         = %q
  location_id          = 1
  contract_term_months = 1
  vendor_config = {
    vendor       = "aviatrix"
    image_id     = 70
    product_size = "SMALL"
    cloud_init   = "I2Nsb3VkLWNvbmZpZwo="
  }
}

resource "netfab_vxc" "ve" {
  product_name         = %q
  rate_limit           = 100
  contract_term_months = 1
  a_end = {
    requested_product_uid = netfab_mve.e.product_uid
    vnic_index            = 0
  }
  b_end = {
    requested_product_uid = netfab_port.p0.product_uid
    ordered_vlan          = 301
  }
}

`, mve, mveVXC)
	add("netfab_mve.e", "mve/"+mve)
	add("netfab_vxc.ve", "vxc/"+mveVXC)
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
