package reliability

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	fwmgrsandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
)

// r6MgmtProvider is a provider block of the management API for one
// administrator and domain; the environment's username and password are
// replaced by the block's.
func r6MgmtProvider(user, password, domain string) string {
	return requiredProviders("fwmgr") + fmt.Sprintf(`provider "fwmgr" {
  context  = "web_api"
  username = %q
  password = %q
  domain   = %q
}

`, user, password, domain)
}

// TestR6FwmgrManagementAdministratorsAndDomains: the read-only
// administrator auditor cannot create, change or delete a management object
// through terraform (each apply fails saying the session is read-only, and
// nothing changes on the server), and an administrator of Branch-East
// neither reads an SMC User host by name (data source) nor imports it by its
// UID. No session holds a change or a lock afterwards.
func TestR6FwmgrManagementAdministratorsAndDomains(t *testing.T) {
	bin := relBin(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	s := startSandbox(t, bin)
	env := fwmgrMgmtEnv(t, s)
	row := Row{Scenario: "R6 fwmgr management administrators and domains", Runs: 1}

	// admin publishes the host the others try.
	owner := newTerraform(t, bin, env, mgmtHostsHCL("r6m-", 1, ""))
	if ok, out := owner.apply(ctx); !ok {
		t.Fatalf("admin's apply: %s", lastOf(out, 3000))
	}
	check := adminCheck(t, s)
	status, host := check.call("show-host", map[string]any{"name": "r6m-0"})
	if status != http.StatusOK {
		t.Fatalf("show-host r6m-0: %d %v", status, host)
	}
	uid, _ := host["uid"].(string)
	ip, _ := host["ipv4-address"].(string)

	refused := func(t *testing.T, what string, ok bool, out string, want ...string) {
		t.Helper()
		row.Checked++
		low := strings.ToLower(out)
		if ok {
			row.Lost++
			t.Errorf("%s succeeded:\n%s", what, lastOf(out, 2000))
			return
		}
		for _, w := range want {
			if strings.Contains(low, w) {
				return
			}
		}
		t.Errorf("%s failed without saying %q:\n%s", what, want, lastOf(out, 2000))
	}

	t.Run("read-only administrator", func(t *testing.T) {
		ro := r6MgmtProvider(fwmgrsandbox.AuditorUser, fwmgrsandbox.AuditorPassword, "SMC User")
		create := newTerraform(t, bin, env, ro+`resource "fwmgr_management_host" "new" {
  name         = "r6m-by-auditor"
  ipv4_address = "192.0.2.66"
}
`)
		ok, out := create.apply(ctx)
		refused(t, "auditor's create", ok, out, "read-only")

		// The auditor may read the host (import is a read), not change or
		// delete it.
		existing := func(comments string) string {
			return ro + fmt.Sprintf(`import {
  to = fwmgr_management_host.h
  id = %q
}

resource "fwmgr_management_host" "h" {
  name         = "r6m-0"
  ipv4_address = %q
  comments     = %q
}
`, uid, ip, comments)
		}
		change := newTerraform(t, bin, env, existing("changed by the auditor"))
		ok, out = change.apply(ctx)
		refused(t, "auditor's change", ok, out, "read-only")
		remove := newTerraform(t, bin, env, existing("reliability"))
		if ok, out := remove.apply(ctx); !ok {
			t.Fatalf("the auditor's import (a read) failed:\n%s", lastOf(out, 2000))
		}
		ok, out = remove.destroy(ctx)
		refused(t, "auditor's delete", ok, out, "read-only")

		check := adminCheck(t, s)
		status, now := check.call("show-host", map[string]any{"uid": uid})
		if status != http.StatusOK || now["comments"] != "reliability" {
			row.Lost++
			t.Errorf("admin's host after the auditor's tries: %d %v", status, now)
		}
		if got := check.objects("hosts", "r6m-by-auditor"); len(got) != 0 {
			row.Duplicates += len(got)
			t.Errorf("the auditor's create made %v", got)
		}
		if held := check.heldSessions(); len(held) > 0 {
			t.Errorf("sessions still holding changes or locks: %v", held)
		}
	})

	t.Run("domains isolate", func(t *testing.T) {
		east := r6MgmtProvider(fwmgrsandbox.EastUser, s.exports["SANDBOX_FWMGR_EAST_PASSWORD"], "Branch-East")
		read := newTerraform(t, bin, env, east+`data "fwmgr_management_host" "other" {
  name = "r6m-0"
}
`)
		code, out := read.run(ctx, "plan", "-input=false", "-no-color")
		refused(t, "Branch-East's data source by name", code == 0, out, "not found")
		imp := newTerraform(t, bin, env, east+fmt.Sprintf(`import {
  to = fwmgr_management_host.other
  id = %q
}

resource "fwmgr_management_host" "other" {
  name         = "r6m-0"
  ipv4_address = %q
}
`, uid, ip))
		code, out = imp.run(ctx, "plan", "-input=false", "-no-color")
		// Terraform words this one: the provider's read found nothing.
		refused(t, "Branch-East's import by UID", code == 0, out, "not found", "non-existent remote object")
		// Branch-East lists none of SMC User's hosts; it may make its own
		// of the same name, which SMC User then does not see either.
		eastCheck := mgmtLogin(t, s, fwmgrsandbox.EastUser, s.exports["SANDBOX_FWMGR_EAST_PASSWORD"], "Branch-East")
		if got := eastCheck.objects("hosts", "r6m-"); len(got) != 0 {
			row.Lost++
			t.Errorf("Branch-East sees SMC User's hosts: %v", got)
		}
		status, m := eastCheck.call("show-host", map[string]any{"uid": uid})
		row.Checked++
		if status != http.StatusNotFound {
			raw, _ := json.Marshal(m)
			row.Lost++
			t.Errorf("Branch-East's show-host of an SMC User UID: %d %s", status, raw)
		}
	})

	if ok, out := owner.destroyAll(ctx, 2); !ok {
		t.Errorf("admin's destroy: %s", out)
	}
	row.Detail = "auditor's create, change and delete each refused as read-only, the host unchanged; Branch-East's data source by name and import by UID find nothing"
	Report(t, row)
}
