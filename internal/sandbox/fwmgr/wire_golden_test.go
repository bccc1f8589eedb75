package fwmgr_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/wire_answers.golden from the sandbox's answers")

// TestWireAnswersAreUnchanged pins the exact bytes the sandbox answers (status,
// length and a hash of the body) for every show and set command: its body of
// commandCases, the same on cluster member 2, a page in DESC order, and the
// errors that come from decoding the request types. A change of the wire
// types or of the handlers that changes one byte of an answer fails here;
// regenerate with -update only when the contract (docs/api/fwmgr.md) changes.
func TestWireAnswersAreUnchanged(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	var got strings.Builder
	for _, c := range api.Commands {
		tc, ok := commandCases[c.Name]
		require.True(t, ok, "commandCases has %s", c.Name)
		bodies := []string{tc.body, `{"bogus": 1}`, `{"member-id": 5}`}
		if c.MemberRouting {
			bodies = append(bodies, withField(t, tc.body, "member-id", "2"), withField(t, tc.body, "member-id", "9"))
		}
		if c.Paged {
			bodies = append(bodies, withField(t, tc.body, "order", "DESC"),
				withField(t, withField(t, tc.body, "limit", 3), "offset", 2), `{"limit": "x"}`, `{"limit": 0}`)
		}
		if c.VirtualSystem {
			bodies = append(bodies, withField(t, tc.body, "virtual-system-id", 1), `{"virtual-system-id": "a"}`)
		}
		if len(c.Required) > 0 {
			bodies = append(bodies, `{}`)
		}
		for _, body := range bodies {
			a := post(t, sb, "/os_api/v1.8/"+c.Name, sid, body)
			sum := sha256.Sum256([]byte(a.raw))
			fmt.Fprintf(&got, "%s %s %d %d %s\n", c.Name, compact(t, body), a.status, len(a.raw), hex.EncodeToString(sum[:12]))
		}
	}
	// The set commands last (they change what the shows above answer), each
	// with its case of setCases, an unknown input, a member given as a
	// number, member 2 alone, an unknown member and, for those with required
	// inputs, none.
	for _, c := range api.Sets {
		tc, ok := setCases[c.Name]
		require.True(t, ok, "setCases has %s", c.Name)
		bodies := []string{tc.body, `{"bogus": 1}`, `{"member-id": 5}`, withField(t, tc.body, "member-id", "2"), withField(t, tc.body, "member-id", "9")}
		if len(c.Required) > 0 {
			bodies = append(bodies, `{}`)
		}
		for _, body := range bodies {
			a := post(t, sb, "/os_api/v1.8/"+c.Name, sid, body)
			sum := sha256.Sum256([]byte(a.raw))
			fmt.Fprintf(&got, "%s %s %d %d %s\n", c.Name, compact(t, body), a.status, len(a.raw), hex.EncodeToString(sum[:12]))
		}
	}
	const path = "testdata/wire_answers.golden"
	if *updateGolden {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got.String()), 0o600))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(want), got.String())
}

// withField sets one field of a JSON object body.
func withField(t *testing.T, body, key string, value any) string {
	t.Helper()
	m := map[string]any{}
	require.NoError(t, json.Unmarshal([]byte(body), &m))
	m[key] = value
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return string(b)
}

func compact(t *testing.T, body string) string {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(body), &m))
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return string(b)
}
