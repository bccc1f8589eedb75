package cloudnative

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	migrationapi "github.com/iacsuite/providers/internal/api/migration"
	client "github.com/iacsuite/providers/internal/client/migration"
	sandbox "github.com/iacsuite/providers/internal/sandbox/migration"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
	"github.com/iacsuite/providers/internal/wait"
)

// Acceptance tests run the real terraform binary (TF_ACC=1,
// TF_ACC_TERRAFORM_PATH) against migration sandboxes served in this process.

// testDelay is how long the shared sandbox's operations run: short, but long
// enough that every create and delete really polls its operation.
const testDelay = 50 * time.Millisecond

const testProject = "acc-project"

var (
	// sandboxURL is the shared sandbox, started once in TestMain.
	sandboxURL string
	// api talks to the shared sandbox directly, to check what Terraform did
	// and to change things behind its back.
	api *client.Client
)

var protoV6ProviderFactories = acctest.ProviderFactories("cloudnative", New("test"))

func TestMain(m *testing.M) {
	acctest.ServePluginIfAsked("cloudnative", New("test"))
	tb, cleanup := sandboxtest.ForMain()
	sandboxURL = startSandbox(tb, testDelay, nil)
	// The token comes from the environment, as users commonly configure it.
	os.Setenv(EnvAccessToken, sandbox.DefaultToken)
	var err error
	api, err = newAPI(sandboxURL)
	if err != nil {
		tb.Fatalf("client: %v", err)
	}
	code := m.Run()
	cleanup()
	os.Exit(code)
}

func newAPI(endpoint string) (*client.Client, error) {
	return client.New(client.Config{
		Endpoint:    endpoint,
		AccessToken: sandbox.DefaultToken,
		PollBackoff: wait.Backoff{Initial: 20 * time.Millisecond, Factor: 1.5, Max: 200 * time.Millisecond},
	})
}

// startSandbox serves a fresh migration sandbox with its own store; wrap,
// when set, wraps its handler.
func startSandbox(t sandboxtest.TB, delay time.Duration, wrap func(http.Handler) http.Handler) string {
	return acctest.StartSandbox(t, "migration", func(st *store.Store) (http.Handler, error) {
		h, err := sandbox.New(sandbox.Config{Store: st, OperationDelay: delay})
		if err == nil && wrap != nil {
			h = wrap(h)
		}
		return h, err
	})
}

// providerConfig is the provider block of most test configurations: the
// shared sandbox, a default project, and the location given.
func providerConfig(location string, extra ...string) string {
	return providerConfigAt(sandboxURL, location, extra...)
}

func providerConfigAt(endpoint, location string, extra ...string) string {
	body := ""
	for _, e := range extra {
		body += e + "\n"
	}
	return fmt.Sprintf("provider \"cloudnative\" {\n  endpoint = %q\n  project  = %q\n  location = %q\n%s}\n",
		endpoint, testProject, location, body)
}

var accPreCheck = acctest.PreCheck

// testLocation gives each test its own location, so tests sharing the
// sandbox cannot see each other's jobs and files.
func testLocation(t *testing.T) string {
	s := strings.ToLower(regexp.MustCompile(`[^A-Za-z0-9]+`).ReplaceAllString(t.Name(), "-"))
	s = strings.Trim(strings.TrimPrefix(s, "testacc"), "-")
	if len(s) > 50 {
		s = s[len(s)-50:]
	}
	return "loc-" + strings.Trim(s, "-")
}

func countFiles(t *testing.T, c *client.Client, job string) int {
	t.Helper()
	files, err := c.ListImportDataFiles(context.Background(), job)
	if client.IsNotFound(err) {
		return 0
	}
	require.NoError(t, err)
	return len(files)
}

func TestAccProvider_configurationErrors(t *testing.T) {
	accPreCheck(t)
	job := `
resource "cloudnative_migration_import_job" "j" {
  import_job_id = "job"
}`
	for _, tc := range []struct {
		name, config, want string
		env                map[string]string
	}{
		{
			name:   "endpoint not https",
			config: "provider \"cloudnative\" {\n  endpoint = \"http://127.0.0.1:18444\"\n  project = \"p1\"\n  location = \"l1\"\n}" + job,
			want:   `endpoint must be an https:// base address`,
		},
		{
			name:   "bad operation timeout",
			config: providerConfig("l1", `  operation_timeout = "soon"`) + job,
			want:   `operation_timeout must be a positive Go duration`,
		},
		{
			name:   "bad default project",
			config: "provider \"cloudnative\" {\n  project = \"Not_A_Project\"\n}" + job,
			want:   `(?s)project.*must be 1 to 63 characters`,
		},
		{
			name:   "missing access token",
			config: providerConfig("l1") + job,
			env:    map[string]string{EnvAccessToken: ""},
			want:   `Missing access token`,
		},
		{
			name:   "no project anywhere",
			config: "provider \"cloudnative\" {\n  endpoint = \"" + sandboxURL + "\"\n  location = \"l1\"\n}" + job,
			env:    map[string]string{EnvProject: ""},
			want:   `(?s)Missing project.*Set project on the resource, or on the provider`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      tc.config,
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

// deleteBehindTerraform deletes the resource at address directly at the
// service with del, as a colleague with the console would, and waits until
// it is gone.
func deleteBehindTerraform(address string, del func(ctx context.Context, name string) (migrationapi.Operation, error)) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		rs, ok := s.RootModule().Resources[address]
		if !ok {
			return fmt.Errorf("%s not in state", address)
		}
		ctx := context.Background()
		op, err := del(ctx, rs.Primary.ID)
		if err != nil {
			return err
		}
		_, err = api.WaitOperation(ctx, op, time.Minute)
		return err
	}
}
