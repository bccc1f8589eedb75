package orch

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

func TestAccUserKeyPoolAccessList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	reader, writer := newUser(t, orchAPI, "reader"), newUser(t, orchAPI, "writer")
	for user, level := range map[string]string{reader: "read", writer: "write"} {
		_, err := orchAPI.GrantModelAccess(ctx, m.UUID, user, level)
		require.NoError(t, err)
	}
	for _, k := range []string{testKey, otherKey} {
		_, err := orchAPI.AddSSHKey(ctx, m.UUID, k)
		require.NoError(t, err)
	}
	for name, provider := range map[string]string{"fast": "lxd", "scratch": "tmpfs"} {
		_, err := orchAPI.AddStoragePool(ctx, m.UUID, api.CreateStoragePoolRequest{Name: name, Provider: provider})
		require.NoError(t, err)
	}
	_, err := orchAPI.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: "mysql", Charm: api.CharmRef{Name: "mysql"}})
	require.NoError(t, err)
	var offers []api.Offer
	for _, name := range []string{"db", "db-private"} {
		o, err := orchAPI.Offer(ctx, m.UUID, api.CreateOfferRequest{Name: name, ApplicationName: "mysql", Endpoints: []string{"mysql"}})
		require.NoError(t, err)
		offers = append(offers, o)
	}
	_, err = orchAPI.GrantOfferAccess(ctx, offers[0].URL, reader, "consume")
	require.NoError(t, err)
	const otherKeyMD5 = "82:fc:cb:4b:ad:75:6c:9d:92:c7:aa:5b:d4:06:60:a3" // ssh-keygen -l -E md5
	model := `model_uuid = "` + m.UUID + `"`
	key := func(fp string) map[string]knownvalue.Check { return orchacc.IDs("id", "sshkey:"+m.UUID+":"+fp) }
	pool := func(n string) map[string]knownvalue.Check { return orchacc.IDs("id", m.UUID+":"+n) }
	level := func(a string) map[string]knownvalue.Check { return orchacc.IDs("model_uuid", m.UUID, "access", a) }
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_user", "reader", true, `name = "`+reader+`"`)+
			acctest.ListBlock("orch_user", "admin", false, "name = \"admin\"\naccess = \"superuser\"")+
			acctest.ListBlock("orch_user", "admin_as_login", false, "name = \"admin\"\naccess = \"login\"")+
			acctest.ListBlock("orch_ssh_key", "all", false, model)+
			acctest.ListBlock("orch_ssh_key", "one", true, model+"\nfingerprint = \""+testKeyMD5+"\"")+
			acctest.ListBlock("orch_ssh_key", "rsa", false, model+"\ntype = \"ssh-rsa\"")+
			acctest.ListBlock("orch_storage_pool", "made", false, model)+
			acctest.ListBlock("orch_storage_pool", "lxd", true, model+"\nstorage_provider = \"lxd\"")+
			acctest.ListBlock("orch_storage_pool", "by_name", false, model+"\nname = \"scratch\"")+
			acctest.ListBlock("orch_access_model", "all", false, model)+
			acctest.ListBlock("orch_access_model", "of_writer", true, model+"\nuser = \""+writer+"\"")+
			acctest.ListBlock("orch_access_model", "admin", false, model+"\naccess = \"admin\"")+
			acctest.ListBlock("orch_access_offer", "all", true, model)+
			acctest.ListBlock("orch_access_offer", "of_writer", false, model+"\nuser = \""+writer+"\"")+
			acctest.ListBlock("orch_access_offer", "private", false, model+"\noffer_name = \"db-private\""),
		acctest.ExpectIdentities("orch_user.reader", orchacc.IDs("name", reader)),
		orchacc.Known("orch_user.reader", orchacc.IDs("name", reader), map[string]knownvalue.Check{
			"id": knownvalue.StringExact("user:" + reader), "password": knownvalue.Null(), "display_name": knownvalue.Null(),
		}),
		acctest.ExpectIdentities("orch_user.admin", orchacc.IDs("name", "admin")),
		acctest.ExpectIdentities("orch_user.admin_as_login"),
		acctest.ExpectIdentities("orch_ssh_key.all", key(testKeyMD5), key(otherKeyMD5)),
		acctest.ExpectIdentities("orch_ssh_key.one", key(testKeyMD5)),
		orchacc.Known("orch_ssh_key.one", key(testKeyMD5), map[string]knownvalue.Check{
			"model_uuid": knownvalue.StringExact(m.UUID), "payload": knownvalue.StringExact(testKey),
		}),
		acctest.ExpectIdentities("orch_ssh_key.rsa"),
		// The model's builtin pools are not listed.
		acctest.ExpectIdentities("orch_storage_pool.made", pool("fast"), pool("scratch")),
		acctest.ExpectIdentities("orch_storage_pool.lxd", pool("fast")),
		orchacc.Known("orch_storage_pool.lxd", pool("fast"), map[string]knownvalue.Check{
			"name": knownvalue.StringExact("fast"), "storage_provider": knownvalue.StringExact("lxd"), "attributes": knownvalue.Null(),
		}),
		acctest.ExpectIdentities("orch_storage_pool.by_name", pool("scratch")),
		acctest.ExpectIdentities("orch_access_model.all", level("read"), level("write")),
		acctest.ExpectIdentities("orch_access_model.of_writer", level("write")),
		orchacc.Known("orch_access_model.of_writer", level("write"), map[string]knownvalue.Check{
			"id":    knownvalue.StringExact(m.UUID + ":write:" + writer),
			"users": knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact(writer)}),
		}),
		acctest.ExpectIdentities("orch_access_model.admin"),
		// An offer nobody was granted is not listed.
		acctest.ExpectIdentities("orch_access_offer.all", orchacc.IDs("offer_url", offers[0].URL)),
		orchacc.Known("orch_access_offer.all", orchacc.IDs("offer_url", offers[0].URL), map[string]knownvalue.Check{
			"consume": knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact(reader)}),
			"admin":   knownvalue.Null(), "read": knownvalue.Null(),
		}),
		acctest.ExpectIdentities("orch_access_offer.of_writer"),
		acctest.ExpectIdentities("orch_access_offer.private"),
	)
}
