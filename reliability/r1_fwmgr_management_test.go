package reliability

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	fwmgrsandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
)

// The management API scenarios (issue 36) check the server through a login
// of their own: a session that is not the provider's sees only what was
// published, so what it finds is what another administrator would find.

// fwmgrMgmtEnv is the environment of a provider process that manages
// objects in the sandbox as admin, with the password `sandbox serve`
// generated and printed.
func fwmgrMgmtEnv(t *testing.T, s *relSandbox) []string {
	t.Helper()
	fw, err := url.Parse(s.urls["fwmgr"])
	if err != nil {
		t.Fatal(err)
	}
	return append(s.env(), "FWMGR_SERVER="+fw.Hostname(), "FWMGR_PORT="+fw.Port(),
		"FWMGR_USERNAME="+fwmgrsandbox.DefaultUser, "FWMGR_PASSWORD="+s.exports["FWMGR_PASSWORD"])
}

// mgmtHostsHCL declares n hosts named prefix0..prefix<n-1> under the
// management API.
func mgmtHostsHCL(prefix string, n int, extraProvider string) string {
	var b strings.Builder
	b.WriteString(requiredProviders("fwmgr"))
	fmt.Fprintf(&b, "provider \"fwmgr\" {\n  context = \"web_api\"\n%s}\n\n", extraProvider)
	fmt.Fprintf(&b, `resource "fwmgr_management_host" "h" {
  count        = %d
  name         = "%s${count.index}"
  ipv4_address = "10.%d.${floor(count.index / 250)}.${count.index %% 250 + 1}"
  comments     = "reliability"
}
`, n, prefix, 40+len(prefix)%100)
	return b.String()
}

// mgmtSession is a management login of the checks, over plain HTTP.
type mgmtSession struct {
	t    *testing.T
	s    *relSandbox
	sid  string
	user string
}

// mgmtPost posts one command and decodes the answer. Under injected faults
// it tries again on a transport error, a 5xx or a 429: the checks only read
// (and log in, which a lost answer makes twice, leaving an empty session
// that the check of sessions does not count: it holds nothing).
func mgmtPost(t *testing.T, s *relSandbox, sid, command string, body any) (int, map[string]any) {
	t.Helper()
	raw, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	var lastErr string
	for range 30 {
		req, err := http.NewRequest(http.MethodPost, s.urls["fwmgr"]+"/web_api/v1.8/"+command, bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		if sid != "" {
			req.Header.Set(api.SessionHeader, sid)
		}
		res, err := s.http.Do(req)
		if err != nil {
			lastErr = err.Error()
			continue
		}
		out, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode >= 500 || res.StatusCode == http.StatusTooManyRequests {
			lastErr = fmt.Sprintf("%d %s %v", res.StatusCode, out, err)
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(out, &m); err != nil {
			t.Fatalf("%s answers no JSON object: %s", command, out)
		}
		return res.StatusCode, m
	}
	t.Fatalf("%s: no answer in 30 tries: %s", command, lastErr)
	return 0, nil
}

// mgmtLogin logs in to the management API as user in domain.
func mgmtLogin(t *testing.T, s *relSandbox, user, password, domain string) *mgmtSession {
	t.Helper()
	status, m := mgmtPost(t, s, "", "login", map[string]any{"user": user, "password": password, "domain": domain,
		"session-name": "reliability check"})
	if status != http.StatusOK {
		t.Fatalf("login of %s to %q: %d %v", user, domain, status, m)
	}
	sid, _ := m["sid"].(string)
	return &mgmtSession{t: t, s: s, sid: sid, user: user}
}

// adminCheck is the checks' login as admin into the default domain.
func adminCheck(t *testing.T, s *relSandbox) *mgmtSession {
	return mgmtLogin(t, s, fwmgrsandbox.DefaultUser, s.exports["FWMGR_PASSWORD"], "SMC User")
}

func (m *mgmtSession) call(command string, body any) (int, map[string]any) {
	m.t.Helper()
	return mgmtPost(m.t, m.s, m.sid, command, body)
}

// objects counts the objects of a show-<plural> command whose names start
// with prefix, by name, reading every page.
func (m *mgmtSession) objects(plural, prefix string) objects {
	m.t.Helper()
	out := objects{}
	for offset := 0; ; {
		status, page := m.call("show-"+plural, map[string]any{"filter": prefix, "limit": 500, "offset": offset})
		if status != http.StatusOK {
			m.t.Fatalf("show-%s: %d %v", plural, status, page)
		}
		list, _ := page["objects"].([]any)
		for _, o := range list {
			obj, _ := o.(map[string]any)
			if name, _ := obj["name"].(string); strings.HasPrefix(name, prefix) {
				out[name]++
			}
		}
		offset += len(list)
		total, _ := page["total"].(float64)
		if len(list) == 0 || offset >= int(total) {
			return out
		}
	}
}

// heldSessions lists the sessions of the domain that hold changes or locks
// (show-sessions), as "name (user): n changes, m locks".
func (m *mgmtSession) heldSessions() []string {
	m.t.Helper()
	var held []string
	for offset := 0; ; {
		status, page := m.call("show-sessions", map[string]any{"limit": 500, "offset": offset, "details-level": "full"})
		if status != http.StatusOK {
			m.t.Fatalf("show-sessions: %d %v", status, page)
		}
		list, _ := page["objects"].([]any)
		for _, o := range list {
			info, _ := o.(map[string]any)
			changes, _ := info["changes"].(float64)
			locks, _ := info["locks"].(float64)
			if info["state"] != api.SessionPublished && (changes > 0 || locks > 0) {
				held = append(held, fmt.Sprintf("%v (%v, %v): %v changes, %v locks", info["name"], info["user-name"], info["state"], changes, locks))
			}
		}
		offset += len(list)
		total, _ := page["total"].(float64)
		if len(list) == 0 || offset >= int(total) {
			return held
		}
	}
}

// checkPublished compares the hosts another login sees under prefix with
// want, and the sessions holding changes or locks with none.
func checkPublished(t *testing.T, s *relSandbox, prefix string, want []string) (checked, dups, lost int) {
	t.Helper()
	check := adminCheck(t, s)
	got := objects{}
	for name, n := range check.objects("hosts", prefix) {
		got["host/"+name] = n
	}
	var diff []string
	checked, dups, lost, diff = compare(want, got)
	if len(diff) > 0 {
		t.Errorf("hosts another session sees: %v", diff)
	}
	if held := check.heldSessions(); len(held) > 0 {
		t.Errorf("sessions still holding changes or locks: %v", held)
		lost += len(held)
	}
	return checked, dups, lost
}

func hostNames(prefix string, n int) []string {
	want := make([]string, n)
	for i := range want {
		want[i] = fmt.Sprintf("host/%s%d", prefix, i)
	}
	return want
}

// TestR1FwmgrManagementFaults: an apply of management hosts against a
// server that answers 5xx and 429 and loses answers, of the adds and of the
// publishes alike, converges within a few re-applies; then another login
// sees every host exactly once (they are published), and no session holds
// a change or a lock. Destroy removes them all, published too.
func TestR1FwmgrManagementFaults(t *testing.T) {
	bin := relBin(t)
	runs, n := 3, 60
	if relShort() {
		runs, n = 1, 20
	}
	row := Row{Scenario: "R1 faults, fwmgr management, terraform", Runs: runs}
	addFaults, publishFaults := 0, 0
	for seed := 1; seed <= runs; seed++ {
		t.Run(fmt.Sprintf("seed-%d", seed), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			s := startSandbox(t, bin, r1FaultFlags(seed)...)
			prefix := fmt.Sprintf("r1m-s%d-", seed)
			tf := newTerraform(t, bin, fwmgrMgmtEnv(t, s), mgmtHostsHCL(prefix, n, ""))
			applies, ok, out := tf.converge(ctx, r1MaxApplies)
			if !ok {
				t.Errorf("no convergence in %d applies (faults so far %d):\n%s", applies, s.injected(), out)
			}
			c, d, l := checkPublished(t, s, prefix, hostNames(prefix, n))
			row.Checked += c
			row.Duplicates += d
			row.Lost += l
			if ok, out := tf.destroyAll(ctx, r1MaxApplies); !ok {
				t.Errorf("destroy did not succeed:\n%s", out)
			}
			_, d, _ = checkPublished(t, s, prefix, nil)
			row.Duplicates += d
			faults := s.injected()
			row.Faults += faults
			adds, publishes := s.faultsOn("/add-host"), s.faultsOn("/publish")+s.faultsOn("/show-task")
			addFaults += adds
			publishFaults += publishes
			t.Logf("%d hosts, %d applies, %d faults injected (%d on add-host, %d on publish and its task)", n, applies, faults, adds, publishes)
		})
	}
	row.Detail = fmt.Sprintf("%d faults on add-host, %d on publish and show-task", addFaults, publishFaults)
	Report(t, row)
}

// faultsOn counts the faults the sandbox logged on requests whose path ends
// with suffix.
func (s *relSandbox) faultsOn(suffix string) int {
	b, err := os.ReadFile(filepath.Join(s.dir, "sandbox.err"))
	if err != nil {
		return 0
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		if _, rest, ok := strings.Cut(line, ": fault injected: "); ok {
			if f := strings.Fields(rest); len(f) >= 3 && strings.HasSuffix(strings.TrimSuffix(f[2], ":"), suffix) {
				n++
			}
		}
	}
	return n
}
