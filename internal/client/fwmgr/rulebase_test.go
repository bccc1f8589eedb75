package fwmgr_test

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	client "github.com/iacsuite/providers/internal/client/fwmgr"
	sandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

func sandboxManagement(t *testing.T, sb *fwmgrtest.Sandbox, gather time.Duration) *client.Management {
	t.Helper()
	u, err := url.Parse(sb.URL)
	require.NoError(t, err)
	port, err := strconv.Atoi(u.Port())
	require.NoError(t, err)
	c, err := client.New(client.Config{Server: u.Hostname(), Port: port, Context: client.ContextWeb,
		Username: sandbox.DefaultUser, Password: sandbox.DefaultPassword})
	require.NoError(t, err)
	m := c.NewManagement(client.ManagementConfig{PollInterval: time.Millisecond, Gather: gather})
	t.Cleanup(func() { _ = m.Logout(context.Background()) })
	return m
}

// names is the Network layer's order as another session sees it (so:
// published), sections as "§name".
func names(t *testing.T, sb *fwmgrtest.Sandbox) []string {
	t.Helper()
	m := sandboxManagement(t, sb, -1)
	var out []string
	for offset := int64(0); ; offset += 500 {
		limit := int64(500)
		var resp api.ShowRulebaseResponse
		require.NoError(t, m.Show(context.Background(), "show-access-rulebase", api.ShowRulebaseRequest{Name: "Network", Limit: &limit, Offset: &offset}, &resp))
		for _, e := range resp.Rulebase {
			if e.Type == "access-section" {
				out = append(out, "§"+e.Name)
			} else {
				out = append(out, e.Name)
			}
			for _, r := range e.Rulebase {
				out = append(out, r.Name)
			}
		}
		if resp.To >= resp.Total {
			return out
		}
	}
}

var accessRule, _ = api.LookupRulebaseType("access-rule")

// Rules whose anchors are created after them, in any order and in
// parallel, end where their positions say once the apply's publishes are
// done: the anchor's publish moves them.
func TestRulesEndWhereTheirPositionsSayWhateverTheOrderOfCreation(t *testing.T) {
	sb := fwmgrtest.Start(t)
	m := sandboxManagement(t, sb, 20*time.Millisecond)
	ctx := context.Background()
	// A chain R1 <- R2 <- ... <- R12, R0 above R1, created from the end.
	pos := func(i int) client.Position {
		switch i {
		case 0:
			return client.Position{Above: "R1"}
		case 1:
			return client.Position{Top: "top"}
		}
		return client.Position{Below: fmt.Sprint("R", i-1)}
	}
	var wg sync.WaitGroup
	for _, wave := range [][]int{{12, 11, 10, 9}, {8, 0, 7, 6}, {5, 4, 3, 2, 1}} {
		for _, i := range wave {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _, err := m.AddEntry(ctx, accessRule, map[string]any{"layer": "Network", "name": fmt.Sprint("R", i)}, pos(i))
				assert.NoError(t, err)
			}()
		}
		wg.Wait()
	}
	want := []string{"R0"}
	for i := 1; i <= 12; i++ {
		want = append(want, fmt.Sprint("R", i))
	}
	assert.Equal(t, want, names(t, sb))

	// A move behind the process's back shows, and a set moves it back.
	other := sandboxManagement(t, sb, -1)
	ans, err := other.Apply(ctx, "set-access-rule", map[string]any{"layer": "Network", "name": "R5", "new-position": "bottom"})
	require.NoError(t, err)
	uid, _ := ans["uid"].(string)
	layer, _ := ans["layer"].(map[string]any)
	time.Sleep(2100 * time.Millisecond) // past the order's cache
	ok, err := m.PositionHolds(ctx, accessRule, layer["uid"].(string), uid, pos(5))
	require.NoError(t, err)
	assert.False(t, ok, "R5 moved to the bottom no longer holds below R4")
	ok, err = m.PositionHolds(ctx, accessRule, layer["uid"].(string), uid, client.Position{Bottom: "bottom"})
	require.NoError(t, err)
	assert.True(t, ok, "a bottom position is not checked")
	p := pos(5)
	_, placed, err := m.SetEntry(ctx, accessRule, map[string]any{"layer": "Network", "uid": uid}, &p)
	require.NoError(t, err)
	assert.True(t, placed)
	assert.Equal(t, want, names(t, sb))
}
