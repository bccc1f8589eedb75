package orch_test

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// TestConsumeTokenRules: a consume token needs access to the offer's model
// (another user's offer is answered as one that does not exist), and the
// tokens of one user register at most 100 consumers of an offer: a second
// token does not raise the cap, another user's has a cap of its own.
func TestConsumeTokenRules(t *testing.T) {
	t.Parallel()
	ctl := start(t, orchtest.Options{ControllerName: "beta"})
	offering := ctl.model("offering", "")
	ctl.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/applications", `{"name": "source", "charm": {"name": "juju-qa-dummy-source"}}`)
	url := str(ctl.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "source", "endpoints": ["sink"]}`), "url")

	ctl.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "eve", "password": "eve-password"}`)
	eve := ctl.as("eve", "eve-password")
	eve.fails(http.StatusNotFound, "not-found", "", http.MethodPost, "/v1/offers/"+url+"/consume", "")

	token := str(ctl.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", ""), "token")
	const ctlUUID, modelUUID = "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"
	body := `{"controllerUuid": "` + ctlUUID + `", "modelUuid": "` + modelUUID + `", "application": "a", "endpoint": "e", "offerEndpoint": "sink"}`
	for i := range 100 {
		status, answer := ctl.raw(token, http.MethodPut, "/v1/offers/"+url+"/consumers/"+ctlUUID+":"+modelUUID+":"+strconv.Itoa(i), body)
		require.Equal(t, http.StatusCreated, status, "%v", answer)
	}
	status, answer := ctl.raw(token, http.MethodPut, "/v1/offers/"+url+"/consumers/"+ctlUUID+":"+modelUUID+":100", body)
	require.Equal(t, http.StatusTooManyRequests, status, "%v", answer)
	// Registering one again is not a new consumer.
	status, _ = ctl.raw(token, http.MethodPut, "/v1/offers/"+url+"/consumers/"+ctlUUID+":"+modelUUID+":5", body)
	require.Equal(t, http.StatusOK, status)
	// Minting more tokens does not raise the cap: it is the user's.
	for i := range 3 {
		more := str(ctl.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", ""), "token")
		status, answer = ctl.raw(more, http.MethodPut, "/v1/offers/"+url+"/consumers/"+ctlUUID+":"+modelUUID+":"+strconv.Itoa(100+i), body)
		require.Equal(t, http.StatusTooManyRequests, status, "%v", answer)
		require.Contains(t, answer["message"], `user "admin"`)
	}
	// Another user granted consume has a cap of its own.
	ctl.must(http.StatusOK, http.MethodPut, "/v1/offers/"+url+"/access/eve", `{"access": "consume"}`)
	eveToken := str(eve.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", ""), "token")
	status, answer = ctl.raw(eveToken, http.MethodPut, "/v1/offers/"+url+"/consumers/"+ctlUUID+":"+modelUUID+":200", body)
	require.Equal(t, http.StatusCreated, status, "%v", answer)
	require.Equal(t, 101, num(ctl.must(http.StatusOK, http.MethodGet, "/v1/offers/"+url, ""), "consumers"))
	// The consumed offer is removed with force, and its consumers with it.
	ctl.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, "/v1/offers/"+url, "")
	ctl.must(http.StatusNoContent, http.MethodDelete, "/v1/offers/"+url+"?force=true", "")
}
