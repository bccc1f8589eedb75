package orch

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"

	"github.com/iacsuite/providers/internal/acctest"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

func TestAccModelList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	a := newModel(t, orchAPI, orchacc.UniqueName(t, "a"))
	b := newModel(t, orchAPI, orchacc.UniqueName(t, "b"))
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_model", "a", true, `name = "`+a.Name+`"`)+
			acctest.ListBlock("orch_model", "b_of_admin", false, `name = "`+b.Name+`"`+"\nowner = \"admin\"\nstatus = \"available\"")+
			acctest.ListBlock("orch_model", "b_of_other", false, `name = "`+b.Name+`"`+"\nowner = \"nobody\"")+
			acctest.ListBlock("orch_model", "destroying", false, `name = "`+a.Name+`"`+"\nstatus = \"destroying\""),
		acctest.ExpectIdentities("orch_model.a", orchacc.IDs("uuid", a.UUID)),
		acctest.ExpectIdentities("orch_model.b_of_admin", orchacc.IDs("uuid", b.UUID)),
		acctest.ExpectIdentities("orch_model.b_of_other"),
		acctest.ExpectIdentities("orch_model.destroying"),
		orchacc.Known("orch_model.a", orchacc.IDs("uuid", a.UUID), map[string]knownvalue.Check{
			"id": knownvalue.StringExact(a.UUID), "name": knownvalue.StringExact(a.Name), "owner": knownvalue.StringExact("admin"),
			"type": knownvalue.StringExact("iaas"), "config": knownvalue.Null(), "cloud": knownvalue.ListSizeExact(0),
		}),
		[]querycheck.QueryResultCheck{querycheck.ExpectResourceDisplayName("orch_model.a", queryfilter.ByResourceIdentity(orchacc.IDs("uuid", a.UUID)),
			knownvalue.StringExact("admin/"+a.Name))},
	)
}
