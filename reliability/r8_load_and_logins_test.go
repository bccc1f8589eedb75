package reliability

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// TestR8LoadAndLogins is issue 34's attacks on the orch controller of a real
// `sandbox serve`: one user slowing the controller for everyone with a
// request for thousands of units, wrong passwords from other loopback
// addresses locking the real user out, an attacker whose count the real
// user's logins reset, and enable-ha with a count of 2^63-1. Each row's
// detail names the attack and whether the rule held; times are reported as
// information, never asserted.
func TestR8LoadAndLogins(t *testing.T) {
	bin := relBin(t)
	sb := startSandbox(t, bin)
	orch := sb.urls["orch"]
	victim := sb.from(t, "127.0.0.1")
	admin := jsonField(t, do(t, victim, "", http.MethodPost, orch+"/v1/login", `{"username": "admin", "password": "`+orchPassword+`"}`, http.StatusOK), "token")

	t.Run("one user's 2000 units", func(t *testing.T) {
		do(t, victim, admin, http.MethodPost, orch+"/v1/users", `{"name": "other", "password": "other-password-0123"}`, http.StatusCreated)
		other := jsonField(t, do(t, victim, "", http.MethodPost, orch+"/v1/login", `{"username": "other", "password": "other-password-0123"}`, http.StatusOK), "token")
		model := jsonField(t, do(t, victim, admin, http.MethodPost, orch+"/v1/models", `{"name": "load"}`, http.StatusCreated), "uuid")
		apps := orch + "/v1/models/" + model + "/applications"
		refused := do(t, victim, admin, http.MethodPost, apps, `{"name": "big", "charm": {"name": "ubuntu"}, "units": 2000}`, http.StatusBadRequest)
		require.Equal(t, "units", jsonField(t, refused, "field"))
		require.Contains(t, jsonField(t, refused, "message"), fmt.Sprintf("from 0 to %d", api.MaxUnitsPerRequest))
		// The most a model holds, in requests of the most units each.
		for i := range api.MaxModelUnits / api.MaxUnitsPerRequest {
			do(t, victim, admin, http.MethodPost, apps, fmt.Sprintf(`{"name": "app-%c", "charm": {"name": "ubuntu"}, "units": %d}`, 'a'+i, api.MaxUnitsPerRequest), http.StatusCreated)
		}
		full := do(t, victim, admin, http.MethodPost, apps, `{"name": "one-more", "charm": {"name": "ubuntu"}}`, http.StatusBadRequest)
		require.Contains(t, jsonField(t, full, "message"), fmt.Sprintf("limit of %d units per model", api.MaxModelUnits))

		start := time.Now()
		machines := do(t, victim, admin, http.MethodGet, orch+"/v1/models/"+model+"/machines", "", http.StatusOK)
		listMachines := time.Since(start)
		require.Equal(t, api.MaxModelMachines, itemsIn(t, machines), "machines listed")
		start = time.Now()
		do(t, victim, admin, http.MethodGet, apps, "", http.StatusOK)
		listApps := time.Since(start)
		start = time.Now()
		do(t, victim, other, http.MethodGet, orch+"/v1/models", "", http.StatusOK)
		otherModels := time.Since(start)
		Report(t, Row{Scenario: "R8 security: one user's 2000 units", Runs: 1, Checked: 3 + api.MaxModelUnits/api.MaxUnitsPerRequest,
			Detail: fmt.Sprintf("attack: {\"units\": 2000} in one request (listing machines then took 17-20 s, another user's GET /v1/models 15 s): held, 400 naming units (at most %d a request, %d units and %d machines a model); "+
				"at the most a model holds, listing its %d machines took %s, its applications %s, another user's GET /v1/models %s (information, not asserted)",
				api.MaxUnitsPerRequest, api.MaxModelUnits, api.MaxModelMachines, api.MaxModelMachines,
				listMachines.Round(time.Millisecond), listApps.Round(time.Millisecond), otherModels.Round(time.Millisecond))})
	})

	t.Run("login lock-out from other addresses", func(t *testing.T) {
		wrong := `{"username": "admin", "password": "wrong-password"}`
		right := `{"username": "admin", "password": "` + orchPassword + `"}`
		checked, limited, victimOK := 0, 0, 0
		for i := range 8 {
			attacker := sb.from(t, fmt.Sprintf("127.0.0.%d", 2+i))
			got := map[int]int{}
			for range 15 {
				got[postStatus(t, attacker, orch+"/v1/login", wrong)]++
			}
			require.Equal(t, 15, got[http.StatusUnauthorized]+got[http.StatusTooManyRequests], "answers from 127.0.0.%d: %v", 2+i, got)
			require.LessOrEqual(t, got[http.StatusUnauthorized], 10+1, "wrong passwords checked from 127.0.0.%d: %v", 2+i, got)
			checked, limited = checked+got[http.StatusUnauthorized], limited+got[http.StatusTooManyRequests]
			require.Equal(t, http.StatusOK, postStatus(t, victim, orch+"/v1/login", right), "the real user from its own address, after attacker %d", i+1)
			victimOK++
		}
		// An attacker who takes a new address for every guess is held by
		// the account's cap; the real user's address still gets in.
		rotated, capped := 0, false
		for i := 0; i < 200 && !capped; i++ {
			switch s := postStatus(t, sb.from(t, fmt.Sprintf("127.0.1.%d", 1+i)), orch+"/v1/login", wrong); s {
			case http.StatusUnauthorized:
				rotated++
			case http.StatusTooManyRequests:
				capped = true
			default:
				t.Fatalf("a wrong password from a new address: %d", s)
			}
		}
		require.True(t, capped, "guesses from 200 new addresses were never limited")
		require.Equal(t, http.StatusOK, postStatus(t, victim, orch+"/v1/login", right), "the real user after the account's cap is spent")
		victimOK++
		Report(t, Row{Scenario: "R8 security: login lock-out from other addresses", Runs: 1, Checked: 8*15 + rotated + 1 + victimOK,
			Detail: fmt.Sprintf("attack: wrong passwords for admin from 8 other loopback addresses (12 of 12 right logins were 429): held, %d of %d right logins from the user's own address passed while the attackers got %d x 401 and %d x 429; "+
				"an attacker taking a new address per guess was limited after %d more guesses (the account's cap), the user's own address still passed", victimOK, victimOK, checked, limited, rotated)})
	})

	t.Run("success resets only its own address", func(t *testing.T) {
		do(t, victim, admin, http.MethodPost, orch+"/v1/users", `{"name": "carol", "password": "carol-password-0123"}`, http.StatusCreated)
		attacker, user := sb.from(t, "127.0.0.20"), sb.from(t, "127.0.0.21")
		wrong := `{"username": "carol", "password": "wrong-password"}`
		right := `{"username": "carol", "password": "carol-password-0123"}`
		got, victimOK, heldAfterSuccess := map[int]int{}, 0, 0
		succeeded := false
		for i := range 45 {
			s := postStatus(t, attacker, orch+"/v1/login", wrong)
			got[s]++
			if succeeded && s == http.StatusTooManyRequests {
				heldAfterSuccess++
			}
			succeeded = false
			if i%3 == 2 {
				require.Equal(t, http.StatusOK, postStatus(t, user, orch+"/v1/login", right), "carol's login %d", i/3+1)
				victimOK++
				succeeded = true
			}
		}
		require.Equal(t, 45, got[http.StatusUnauthorized]+got[http.StatusTooManyRequests], "%v", got)
		require.Positive(t, heldAfterSuccess, "the attacker was never limited right after carol logged in: %v", got)
		Report(t, Row{Scenario: "R8 security: success resets only its own address", Runs: 1, Checked: 45 + victimOK,
			Detail: fmt.Sprintf("attack: wrong passwords from one address while the user logs in from another (each success reset the count, the attacker was never limited): held, the attacker got %d x 401 and %d x 429 (%d of them right after a success of the user); the user's %d logins all passed",
				got[http.StatusUnauthorized], got[http.StatusTooManyRequests], heldAfterSuccess, victimOK)})
	})

	t.Run("enable-ha bounds", func(t *testing.T) {
		counts := []string{fmt.Sprint(int64(math.MaxInt64)), fmt.Sprint(api.MaxControllerCount + 2), "4", "-1"}
		for _, n := range counts {
			body := do(t, victim, admin, http.MethodPost, orch+"/v1/controller/enable-ha", `{"numControllers": `+n+`}`, http.StatusBadRequest)
			require.Equal(t, "numControllers", jsonField(t, body, "field"), body)
		}
		body := do(t, victim, admin, http.MethodPost, orch+"/v1/controller/enable-ha", `{"numControllers": `+counts[0]+`}`, http.StatusBadRequest)
		require.Contains(t, jsonField(t, body, "message"), fmt.Sprintf("from 1 to %d", api.MaxControllerCount))
		machines := do(t, victim, admin, http.MethodGet, orch+"/v1/controller/machines", "", http.StatusOK)
		require.Equal(t, 1, itemsIn(t, machines), "a refused enable-ha adds no controller machine: %s", machines)
		Report(t, Row{Scenario: "R8 security: enable-ha bounds", Runs: 1, Checked: len(counts) + 2,
			Detail: fmt.Sprintf("attack: numControllers 2^63-1 (a 500, \"transaction has already been committed\"): held, 400 naming numControllers (odd, from 1 to %d) for 2^63-1, %d, 4 and -1; no controller machine added", api.MaxControllerCount, api.MaxControllerCount+2)})
	})
}

// from is a client of the sandbox whose connections come from the loopback
// address ip, the client address the services see.
func (s *relSandbox) from(t *testing.T, ip string) *http.Client {
	t.Helper()
	tr, ok := s.http.Transport.(*http.Transport)
	require.True(t, ok)
	tr = tr.Clone()
	tr.DialContext = (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}).DialContext
	return &http.Client{Transport: tr, Timeout: s.http.Timeout}
}

// postStatus posts a JSON body with c and returns the answer's status.
func postStatus(t *testing.T, c *http.Client, url, body string) int {
	t.Helper()
	res, err := c.Post(url, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

// itemsIn is the number of items of a JSON list answer.
func itemsIn(t *testing.T, raw string) int {
	t.Helper()
	var l struct{ Items []json.RawMessage }
	require.NoError(t, json.Unmarshal([]byte(raw), &l), raw)
	return len(l.Items)
}
