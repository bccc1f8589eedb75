package acctest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"testing"

	"github.com/hashicorp/go-version"
)

// Terraform versions that features of the providers need (README
// "Terraform versions").
var (
	// TerraformIdentity: resource identity, import blocks with identity
	// (Terraform 1.12).
	TerraformIdentity = version.Must(version.NewVersion("1.12.0"))
	// TerraformQuery: list resources and `terraform query` (Terraform 1.14).
	TerraformQuery = version.Must(version.NewVersion("1.14.0"))
	// TerraformActions is the first Terraform with actions (`action`
	// blocks, `terraform apply -invoke`, action_trigger).
	TerraformActions = version.Must(version.NewVersion("1.14.0"))
	// TerraformWriteOnly: write-only arguments (Terraform 1.11).
	TerraformWriteOnly = version.Must(version.NewVersion("1.11.0"))
	// TerraformEphemeral: ephemeral resources, and their values in provider
	// blocks and write-only arguments (Terraform 1.10; with write-only
	// arguments 1.11).
	TerraformEphemeral = version.Must(version.NewVersion("1.11.0"))
)

// EnvSkipNewerTerraform, when set to a non-empty value, turns a test that
// needs a newer Terraform than the one in use into a skip instead of a
// failure (`make test TF_ACC_SKIP_NEWER_TERRAFORM=1`, for a machine
// without a new enough Terraform).
const EnvSkipNewerTerraform = "TF_ACC_SKIP_NEWER_TERRAFORM"

var terraformVersions sync.Map // binary path -> versionResult

type versionResult struct {
	v   *version.Version
	err error
}

// TerraformVersion is the version of the terraform binary at path, asked
// once per binary (`terraform version -json`).
func TerraformVersion(path string) (*version.Version, error) {
	if r, ok := terraformVersions.Load(path); ok {
		r := r.(versionResult) //nolint:forcetypeassert // only versionResult is stored
		return r.v, r.err
	}
	v, err := terraformVersion(path)
	terraformVersions.Store(path, versionResult{v, err})
	return v, err
}

func terraformVersion(path string) (*version.Version, error) {
	out, err := exec.Command(path, "version", "-json").Output()
	if err != nil {
		return nil, fmt.Errorf("%s version -json: %w", path, err)
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	// OpenTofu prints its warnings (a TF_CLI_CONFIG_FILE that does not
	// exist, say) on stdout before the JSON: the object starts at the
	// first line that opens one.
	if i := bytes.Index(out, []byte("\n{")); i >= 0 && !bytes.HasPrefix(out, []byte("{")) {
		out = out[i+1:]
	}
	if err := json.NewDecoder(bytes.NewReader(out)).Decode(&v); err != nil {
		return nil, fmt.Errorf("%s version -json: %w", path, err)
	}
	return version.NewVersion(v.Version)
}

// RequireTerraform fails t unless the terraform of the acceptance tests
// (TF_ACC_TERRAFORM_PATH) is at least min, which feature needs; with
// TF_ACC_SKIP_NEWER_TERRAFORM set it skips t instead. A test never passes
// silently on a Terraform that cannot run it.
func RequireTerraform(t testing.TB, min *version.Version, feature string) {
	t.Helper()
	path := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if path == "" {
		p, err := exec.LookPath("terraform")
		if err != nil {
			t.Fatalf("%s needs Terraform %s or newer, and there is no terraform: set TF_ACC_TERRAFORM_PATH (make test-acc does)", feature, min)
		}
		path = p
	}
	have, err := TerraformVersion(path)
	if err != nil {
		t.Fatalf("%s needs Terraform %s or newer: %v", feature, min, err)
	}
	if msg, ok := terraformTooOld(path, have, min, feature); !ok {
		if os.Getenv(EnvSkipNewerTerraform) != "" {
			t.Skipf("%s (skipped: %s is set)", msg, EnvSkipNewerTerraform)
		}
		t.Fatalf("%s. make test-acc installs Terraform 1.15 into bin/tf-1.15 when ../shared/tools/terraform exists; "+
			"or set TF_ACC_TERRAFORM_PATH to a newer terraform, or %s=1 to skip such tests", msg, EnvSkipNewerTerraform)
	}
}

// terraformTooOld says whether have is at least min, and if not, why.
func terraformTooOld(path string, have, min *version.Version, feature string) (string, bool) {
	if have.Core().GreaterThanOrEqual(min) {
		return "", true
	}
	return fmt.Sprintf("%s needs Terraform %s or newer; TF_ACC_TERRAFORM_PATH (%s) is Terraform %s", feature, min, path, have), false
}
