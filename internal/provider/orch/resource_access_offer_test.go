package orch

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// accessOfferConfig offers mysql of modelUUID and gives the levels (HCL
// attribute lines) to two users.
func accessOfferConfig(prefix, modelUUID, levels string) string {
	return fmt.Sprintf(`
resource "orch_user" "a" {
  name     = "%[1]s-a"
  password = "%[1]s-a-password"
}
resource "orch_user" "b" {
  name     = "%[1]s-b"
  password = "%[1]s-b-password"
}
resource "orch_application" "mysql" {
  model_uuid = %[2]q
  name       = "mysql"
  charm {
    name = "mysql"
  }
}
resource "orch_offer" "o" {
  model_uuid       = orch_application.mysql.model_uuid
  application_name = orch_application.mysql.name
  endpoints        = ["mysql"]
}
`, prefix, modelUUID) + accessOfferBlock(levels)
}

// accessOfferBlock is the access resource with levels, none without.
func accessOfferBlock(levels string) string {
	if levels == "" {
		return ""
	}
	return `
resource "orch_access_offer" "test" {
  offer_url = orch_offer.o.url
  ` + levels + `
}
`
}

// offerAs checks what a user may do with an offer: read it, and consume it
// from a model of its own.
func offerAs(t *testing.T, user, offerURL string, reads, consumes bool) resource.TestCheckFunc {
	return func(*terraform.State) error {
		ctx := context.Background()
		c := userClient(t, user, user+"-password")
		_, err := c.OfferByURL(ctx, offerURL)
		if reads != (err == nil) {
			return fmt.Errorf("%s reads offer %s: want %v, got %v", user, offerURL, reads, err)
		}
		m, err := c.CreateModel(ctx, api.CreateModelRequest{Name: "probe-" + user})
		if err != nil {
			return err
		}
		defer func() { _ = orchAPI.DestroyModel(ctx, m.UUID) }()
		if _, err := c.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: "wp", Charm: api.CharmRef{Name: "wordpress"}}); err != nil {
			return err
		}
		_, err = c.Integrate(ctx, m.UUID, api.CreateIntegrationRequest{Endpoints: []api.IntegrationEndpoint{{Application: "wp"}, {OfferURL: offerURL}}})
		if consumes != (err == nil) {
			return fmt.Errorf("%s consumes offer %s: want %v, got %v", user, offerURL, consumes, err)
		}
		var apiErr *client.APIError
		if !consumes && reads && (!errors.As(err, &apiErr) || apiErr.Code != api.CodeForbidden) {
			return fmt.Errorf("%s with read access: want forbidden, got %v", user, err)
		}
		return nil
	}
}

func TestAccAccessOffer_permissions(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	p := orchacc.UniqueName(t, "")
	model := newModel(t, orchAPI, p)
	a, b := p+"-a", p+"-b"
	url := "admin/" + model.Name + ".mysql"
	addr := "orch_access_offer.test"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: accessOfferConfig(p, model.UUID, `read = [orch_user.a.name]`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact(url)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("consume"), knownvalue.Null()),
				},
				Check: resource.ComposeTestCheckFunc(offerAs(t, a, url, true, false), offerAs(t, b, url, false, false)),
			},
			{
				// Levels change in place: a consumes now, b reads.
				Config: accessOfferConfig(p, model.UUID, "consume = [orch_user.a.name]\n  read = [orch_user.b.name]"),
				Check:  resource.ComposeTestCheckFunc(offerAs(t, a, url, true, true), offerAs(t, b, url, true, false)),
			},
			{
				ResourceName:      addr,
				ImportState:       true,
				ImportStateVerify: true,
				ImportStateId:     url,
			},
			{
				// Destroying the access takes it away; the offer stays.
				Config: accessOfferConfig(p, model.UUID, ""),
				Check:  offerAs(t, a, url, false, false),
			},
		},
	})
}

func TestAccAccessOffer_validation(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	cfg := func(levels string) string {
		return `
resource "orch_access_offer" "test" {
  offer_url = "admin/db.mysql"
  ` + levels + `
}`
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: cfg(`read = ["admin"]`), PlanOnly: true, ExpectError: regexp.MustCompile(`user admin is not allowed`)},
			{Config: cfg("read = [\"bob\"]\n  consume = [\"bob\"]"), PlanOnly: true, ExpectError: regexp.MustCompile(`user 'bob' appears in both 'consume' and 'read'`)},
			{Config: cfg(``), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)At least one of these attributes must be configured: \[admin,consume,read\]`)},
			{Config: `
resource "orch_access_offer" "test" {
  offer_url = "not an offer"
  read      = ["bob"]
}`, PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Invalid offer URL`)},
		},
	})
}
