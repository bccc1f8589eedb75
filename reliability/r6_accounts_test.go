package reliability

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchclient "github.com/iacsuite/providers/internal/client/orch"
	fwmgrsandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
	migrationsandbox "github.com/iacsuite/providers/internal/sandbox/migration"
	netfabsandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
)

// R6: wrong credentials, missing grants and logins outside the account's
// domain are refused by every service, and each provider reports the
// refusal clearly, once, within a bounded number of requests. Every service
// has at least two accounts (netfab companies, migration projects, orch
// users, fwmgr administrators of different domains), and one account can
// neither read nor import the other's objects: every resource of the demo
// configurations, applied by one account, reads as gone and imports as
// non-existent for the other, and every data source that looks up one of
// its objects answers "not found" - never "exists but is not yours", which
// would leak it. The orch Hub's identities are a further account pair
// (checkHubAccounts): there the contract makes groups and roles readable by
// every caller and answers what needs a grant with 403, so the check is its
// own. Hub models are checked as the controller's: two hub identities that
// may both add models on the same cloud, one of which must find none of the
// other's model and application (the hub answers them as unknown).

const orchUser, orchUserPassword = "r6-alice", "r6-alice-password"

// account is one side of a cross-account check: the environment that
// selects it.
type account struct {
	name string
	env  []string
}

// crossAccount is a provider's pair of accounts and what the second one
// looks up of the first one's objects.
type crossAccount struct {
	provider string
	demo     string            // examples/<demo>/main.tf, applied by owner
	extra    map[string]string // more files applied with it
	owner    account
	other    account
	// lookups are data sources, in HCL, that look up the owner's objects;
	// ids maps each resource address of the owner's state to its id.
	lookups func(ids map[string]string) string
	// shared are the resources every account may read by design, with the
	// reason; they are left out of the read and import checks.
	shared map[string]string
}

func crossAccounts() []crossAccount {
	return []crossAccount{
		{
			provider: "netfab", demo: "netfab/demo", extra: netfabExtra,
			owner: account{"company " + netfabsandbox.DefaultAccessKey, nil},
			other: account{"company " + netfabsandbox.OtherAccessKey, []string{
				"NETFAB_ACCESS_KEY=" + netfabsandbox.OtherAccessKey, "NETFAB_SECRET_KEY=" + netfabsandbox.OtherSecretKey}},
			lookups: func(ids map[string]string) string {
				mcr, port := ids["netfab_mcr.core"], ids["netfab_port.edge"]
				mve, vxc := ids["netfab_mve.edge"], ids["netfab_vxc.edge_to_core"]
				return fmt.Sprintf(`
data "netfab_mcrs" "theirs" {
  product_uid = %[1]q
}
data "netfab_mcr_prefix_filter_lists" "theirs" {
  mcr_id = %[1]q
}
data "netfab_mves" "theirs" {
  product_uid = %[1]q
}
data "netfab_vxcs" "theirs" {
  product_uid = %[2]q
}
data "netfab_mves" "their_mve" {
  product_uid = %[3]q
}
data "netfab_vxcs" "their_vxc" {
  product_uid = %[4]q
}
`, mcr, port, mve, vxc)
			},
		},
		{
			provider: "cloudnative", demo: "cloudnative/demo",
			owner: account{"token of every other project", nil},
			other: account{"token of " + migrationsandbox.OtherProject, []string{
				"CLOUDNATIVE_ACCESS_TOKEN=" + migrationsandbox.OtherToken, "CLOUDNATIVE_PROJECT=" + migrationsandbox.OtherProject}},
		},
		{
			provider: "orch", demo: "orch/demo", extra: orchExtra,
			owner: account{"user admin", nil},
			other: account{"user " + orchUser, []string{"ORCH_USERNAME=" + orchUser, "ORCH_PASSWORD=" + orchUserPassword}},
			lookups: func(ids map[string]string) string {
				model := ids["orch_model.web"]
				machine := strings.Split(ids["orch_machine.web[0]"], ":")
				return fmt.Sprintf(`
data "orch_model" "theirs" {
  uuid = %[1]q
}
data "orch_machine" "theirs" {
  model_uuid = %[1]q
  machine_id = %[2]q
}
data "orch_application" "theirs" {
  model_uuid = %[1]q
  name       = "wordpress"
}
data "orch_secret" "theirs" {
  model_uuid = %[1]q
  name       = "api-key"
}
data "orch_storage_pool" "theirs" {
  model_uuid = %[1]q
  name       = "lxd"
}
`, model, machine[1])
			},
			shared: map[string]string{
				"orch_offer.mysql":       "offers are how other users' models reach an application: any user may read one, only its model's owner change it",
				"orch_cloud.lab":         "clouds belong to the controller: every user sees them, only a superuser changes them (see the refusal orch missing grant)",
				"orch_cluster_cloud.k8s": "a container-cluster cloud is a cloud of the controller, as orch_cloud",
			},
		},
	}
}

// netfabExtra adds to the netfab demo (whose VXCs join its port, router and
// AWS) what it lacks: a virtual edge (MVE) and a VXC from it to the port,
// which a second company must neither see nor touch either.
var netfabExtra = map[string]string{
	"mve.tf": `
resource "netfab_mve" "edge" {
  product_name         = "r6-mve"
  location_id          = data.netfab_location.sy1.id
  contract_term_months = 1
  vendor_config = {
    vendor       = "aviatrix"
    image_id     = 70
    product_size = "SMALL"
    cloud_init   = "I2Nsb3VkLWNvbmZpZwo="
  }
}

resource "netfab_vxc" "mve_to_edge" {
  product_name         = "r6-mve-to-edge"
  rate_limit           = 100
  contract_term_months = 1
  a_end = {
    requested_product_uid = netfab_mve.edge.product_uid
    vnic_index            = 0
  }
  b_end = {
    requested_product_uid = netfab_port.edge.product_uid
    ordered_vlan          = 300
  }
}
`,
}

// orchExtra adds to the orch demo what it lacks: a cloud, a credential of
// the owner on it and a container-cluster cloud.
var orchExtra = map[string]string{
	"clouds.tf": `
resource "orch_cloud" "lab" {
  name       = "r6-lab"
  type       = "lxd"
  auth_types = ["certificate"]
}

resource "orch_credential" "lab" {
  name      = "r6-lab"
  auth_type = "certificate"
  cloud {
    name = orch_cloud.lab.name
  }
  attributes = {
    client-cert = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"
    client-key  = "r6-client-key"
  }
}

resource "orch_cluster_cloud" "k8s" {
  name                = "r6-k8s"
  cluster_config      = "${path.module}/kubeconfig.yaml"
  parent_cloud_name   = "localhost"
  parent_cloud_region = "localhost"
  storage_class_name  = "standard"
}
`,
	"kubeconfig.yaml": `apiVersion: v1
kind: Config
clusters:
- name: r6
  cluster:
    server: https://10.1.2.3:6443
users:
- name: admin
  user:
    client-certificate-data: Y2VydA==
    client-key-data: a2V5
contexts:
- name: r6
  context:
    cluster: r6
    user: admin
current-context: r6
`,
}

func TestR6AccountsAreIsolatedAndRefusalsAreClearAndBounded(t *testing.T) {
	s := startServices(t, nil)
	s.addOrchUser(t, orchUser, orchUserPassword)
	checked := 0

	t.Run("refusals", func(t *testing.T) {
		checked += s.checkRefusals(t)
	})
	for _, ca := range crossAccounts() {
		t.Run("across accounts/"+ca.provider, func(t *testing.T) {
			checked += s.checkCrossAccount(t, ca)
		})
	}
	t.Run("across accounts/orch grants", func(t *testing.T) {
		checked += s.checkOrchGrants(t)
	})
	t.Run("across accounts/orch hub", func(t *testing.T) {
		checked += s.checkHubAccounts(t)
	})
	t.Run("across accounts/orch hub models", func(t *testing.T) {
		checked += s.checkCrossAccount(t, s.hubModelAccounts(t))
	})
	// After the hub models case, which registers the controller in the hub.
	t.Run("across accounts/orch hub grants", func(t *testing.T) {
		checked += s.checkHubGrants(t)
	})
	Report(t, Row{Scenario: "R6 accounts and refusals", Runs: 1, Checked: checked})
}

// refusal is a run that a service must refuse.
type refusal struct {
	name, provider, config string
	env                    []string
	want                   *regexp.Regexp
	maxRequests            int64
}

func (s *services) checkRefusals(t *testing.T) int {
	const fwData = `data "fwmgr_os_show_api_versions" "v" {}`
	refusals := []refusal{
		{"netfab wrong secret key", "netfab", `data "netfab_location" "l" { id = 1 }`,
			[]string{"NETFAB_SECRET_KEY=wrong-secret"}, regexp.MustCompile(`(?i)invalid access key or secret key`), 3},
		{"netfab unknown access key", "netfab", `data "netfab_location" "l" { id = 1 }`,
			[]string{"NETFAB_ACCESS_KEY=nobody"}, regexp.MustCompile(`(?i)invalid access key or secret key`), 3},
		// The migration API is reached through the resource: an import of a
		// job makes the provider read it.
		{"cloudnative wrong token", "cloudnative", `import {
  to = cloudnative_migration_import_job.j
  id = "projects/reliability/locations/us-central1/importJobs/r6-job"
}

resource "cloudnative_migration_import_job" "j" {
  import_job_id = "r6-job"
}`, []string{"CLOUDNATIVE_ACCESS_TOKEN=forged-token"}, regexp.MustCompile(`(?i)bearer access token is not valid`), 3},
		{"fwmgr wrong password", "fwmgr", fwData,
			[]string{"FWMGR_PASSWORD=wrong-password"}, regexp.MustCompile(`(?i)password`), 3},
		{"fwmgr wrong API key", "fwmgr", fwData,
			[]string{"FWMGR_USERNAME=", "FWMGR_PASSWORD=", "FWMGR_API_KEY=sbx-api-key-forged"}, regexp.MustCompile(`(?i)api key`), 3},
		{"fwmgr domain of other administrators", "fwmgr", fwData,
			[]string{"FWMGR_USERNAME=" + fwmgrsandbox.EastUser, "FWMGR_PASSWORD=" + fwmgrsandbox.EastPassword, "FWMGR_DOMAIN=SMC User"},
			regexp.MustCompile(`(?i)no access to domain`), 3},
		{"orch wrong password", "orch", `data "orch_model" "m" {
  name  = "default"
  owner = "admin"
}`, []string{"ORCH_PASSWORD=wrong-password"}, regexp.MustCompile(`(?i)password`), 3},
		{"orch missing grant", "orch", `resource "orch_cloud" "c" {
  name       = "r6-cloud"
  type       = "lxd"
  auth_types = ["certificate"]
}`, []string{"ORCH_USERNAME=" + orchUser, "ORCH_PASSWORD=" + orchUserPassword}, regexp.MustCompile(`(?i)only a superuser adds clouds`), 3},
	}

	// The hub: a wrong client secret, and tokens that have expired by the
	// time they are used (a hub whose clock moves two hours, twice the
	// tokens' lifetime, at every reading): the provider obtains a new
	// token once, as the contract says, then reports the refusal.
	const hubData = `data "orch_hub_group" "g" {
  name = "r6-anything"
}`
	var (
		mu      sync.Mutex
		elapsed time.Duration
	)
	expiring := startHub(t, func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		elapsed += 2 * time.Hour
		return time.Now().Add(elapsed)
	})
	s.requests["expiring hub"] = expiring.requests
	refusals = append(refusals,
		refusal{name: "orch hub wrong client secret", provider: "hub", config: hubData,
			env:  s.hub.env(hubapi.DefaultAdminClientID, "r6-wrong-client-secret"),
			want: regexp.MustCompile(`(?i)refused the client credentials of "hub-admin" \(invalid_client\)`), maxRequests: 3},
		refusal{name: "orch hub expired token", provider: "expiring hub", config: hubData,
			env:  expiring.env(hubapi.DefaultAdminClientID, hubAdminSecret),
			want: regexp.MustCompile(`(?i)bearer token expired`), maxRequests: 4},
	)

	for _, r := range refusals {
		t.Run(r.name, func(t *testing.T) {
			dir := s.workdir(t, map[string]string{"main.tf": r.config})
			before := s.requests[r.provider].count()
			// A refusal retried without end would outlive this bound.
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			args := []string{"plan", "-input=false", "-no-color"}
			if strings.HasPrefix(r.config, "resource") {
				args = []string{"apply", "-auto-approve", "-input=false", "-no-color"}
			}
			res := s.terraform(ctx, dir, r.env, args...)
			require.NoError(t, ctx.Err(), "terraform did not give up within the bound")
			require.Error(t, res.err, "the service accepted it:\n%s", res.out)
			require.Regexp(t, r.want, res.out)
			sent := s.requests[r.provider].since(before)
			t.Logf("refused after %v", sent)
			require.LessOrEqual(t, int64(len(sent)), r.maxRequests, "a refusal is not retried: %v", sent)
		})
	}
	return len(refusals)
}

// stateIDs applies nothing: it reads the managed resources of the state in
// dir, by address, with their ids.
func (s *services) stateIDs(t *testing.T, dir string) map[string]string {
	t.Helper()
	res := s.terraform(context.Background(), dir, nil, "show", "-json")
	require.NoError(t, res.err, res.out)
	var st struct {
		Values struct {
			RootModule struct {
				Resources []struct {
					Address string         `json:"address"`
					Mode    string         `json:"mode"`
					Values  map[string]any `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	require.NoError(t, json.Unmarshal([]byte(res.out), &st))
	ids := map[string]string{}
	for _, r := range st.Values.RootModule.Resources {
		if r.Mode == "managed" {
			id, _ := r.Values["id"].(string)
			require.NotEmpty(t, id, "%s has an id", r.Address)
			ids[r.Address] = id
		}
	}
	return ids
}

// checkCrossAccount applies the demo as the owner, then shows that the
// other account reads every resource as gone, cannot import any, and finds
// none of the objects through the data sources; the owner's objects are
// untouched. It returns the number of resources and data sources checked.
func (s *services) checkCrossAccount(t *testing.T, ca crossAccount) int {
	ctx := context.Background()
	files := map[string]string{}
	if ca.demo != "" {
		demo, err := os.ReadFile(filepath.Join("..", "examples", ca.demo, "main.tf"))
		require.NoError(t, err)
		files["main.tf"] = string(demo)
	}
	for name, body := range ca.extra {
		files[name] = body
	}

	ownerDir := s.workdir(t, files)
	res := s.terraform(ctx, ownerDir, ca.owner.env, "apply", "-auto-approve", "-input=false", "-no-color")
	require.NoError(t, res.err, "apply as the %s:\n%s", ca.owner.name, outputTail(res.out))
	t.Cleanup(func() {
		res := s.terraform(ctx, ownerDir, ca.owner.env, "destroy", "-auto-approve", "-input=false", "-no-color")
		if res.err != nil {
			t.Errorf("destroy as the %s:\n%s", ca.owner.name, outputTail(res.out))
		}
	})
	ids := s.stateIDs(t, ownerDir)
	require.NotEmpty(t, ids)
	addrs := make([]string, 0, len(ids))
	for a := range ids {
		if reason, ok := ca.shared[a]; ok {
			t.Logf("%s is shared: %s", a, reason)
			continue
		}
		addrs = append(addrs, a)
	}
	sort.Strings(addrs)

	// Read: the owner's state, refreshed with the other account's
	// credentials, holds nothing; every resource is to be created.
	readDir := s.workdir(t, files)
	state, err := os.ReadFile(filepath.Join(ownerDir, "terraform.tfstate"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(readDir, "terraform.tfstate"), state, 0o644))
	res = s.terraform(ctx, readDir, ca.other.env, "plan", "-input=false", "-no-color", "-out=other.plan")
	require.NoError(t, res.err, "plan as the %s:\n%s", ca.other.name, outputTail(res.out))
	res = s.terraform(ctx, readDir, ca.other.env, "show", "-json", "other.plan")
	require.NoError(t, res.err)
	var plan struct {
		ResourceChanges []struct {
			Address string `json:"address"`
			Mode    string `json:"mode"`
			Change  struct {
				Actions []string `json:"actions"`
			} `json:"change"`
		} `json:"resource_changes"`
	}
	require.NoError(t, json.Unmarshal([]byte(res.out), &plan))
	actions := map[string]string{}
	for _, c := range plan.ResourceChanges {
		if c.Mode == "managed" {
			actions[c.Address] = strings.Join(c.Change.Actions, ",")
		}
	}
	for _, a := range addrs {
		require.Equal(t, "create", actions[a], "%s of the %s, read by the %s, is gone", a, ca.owner.name, ca.other.name)
	}

	// Import: every id, imported by the other account, is of an object
	// that does not exist.
	var imports bytes.Buffer
	for _, a := range addrs {
		fmt.Fprintf(&imports, "import {\n  to = %s\n  id = %q\n}\n\n", a, ids[a])
	}
	withImports := map[string]string{"imports.tf": imports.String()}
	for name, body := range files {
		withImports[name] = body
	}
	importDir := s.workdir(t, withImports)
	res = s.terraform(ctx, importDir, ca.other.env, "plan", "-json", "-input=false")
	require.Error(t, res.err, "imports as the %s", ca.other.name)
	refused := map[string]bool{}
	for _, line := range strings.Split(res.out, "\n") {
		var d struct {
			Type       string `json:"type"`
			Diagnostic struct {
				Severity string `json:"severity"`
				Summary  string `json:"summary"`
				Detail   string `json:"detail"`
				Address  string `json:"address"`
			} `json:"diagnostic"`
		}
		if json.Unmarshal([]byte(line), &d) != nil || d.Type != "diagnostic" || d.Diagnostic.Severity != "error" {
			continue
		}
		msg := d.Diagnostic.Summary + ": " + d.Diagnostic.Detail
		require.Regexp(t, `(?i)non-existent|not found|does not exist`, msg, "import of %s", d.Diagnostic.Address)
		require.NotRegexp(t, `(?i)forbidden|belongs to|permission`, msg, "import of %s", d.Diagnostic.Address)
		for _, a := range addrs {
			if strings.Contains(msg, a) || d.Diagnostic.Address == a {
				refused[a] = true
			}
		}
	}
	// Terraform stops at the first failed import of a plan: the rest are
	// imported one by one.
	for _, a := range addrs {
		if refused[a] {
			continue
		}
		dir := s.workdir(t, files)
		res := s.terraform(ctx, dir, ca.other.env, "import", "-input=false", "-no-color", a, ids[a])
		require.Error(t, res.err, "%s imported by the %s", a, ca.other.name)
		require.Regexp(t, `(?i)non-existent|not\s+found|does\s+not\s+exist`, res.out, "import of %s", a)
		require.NotRegexp(t, `(?i)forbidden|belongs\s+to|permission`, res.out, "import of %s", a)
	}

	// Data sources: each lookup of an owner's object answers not found.
	lookups := 0
	if ca.lookups != nil {
		hcl := ca.lookups(ids)
		lookups = strings.Count(hcl, "\ndata ")
		dir := s.workdir(t, map[string]string{"main.tf": hcl})
		res := s.terraform(ctx, dir, ca.other.env, "plan", "-json", "-input=false")
		require.Error(t, res.err)
		failed := map[string]string{}
		for _, line := range strings.Split(res.out, "\n") {
			var d struct {
				Type       string `json:"type"`
				Diagnostic struct {
					Severity string `json:"severity"`
					Summary  string `json:"summary"`
					Detail   string `json:"detail"`
					Address  string `json:"address"`
				} `json:"diagnostic"`
			}
			if json.Unmarshal([]byte(line), &d) == nil && d.Type == "diagnostic" && d.Diagnostic.Severity == "error" {
				failed[d.Diagnostic.Address] = d.Diagnostic.Summary + ": " + d.Diagnostic.Detail
			}
		}
		require.Len(t, failed, lookups, "every lookup fails: %v", failed)
		for addr, msg := range failed {
			require.Regexp(t, `(?i)not found|does not exist`, msg, addr)
			require.NotRegexp(t, `(?i)forbidden|belongs to|permission|is not an?\b`, msg, addr)
		}
		// The owner finds them all.
		dir = s.workdir(t, map[string]string{"main.tf": hcl})
		res = s.terraform(ctx, dir, ca.owner.env, "plan", "-input=false", "-no-color")
		if ca.provider != "netfab" { // an MCR is no MVE, nor a port a VXC, for the owner either
			require.NoError(t, res.err, "lookups as the %s:\n%s", ca.owner.name, outputTail(res.out))
		}
	}

	// Nothing the other account tried changed the owner's objects.
	res = s.terraform(ctx, ownerDir, ca.owner.env, "plan", "-input=false", "-no-color", "-detailed-exitcode")
	require.NoError(t, res.err, "the %s's plan is empty:\n%s", ca.owner.name, outputTail(res.out))
	return len(addrs) + lookups
}

// hubModelsConfig is what a service account manages on the suite's
// controller through the hub: a model and an application in it.
const hubModelsConfig = `
resource "orch_model" "hub" {
  name = "r6-hub-models"
  cloud {
    name = "localhost"
  }
}

resource "orch_application" "app" {
  model_uuid = orch_model.hub.uuid
  name       = "app"
  charm {
    name = "ubuntu-lite"
  }
}
`

// hubModelAccounts registers the suite's controller in the suite's hub and
// returns two hub identities that may both add models on its cloud: one
// owns hubModelsConfig, the other must find none of it, as with the
// controller's own users.
func (s *services) hubModelAccounts(t *testing.T) crossAccount {
	ctx := context.Background()
	c, err := orchclient.New(orchclient.Config{Addresses: []string{s.orchAddress}, Username: "admin", Password: orchAdminPassword, CACertificate: s.orchCACert})
	require.NoError(t, err)
	info, err := c.Controller(ctx)
	require.NoError(t, err)
	_, err = s.hub.admin.RegisterController(ctx, hubapi.RegisterControllerRequest{
		Name: "r6", UUID: info.UUID, APIAddresses: []string{s.orchAddress}, CACertificate: s.orchCACert,
		Username: "admin", Password: orchAdminPassword,
	})
	require.NoError(t, err)
	const ownerID, ownerSecret = "r6-models-owner", "r6-models-owner-client-secret-71b2"
	const otherID, otherSecret = "r6-models-other", "r6-models-other-client-secret-0e9f"
	for _, id := range []string{ownerID, otherID} {
		secret := map[string]string{ownerID: ownerSecret, otherID: otherSecret}[id]
		createServiceAccount(t, s.hub, id, secret, false)
		require.NoError(t, s.hub.admin.ChangeRelations(ctx, []hubapi.Tuple{{
			Object: hubapi.ServiceAccountObject(id), Relation: hubapi.AccessCanAddModel, Target: hubapi.CloudTarget("localhost"),
		}}, nil))
	}
	return crossAccount{
		provider: "orch", extra: map[string]string{"main.tf": hubModelsConfig},
		owner: account{"hub service account " + ownerID, s.hub.env(ownerID, ownerSecret)},
		other: account{"hub service account " + otherID, s.hub.env(otherID, otherSecret)},
		lookups: func(ids map[string]string) string {
			return fmt.Sprintf(`
data "orch_model" "theirs" {
  uuid = %[1]q
}
data "orch_application" "theirs" {
  model_uuid = %[1]q
  name       = "app"
}
`, ids["orch_model.hub"])
		},
	}
}

// addOrchUser adds a user without superuser access to the orch controller.
func (s *services) addOrchUser(t *testing.T, name, password string) {
	t.Helper()
	pool := x509.NewCertPool()
	require.True(t, pool.AppendCertsFromPEM([]byte(s.orchCACert)))
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}}
	post := func(path, token string, body any, out any) {
		b, err := json.Marshal(body)
		require.NoError(t, err)
		req, err := http.NewRequest(http.MethodPost, "https://"+s.orchAddress+path, bytes.NewReader(b))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := hc.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		require.Less(t, resp.StatusCode, 300, "POST %s: HTTP %d", path, resp.StatusCode)
		if out != nil {
			require.NoError(t, json.NewDecoder(resp.Body).Decode(out))
		}
	}
	var login struct {
		Token string `json:"token"`
	}
	post("/v1/login", "", map[string]string{"username": "admin", "password": orchAdminPassword}, &login)
	post("/v1/users", login.Token, map[string]string{"name": name, "password": password}, nil)
}

// hubOwnerConfig is what the hub's owner account (an administrator) manages:
// a group, a role, and the role's grant to the group and to a third service
// account.
const hubOwnerConfig = `
resource "orch_hub_group" "ops" {
  name = "r6-ops"
}

resource "orch_hub_role" "deployer" {
  name = "r6-deployer"
}

resource "orch_hub_access_role" "deployers" {
  role_id          = orch_hub_role.deployer.uuid
  access           = "assignee"
  groups           = [orch_hub_group.ops.uuid]
  service_accounts = ["r6-ci"]
}
`

// checkHubAccounts applies hubOwnerConfig as a hub administrator, then
// shows that a service account without any grant cannot read the grants,
// nor rename or remove the group, nor import the grants, each refused as
// the contract says (403: it needs administrator; groups and roles
// themselves are readable by every caller, so that configurations can look
// them up), once, without retries; the owner's next plan stays empty.
func (s *services) checkHubAccounts(t *testing.T) int {
	ctx := context.Background()
	const ownerID, ownerSecret = "r6-owner", "r6-owner-client-secret-4c1d"
	const otherID, otherSecret = "r6-nogrant", "r6-nogrant-client-secret-93ae"
	createServiceAccount(t, s.hub, ownerID, ownerSecret, true)
	createServiceAccount(t, s.hub, otherID, otherSecret, false)
	owner, other := s.hub.env(ownerID, ownerSecret), s.hub.env(otherID, otherSecret)

	ownerDir := s.workdir(t, map[string]string{"main.tf": hubOwnerConfig})
	res := s.terraform(ctx, ownerDir, owner, "apply", "-auto-approve", "-input=false", "-no-color")
	require.NoError(t, res.err, "apply as the hub owner:\n%s", outputTail(res.out))
	t.Cleanup(func() {
		res := s.terraform(ctx, ownerDir, owner, "destroy", "-auto-approve", "-input=false", "-no-color")
		if res.err != nil {
			t.Errorf("destroy as the hub owner:\n%s", outputTail(res.out))
		}
	})
	ids := s.stateIDs(t, ownerDir)
	state, err := os.ReadFile(filepath.Join(ownerDir, "terraform.tfstate"))
	require.NoError(t, err)
	withState := func(files map[string]string) string {
		dir := s.workdir(t, files)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "terraform.tfstate"), state, 0o644))
		return dir
	}
	forbidden := regexp.MustCompile(`(?i)needs\s+administrator\s+access\s+to\s+the\s+hub`)
	// Each attempt is refused at its first request (after the token).
	attempt := func(what, dir string, args ...string) {
		t.Helper()
		before := s.hub.requests.count()
		res := s.terraform(ctx, dir, other, args...)
		require.Error(t, res.err, "%s as the service account without grants:\n%s", what, outputTail(res.out))
		require.Regexp(t, forbidden, res.out, what)
		sent := s.hub.requests.since(before)
		refusedAt := 0
		for _, r := range sent {
			if r != "POST "+hubapi.TokenPath && !strings.HasPrefix(r, "GET "+hubapi.APIPrefix+"/groups") &&
				!strings.HasPrefix(r, "GET "+hubapi.APIPrefix+"/roles") {
				refusedAt++
			}
		}
		require.LessOrEqual(t, refusedAt, 1, "%s: a refusal is not retried: %v", what, sent)
		t.Logf("%s: refused after %v", what, sent)
	}

	// Read: a refresh of the owner's state reads the grants.
	attempt("read the grants", withState(map[string]string{"main.tf": hubOwnerConfig}),
		"plan", "-input=false", "-no-color")
	// Change: rename the group, remove the grants (without refreshing).
	renamed := strings.Replace(hubOwnerConfig, `"r6-ops"`, `"r6-ops-taken"`, 1)
	attempt("rename the group", withState(map[string]string{"main.tf": renamed}),
		"apply", "-auto-approve", "-input=false", "-no-color", "-refresh=false", "-target=orch_hub_group.ops")
	attempt("remove the grants", withState(map[string]string{"main.tf": hubOwnerConfig}),
		"destroy", "-auto-approve", "-input=false", "-no-color", "-refresh=false", "-target=orch_hub_access_role.deployers")
	// Import: the grants on the owner's role.
	attempt("import the grants", s.workdir(t, map[string]string{"main.tf": hubOwnerConfig}),
		"import", "-input=false", "-no-color", "orch_hub_access_role.deployers", ids["orch_hub_access_role.deployers"])

	// Nothing the other account tried changed the owner's objects.
	res = s.terraform(ctx, ownerDir, owner, "plan", "-input=false", "-no-color", "-detailed-exitcode")
	require.NoError(t, res.err, "the hub owner's plan is empty:\n%s", outputTail(res.out))
	return len(ids)
}
