package netfab

import (
	"testing"

	"github.com/iacsuite/providers/internal/acctest"
)

// Every resource has an identity, the parts of its import ID
// (acctest.TestIdentity, Terraform 1.12+); the objects are those of the
// import cases.
func TestAccIdentity(t *testing.T) {
	accPreCheck(t)
	const (
		absentUID  = `"0b7e2a55-5d3c-4a44-9a7e-2f8f6c1d9e01"`
		productUID = `a product UID \(a UUID`
	)
	product := acctest.IdentityCase{
		Attributes: []string{"product_uid"},
		Absent:     map[string]string{"product_uid": absentUID},
		Malformed:  map[string][2]string{"product_uid": {`"port-1"`, productUID}},
	}
	child := func(parent, childAttr, absentChild, badChild, childShape string) acctest.IdentityCase {
		return acctest.IdentityCase{
			Attributes: []string{parent, childAttr},
			Absent:     map[string]string{parent: absentUID, childAttr: absentChild},
			Malformed: map[string][2]string{
				parent:    {`"mcr-1"`, productUID},
				childAttr: {badChild, childShape},
			},
		}
	}
	cases := map[string]acctest.IdentityCase{
		"netfab_port":                      product,
		"netfab_mcr":                       product,
		"netfab_ix":                        product,
		"netfab_nat_gateway":               product,
		"netfab_mve":                       product,
		"netfab_lag_port":                  product,
		"netfab_mcr_ipsec_addon":           child("mcr_id", "add_on_uid", absentUID, `""`, `UID, as the API assigned it`),
		"netfab_mcr_prefix_filter_list":    child("mcr_id", "prefix_filter_list_id", "7", "0", `a positive whole number`),
		"netfab_nat_gateway_packet_filter": child("nat_gateway_product_uid", "nat_gateway_packet_filter_id", "7", "-1", `a positive whole number`),
		"netfab_nat_gateway_prefix_list":   child("nat_gateway_product_uid", "nat_gateway_prefix_list_id", "7", "0", `a positive whole number`),
		"netfab_vxc":                       product,
		"netfab_service_key": {
			Attributes: []string{"key"},
			Absent:     map[string]string{"key": absentUID},
			Malformed:  map[string][2]string{"key": {`"key-1"`, `a service key \(a UUID`}},
		},
	}
	// The service never answers an MVE's vendor_config: the import plans
	// recording the configured one.
	mve := product
	mve.Records = "vendor_config"
	cases["netfab_mve"] = mve
	for typ, c := range cases {
		ic, ok := importCases[typ]
		if !ok {
			t.Fatalf("%s has no import case", typ)
		}
		c.Config = func(t *testing.T) string { return providerConfig() + ic.Config(t) }
		cases[typ] = c
	}
	acctest.TestIdentity(t, protoV6ProviderFactories, cases)
}
