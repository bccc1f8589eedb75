package netfab

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

// tokenOf is a token of another account.
func (sb *sandbox) tokenOf(accessKey, secretKey string) string {
	sb.t.Helper()
	res := sb.tokenRequest(url.Values{"grant_type": {"client_credentials"}}, accessKey, secretKey)
	require.Equal(sb.t, http.StatusOK, res.status, "token: %d %s", res.status, res.body)
	var tok api.TokenResponse
	require.NoError(sb.t, json.Unmarshal(res.body, &tok))
	return tok.AccessToken
}

// Reliability R6: each company sees, changes and cancels only its own
// products; another company's product is answered exactly as a product that
// does not exist (same status, code and message but for the UID), so that
// existence does not leak.
func TestCompaniesSeeOnlyTheirOwnProducts(t *testing.T) {
	sb := start(t)
	other := sb.tokenOf(OtherAccessKey, OtherSecretKey)
	products := sb.order(portItem(), mcrItem(), natItem())
	port, mcr, nat := products[0].ProductUID, products[1].ProductUID, products[2].ProductUID
	for _, p := range products {
		require.Equal(t, companyUID, p.CompanyUID)
	}
	sb.call(http.MethodPost, "/v3/products/mcr/"+mcr+"/prefix-lists", api.PrefixList{
		Description: "routes", AddressFamily: "IPv4", Entries: []api.PrefixEntry{{Action: "permit", Prefix: "10.0.0.0/8"}},
	}).ok(http.StatusCreated, nil)

	// The answer for an unknown UID, with the UID masked, is what the other
	// company must get for each of these products.
	same := func(t *testing.T, method, path, uid string, body any) {
		t.Helper()
		unknown := uuid.NewString()
		want := sb.callAs(other, method, strings.ReplaceAll(path, uid, unknown), body)
		got := sb.callAs(other, method, path, body)
		require.Equal(t, want.status, got.status, "%s %s: %s", method, path, got.body)
		require.Equal(t, strings.ReplaceAll(string(want.body), unknown, "UID"), strings.ReplaceAll(string(got.body), uid, "UID"))
		require.Equal(t, http.StatusNotFound, got.status)
	}
	for _, uid := range []string{port, mcr, nat} {
		same(t, http.MethodGet, "/v3/products/"+uid, uid, nil)
		same(t, http.MethodPut, "/v3/products/"+uid, uid, map[string]any{"productName": "mine now"})
		same(t, http.MethodDelete, "/v3/products/"+uid, uid, nil)
		same(t, http.MethodGet, "/v3/products/"+uid+"/tags", uid, nil)
		same(t, http.MethodPut, "/v3/products/"+uid+"/tags", uid, map[string]string{"k": "v"})
	}
	same(t, http.MethodGet, "/v3/products/mcr/"+mcr+"/prefix-lists", mcr, nil)
	same(t, http.MethodGet, "/v3/products/mcr/"+mcr+"/prefix-lists/1", mcr, nil)
	same(t, http.MethodDelete, "/v3/products/mcr/"+mcr+"/prefix-lists/1", mcr, nil)
	same(t, http.MethodGet, "/v3/products/mcr/"+mcr+"/addons", mcr, nil)
	same(t, http.MethodGet, "/v3/products/nat-gateways/"+nat+"/packet-filters", nat, nil)
	same(t, http.MethodGet, "/v3/products/nat-gateways/"+nat+"/prefix-lists", nat, nil)

	// A connection on another company's port is refused as on a port that
	// does not exist.
	res := sb.callAs(other, http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{ixItem(port, 100)}})
	body := res.fails(http.StatusBadRequest, api.CodeValidationFailed)
	require.Equal(t, "requestedProductUid", body.Field)
	require.Contains(t, body.Message, "does not exist")

	// The other company's list holds only what it ordered; the same
	// idempotency key in two companies is two orders.
	var list []api.Product
	sb.callAs(other, http.MethodGet, "/v3/products", nil).ok(http.StatusOK, &list)
	require.Empty(t, list)
	var mine, theirs []api.Product
	sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{portItem()}}, "Idempotency-Key", "k-1").ok(http.StatusCreated, &mine)
	sb.callAs(other, http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{portItem()}}, "Idempotency-Key", "k-1").ok(http.StatusCreated, &theirs)
	require.NotEqual(t, mine[0].ProductUID, theirs[0].ProductUID)
	require.Equal(t, OtherCompanyName, theirs[0].CompanyName)
	require.Equal(t, OtherAccessKey, theirs[0].CreatedBy)
	require.Equal(t, DefaultAccessKey, mine[0].CreatedBy)
	sb.callAs(other, http.MethodGet, "/v3/products", nil).ok(http.StatusOK, &list)
	require.Len(t, list, 1)
	require.Equal(t, theirs[0].ProductUID, list[0].ProductUID)
	sb.call(http.MethodGet, "/v3/products/"+theirs[0].ProductUID, nil).fails(http.StatusNotFound, api.CodeNotFound)

	// The owner still has everything.
	sb.call(http.MethodGet, "/v3/products/"+port, nil).ok(http.StatusOK, nil)
	sb.call(http.MethodGet, "/v3/products", nil).ok(http.StatusOK, &list)
	require.Len(t, list, 4)
}

// Wrong keys are refused with 401 for every account, and a configured
// account list replaces the default second company.
func TestAccountsCredentials(t *testing.T) {
	sb := start(t, func(c *Config) {
		c.Accounts = []Account{{AccessKey: "third-key", SecretKey: "third-secret", CompanyName: "Third"}}
	})
	sb.tokenOf("third-key", "third-secret")
	for _, kp := range [][2]string{{"third-key", DefaultSecretKey}, {OtherAccessKey, OtherSecretKey}, {DefaultAccessKey, "third-secret"}} {
		res := sb.tokenRequest(url.Values{"grant_type": {"client_credentials"}}, kp[0], kp[1])
		require.Equal(t, http.StatusUnauthorized, res.status, "%v: %s", kp, res.body)
	}
}
