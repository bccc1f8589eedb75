package reliability

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	orchclient "github.com/iacsuite/providers/internal/client/orch"
	fwmgrsandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
	migrationsandbox "github.com/iacsuite/providers/internal/sandbox/migration"
	netfabsandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
)

// R5: no secret appears in the output of terraform apply, plan and destroy,
// nor in their TF_LOG=TRACE logs, which hold every provider's own logs: the
// netfab secret key, an MVE's sensitive and write-only vendor settings, the
// orch password and client secret, the fwmgr
// password and API key, the cloudnative token, the signed upload address of
// an import data file, the value of an orch secret and any bearer token;
// and what never reaches the state at all (issue 24): the write-only
// arguments (orch_secret value_wo, created and rotated, and orch_credential
// attributes_wo, given through ephemeral variables) and what the ephemeral
// resources open for one run (orch_secret's content, copied write-only; the
// netfab access token, the fwmgr session and the fresh upload address of
// cloudnative_migration_upload, each handed to a local-exec provisioner).
// Also write-only, created and rotated: orch_user password_wo,
// orch_application registry password_wo, orch_controller's credential
// attributes_wo and admin_secret_wo (a controller bootstrapped with the orch
// CLI, whose admin password then reaches a second provider block only
// through the ephemeral orch_controller), and, in hub mode,
// orch_hub_controller password_wo.

// secretsConfig uses every provider, with the credentials of the
// environment, and keeps what is secret in state only.
const secretsConfig = `
data "netfab_location" "any" {
  id = 1
}

resource "netfab_port" "edge" {
  product_name         = "r5-edge"
  location_id          = data.netfab_location.any.id
  port_speed           = 10000
  contract_term_months = 1
}

# A virtual edge's vendor configuration holds the appliance's secrets: a
# sensitive account key, and the firewall's write-only admin password.
resource "netfab_mve" "sdwan" {
  product_name         = "r5-sdwan"
  location_id          = data.netfab_location.any.id
  contract_term_months = 1
  vendor_config = {
    vendor       = "aruba"
    image_id     = 9
    product_size = "SMALL"
    account_name = "r5-account"
    account_key  = "r5-mve-account-key-3f1e"
    system_tag   = "r5-tag"
  }
}

resource "netfab_mve" "firewall" {
  product_name         = "r5-firewall"
  location_id          = data.netfab_location.any.id
  contract_term_months = 1
  vendor_config = {
    vendor         = "cisco"
    image_id       = 14
    product_size   = "MEDIUM"
    manage_locally = true
    admin_password = "r5-firewall-password-77a0"
  }
  vnics = [{ description = "a" }, { description = "b" }, { description = "c" }, { description = "d" }]
}

resource "cloudnative_migration_import_job" "job" {
  import_job_id = "r5-job"
}

resource "cloudnative_migration_import_data_file" "file" {
  import_job_id       = cloudnative_migration_import_job.job.import_job_id
  import_data_file_id = "r5-file"
  format              = "IMPORT_JOB_FORMAT_MANUAL_CSV"
}

output "upload_uri" {
  value     = cloudnative_migration_import_data_file.file.upload_file_info.signed_uri
  sensitive = true
}

data "fwmgr_os_show_api_versions" "v" {}

resource "orch_model" "m" {
  name = "r5-model"
}

resource "orch_secret" "s" {
  model_uuid = orch_model.m.uuid
  name       = "r5-secret"
  value = {
    password = "r5-secret-value-91c2f"
  }
}
`

// ephemeralConfig holds the write-only arguments and ephemeral resources.
// The provisioners write what they were given into files of the working
// directory, so that the test knows the values to look for.
const ephemeralConfig = `
variable "wo_value" {
  type      = string
  sensitive = true
  ephemeral = true
}

variable "wo_version" {
  type = number
}

variable "client_key" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "orch_secret" "wo" {
  model_uuid       = orch_model.m.uuid
  name             = "r5-write-only"
  value_wo         = { password = var.wo_value }
  value_wo_version = var.wo_version
}

resource "orch_cloud" "r5" {
  name       = "r5-cloud"
  type       = "lxd"
  auth_types = ["certificate"]
}

resource "orch_credential" "r5" {
  name      = "r5-credential"
  auth_type = "certificate"
  cloud {
    name = orch_cloud.r5.name
  }
  attributes_wo = {
    client-cert = "r5-client-cert"
    client-key  = var.client_key
  }
  attributes_wo_version = var.wo_version
}

variable "user_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "orch_user" "r5" {
  name                = "r5-user"
  password_wo         = var.user_password
  password_wo_version = var.wo_version
}

variable "registry_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "orch_model" "k8s" {
  name = "r5-k8s"
  cloud {
    name = "microk8s"
  }
}

resource "orch_application" "dns" {
  model_uuid = orch_model.k8s.uuid
  name       = "dns"
  charm {
    name = "coredns"
  }
  resources = {
    coredns-image = "registry.local:5000/team/coredns:1"
  }
  registry_credentials = {
    "registry.local:5000" = { username = "r5-robot", password_wo = var.registry_password, password_wo_version = var.wo_version }
  }
}

# A controller bootstrapped with the orch CLI, its credential and admin
# password write-only; a second provider block reaches it through the
# ephemeral orch_controller, with the password in no state.
provider "orch" {
  alias           = "boot"
  controller_mode = true
}

variable "orch_binary" {
  type = string
}

variable "admin_secret" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "orch_controller" "r5" {
  provider    = orch.boot
  name        = "r5-controller"
  orch_binary = var.orch_binary
  cloud = {
    name       = "localhost"
    type       = "lxd"
    auth_types = ["certificate"]
  }
  cloud_credential = {
    name                  = "ops"
    auth_type             = "certificate"
    attributes_wo         = { client-cert = "r5-client-cert", client-key = var.client_key }
    attributes_wo_version = var.wo_version
  }
  admin_secret_wo         = var.admin_secret
  admin_secret_wo_version = var.wo_version
  destroy_flags = {
    destroy_all_models = true
  }
}

ephemeral "orch_controller" "r5" {
  provider        = orch.boot
  name            = orch_controller.r5.name
  controller_uuid = orch_controller.r5.controller_uuid
  orch_binary     = var.orch_binary
}

provider "orch" {
  alias                = "r5"
  controller_addresses = ephemeral.orch_controller.r5.controller_addresses
  ca_certificate       = ephemeral.orch_controller.r5.ca_certificate
  username             = ephemeral.orch_controller.r5.username
  password             = ephemeral.orch_controller.r5.password
}

resource "orch_model" "on_r5" {
  provider   = orch.r5
  name       = "r5-on-controller"
  credential = "ops"
}

ephemeral "orch_secret" "s" {
  model_uuid = orch_model.m.uuid
  name       = orch_secret.s.name
}

resource "orch_secret" "copy" {
  model_uuid       = orch_model.m.uuid
  name             = "r5-copy"
  value_wo         = ephemeral.orch_secret.s.value
  value_wo_version = 1
}

ephemeral "netfab_access_token" "tool" {}

ephemeral "fwmgr_session" "tool" {}

ephemeral "cloudnative_migration_upload" "file" {
  import_data_file = cloudnative_migration_import_data_file.file.name
}

resource "terraform_data" "tools" {
  triggers_replace = [cloudnative_migration_import_data_file.file.name]

  provisioner "local-exec" {
    command = <<-EOT
      curl --fail --silent --show-error -H "Authorization: Bearer $NETFAB_TOKEN" "$NETFAB_API/v3/locations" > /dev/null
      printf %s "$NETFAB_TOKEN" > netfab-token.txt
      curl --fail --silent --show-error -X POST -H 'Content-Type: application/json' -H "$FWMGR_HEADER: $FWMGR_SID" -d '{}' "$FWMGR_URL/show-api-versions" > /dev/null
      printf %s "$FWMGR_SID" > fwmgr-sid.txt
      printf 'name,cpus\nvm-1,2\n' > inventory.csv
      curl --fail --silent --show-error -X PUT -H "Content-Type: $UPLOAD_TYPE" -H "x-cloudnative-content-length-range: $UPLOAD_RANGE" --data-binary @inventory.csv "$UPLOAD_URI" > /dev/null
      printf %s "$UPLOAD_URI" > upload-uri.txt
    EOT
    environment = {
      NETFAB_TOKEN = ephemeral.netfab_access_token.tool.access_token
      NETFAB_API   = ephemeral.netfab_access_token.tool.endpoint
      FWMGR_SID    = ephemeral.fwmgr_session.tool.sid
      FWMGR_HEADER = ephemeral.fwmgr_session.tool.session_header
      FWMGR_URL    = ephemeral.fwmgr_session.tool.url
      UPLOAD_URI   = ephemeral.cloudnative_migration_upload.file.signed_uri
      UPLOAD_TYPE  = ephemeral.cloudnative_migration_upload.file.headers["Content-Type"]
      UPLOAD_RANGE = ephemeral.cloudnative_migration_upload.file.headers["x-cloudnative-content-length-range"]
    }
  }
}
`

// The write-only values of the runs: the first apply's, and the rotation's.
const (
	r5WriteOnlyOne = "r5-write-only-one-6a1c0e"
	r5WriteOnlyTwo = "r5-write-only-two-d24b97"
	r5ClientKey    = "r5-client-key-one-0f5e3a"
	r5ClientKeyTwo = "r5-client-key-two-9c61d8"
	r5UserOne      = "r5-user-password-one-58e0"
	r5UserTwo      = "r5-user-password-two-a3c7"
	r5RegistryOne  = "r5-registry-password-one-7d21"
	r5RegistryTwo  = "r5-registry-password-two-e94f"
	r5AdminOne     = "r5-admin-secret-one-2b6d"
	r5AdminTwo     = "r5-admin-secret-two-f0c3"
)

// hubSecretsConfig is a small hub configuration: a group, a role and the
// role's grant to the group.
const hubSecretsConfig = `
resource "orch_hub_group" "ops" {
  name = "r5-ops"
}

resource "orch_hub_role" "deployer" {
  name = "r5-deployer"
}

resource "orch_hub_access_role" "deployers" {
  role_id = orch_hub_role.deployer.uuid
  access  = "assignee"
  groups  = [orch_hub_group.ops.uuid]
}

# The suite's controller registered with a write-only password.
variable "controller_uuid" {
  type = string
}

variable "controller_address" {
  type = string
}

variable "controller_ca" {
  type = string
}

variable "controller_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "orch_hub_controller" "r5" {
  name                = "r5-registered"
  uuid                = var.controller_uuid
  api_addresses       = [var.controller_address]
  ca_certificate      = var.controller_ca
  username            = "admin"
  password_wo         = var.controller_password
  password_wo_version = 1
  force               = true
}
`

// bearerToken matches an Authorization header value with its token.
var bearerToken = regexp.MustCompile(`(?i)bearer\s+[A-Za-z0-9._~+/=-]{16,}`)

func TestR5NoSecretInTerraformOutputOrTraceLogs(t *testing.T) {
	s := startServices(t, nil)
	ctx := context.Background()
	dir := s.workdir(t, map[string]string{"main.tf": secretsConfig, "ephemeral.tf": ephemeralConfig})
	// The variables of every run (a destroy needs them as well); curl, which
	// the provisioner runs, trusts the sandboxes' CA.
	vars := []string{"TF_VAR_wo_value=" + r5WriteOnlyOne, "TF_VAR_wo_version=1", "TF_VAR_client_key=" + r5ClientKey,
		"TF_VAR_user_password=" + r5UserOne, "TF_VAR_registry_password=" + r5RegistryOne, "TF_VAR_admin_secret=" + r5AdminOne,
		"CURL_CA_BUNDLE=" + os.Getenv("SSL_CERT_FILE"),
		// The orch CLI that bootstraps orch_controller, with a data directory
		// of this run's own.
		"TF_VAR_orch_binary=" + filepath.Join(s.bin, "orch"), "ORCH_DATA_DIR=" + filepath.Join(dir, ".orch")}
	trace := append([]string{"TF_LOG=TRACE"}, vars...)

	var logs []string
	run := func(env []string, args ...string) tfResult {
		res := s.terraform(ctx, dir, env, args...)
		logs = append(logs, res.out)
		return res
	}
	res := run(trace, "apply", "-auto-approve", "-input=false", "-no-color")
	require.NoError(t, res.err, "apply:\n%s", outputTail(res.out))
	res = run(trace, "plan", "-input=false", "-no-color", "-detailed-exitcode")
	require.NoError(t, res.err, "second plan is empty:\n%s", outputTail(res.out))
	uri := s.terraform(ctx, dir, nil, "output", "-raw", "upload_uri")
	require.NoError(t, uri.err)
	require.Contains(t, uri.out, "https://", "the signed upload address is in state")
	// What the ephemeral resources gave the provisioner.
	opened := map[string]string{}
	for what, file := range map[string]string{"netfab access token": "netfab-token.txt", "fwmgr session": "fwmgr-sid.txt", "fresh upload address": "upload-uri.txt"} {
		b, err := os.ReadFile(filepath.Join(dir, file))
		require.NoError(t, err, "the provisioner got the %s", what)
		require.Greater(t, len(b), 8, "the provisioner got the %s", what)
		opened[what] = string(b)
	}
	opened["fresh upload address's signature"] = signature(t, opened["fresh upload address"])
	// A new version rotates the write-only values, with no other change.
	rotate := append([]string{"TF_LOG=TRACE", "TF_VAR_wo_value=" + r5WriteOnlyTwo, "TF_VAR_wo_version=2", "TF_VAR_client_key=" + r5ClientKeyTwo,
		"TF_VAR_user_password=" + r5UserTwo, "TF_VAR_registry_password=" + r5RegistryTwo, "TF_VAR_admin_secret=" + r5AdminTwo}, vars[6:]...)
	res = run(rotate, "apply", "-auto-approve", "-input=false", "-no-color")
	require.NoError(t, res.err, "apply of the rotation:\n%s", outputTail(res.out))
	require.Contains(t, res.out, "5 changed",
		"the rotation updates the secret, the credential, the user, the application and the controller in place")
	trace, vars = rotate, rotate[1:]
	state := s.terraform(ctx, dir, nil, "show", "-json")
	require.NoError(t, state.err)

	// The API key of fwmgr and the hub's client secret take other runs: the
	// key replaces the password, and hub mode is another provider
	// configuration, applied and destroyed below.
	apiKey := []string{"TF_LOG=TRACE", "FWMGR_USERNAME=", "FWMGR_PASSWORD=", "FWMGR_API_KEY=" + fwmgrsandbox.DefaultAPIKey}
	res = run(append(apiKey, vars...), "plan", "-input=false", "-no-color", "-refresh=true")
	require.NoError(t, res.err, "plan with the fwmgr API key:\n%s", outputTail(res.out))
	res = run(trace, "destroy", "-auto-approve", "-input=false", "-no-color")
	require.NoError(t, res.err, "destroy:\n%s", outputTail(res.out))

	// Hub mode: a service account of the hub, with a client secret of its
	// own, applies, plans and destroys a group, a role and the role's
	// grant, with the bearer tokens the hub issues it.
	const clientID, clientSecret = "r5-ci", "r5-hub-client-secret-0b77"
	createServiceAccount(t, s.hub, clientID, clientSecret, true)
	hubDir := s.workdir(t, map[string]string{"main.tf": hubSecretsConfig})
	orchAdmin, err := orchclient.New(orchclient.Config{Addresses: []string{s.orchAddress}, Username: "admin", Password: orchAdminPassword, CACertificate: s.orchCACert})
	require.NoError(t, err)
	info, err := orchAdmin.Controller(ctx)
	require.NoError(t, err)
	hubVars := []string{"TF_LOG=TRACE", "TF_VAR_controller_uuid=" + info.UUID, "TF_VAR_controller_address=" + s.orchAddress,
		"TF_VAR_controller_ca=" + s.orchCACert, "TF_VAR_controller_password=" + orchAdminPassword}
	hubRun := func(args ...string) tfResult {
		res := s.terraform(ctx, hubDir, append(s.hub.env(clientID, clientSecret), hubVars...), args...)
		logs = append(logs, res.out)
		return res
	}
	hubBefore := s.hub.requests.count()
	res = hubRun("apply", "-auto-approve", "-input=false", "-no-color")
	require.NoError(t, res.err, "hub-mode apply:\n%s", outputTail(res.out))
	res = hubRun("plan", "-input=false", "-no-color", "-detailed-exitcode")
	require.NoError(t, res.err, "second hub-mode plan is empty:\n%s", outputTail(res.out))
	registered, err := s.hub.admin.Controller(ctx, "r5-registered")
	require.NoError(t, err)
	require.Equal(t, "available", registered.Status, "the hub logged in to the controller with the write-only password")
	hubState := s.terraform(ctx, hubDir, append(s.hub.env(clientID, clientSecret), hubVars[1:]...), "show", "-json")
	require.NoError(t, hubState.err)
	require.Contains(t, hubState.out, "r5-registered")
	res = hubRun("destroy", "-auto-approve", "-input=false", "-no-color")
	require.NoError(t, res.err, "hub-mode destroy:\n%s", outputTail(res.out))
	hubRequests := s.hub.requests.since(hubBefore)
	require.Contains(t, hubRequests, "POST /oauth2/token", "the provider obtained bearer tokens from the hub")
	require.Contains(t, hubRequests, "POST /v1/hub/groups", "the group was created through the hub")
	tokens := s.hub.issued.since(0)
	require.NotEmpty(t, tokens, "the hub's answers carried bearer tokens")

	leaks := 0
	secrets := map[string]string{
		"netfab secret key":             netfabsandbox.DefaultSecretKey,
		"MVE account key":               "r5-mve-account-key-3f1e",
		"MVE write-only admin password": "r5-firewall-password-77a0",
		"cloudnative token":             migrationsandbox.DefaultToken,
		"fwmgr password":                fwmgrsandbox.DefaultPassword,
		"fwmgr API key":                 fwmgrsandbox.DefaultAPIKey,
		"orch password":                 orchAdminPassword,
		"orch hub client secret":        clientSecret,
		"orch hub administrator secret": hubAdminSecret,
		"orch secret value":             "r5-secret-value-91c2f",
		"signed upload URI":             strings.TrimSpace(uri.out),
		"signed upload URI's signature": signature(t, strings.TrimSpace(uri.out)),
		"write-only secret value":       r5WriteOnlyOne,
		"rotated write-only value":      r5WriteOnlyTwo,
		"write-only credential key":     r5ClientKey,
		"rotated credential key":        r5ClientKeyTwo,
		"write-only user password":      r5UserOne,
		"rotated user password":         r5UserTwo,
		"write-only registry password":  r5RegistryOne,
		"rotated registry password":     r5RegistryTwo,
		"write-only admin secret":       r5AdminOne,
		"rotated admin secret":          r5AdminTwo,
	}
	for what, v := range opened {
		secrets[what] = v
	}
	// Nothing of the write-only arguments or the ephemeral resources is in
	// the state either (the orch secret's value, in state by design, and
	// the data file's own address, are not looked for there).
	for what, v := range secrets {
		if strings.Contains(what, "write-only") || strings.Contains(what, "rotated") || opened[what] != "" {
			if strings.Contains(state.out, v) {
				leaks++
				t.Errorf("the %s is in the state", what)
			}
		}
	}
	// The hub's state has nothing of the controller's write-only password.
	if strings.Contains(hubState.out, orchAdminPassword) {
		leaks++
		t.Errorf("the hub controller's write-only password is in the hub-mode state")
	}
	for i, tok := range tokens {
		secrets[fmt.Sprintf("hub bearer token %d", i+1)] = tok
	}
	all := strings.Join(logs, "\n")
	require.Contains(t, all, "ephemeral.netfab_access_token.tool", "the ephemeral resources' logs were captured")
	require.Greater(t, len(all), 100_000, "the TRACE logs were captured")
	// The providers' own logs are among them: they name the endpoints they
	// were configured with.
	require.Contains(t, all, s.netfabURL, "netfab's logs were captured")
	require.Contains(t, all, s.migrationURL, "cloudnative's logs were captured")
	require.Contains(t, all, s.hub.address, "the hub-mode provider's logs were captured")
	for what, secret := range secrets {
		if n := strings.Count(all, secret); n > 0 {
			leaks++
			t.Errorf("the %s appears %d times in terraform's output and logs, first near: %s", what, n, around(all, secret))
		}
	}
	if m := bearerToken.FindString(all); m != "" {
		leaks++
		t.Errorf("a bearer token appears in terraform's output and logs: %s", around(all, m))
	}
	Report(t, Row{Scenario: "R5 secrets in output", Runs: len(logs), Checked: len(secrets) + 1})
	require.Zero(t, leaks)
}

// signature returns the query of a signed address, the part that grants the
// upload.
func signature(t *testing.T, uri string) string {
	t.Helper()
	_, q, ok := strings.Cut(uri, "?")
	require.True(t, ok, "the signed upload address has a query: %s", uri)
	require.Greater(t, len(q), 16)
	return q
}

// around shows the secret's first occurrence in context, with the secret
// itself masked, so that a failure does not print it whole.
func around(s, secret string) string {
	i := strings.Index(s, secret)
	lo, hi := max(0, i-200), min(len(s), i+len(secret)+100)
	return strings.ReplaceAll(s[lo:hi], secret, "<"+secret[:min(4, len(secret))]+"…>")
}

func outputTail(s string) string {
	if len(s) > 4000 {
		return s[len(s)-4000:]
	}
	return s
}
