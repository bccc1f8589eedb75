package acctest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// fakeTerraform writes a terraform that answers `version -json` with v.
func fakeTerraform(t *testing.T, v string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "terraform")
	script := fmt.Sprintf("#!/bin/sh\necho '{\"terraform_version\": \"%s\", \"platform\": \"linux_amd64\"}'\n", v)
	if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// outcome is what RequireTerraform did to a test.
type outcome struct {
	testing.TB
	failed, skipped string
}

func (o *outcome) Helper() {}
func (o *outcome) Fatalf(format string, args ...any) {
	o.failed = fmt.Sprintf(format, args...)
	runtime.Goexit()
}
func (o *outcome) Skipf(format string, args ...any) {
	o.skipped = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func require(t *testing.T, path, skip string) *outcome {
	t.Setenv("TF_ACC_TERRAFORM_PATH", path)
	t.Setenv(EnvSkipNewerTerraform, skip)
	o := &outcome{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		RequireTerraform(o, TerraformIdentity, "resource identity")
	}()
	<-done
	return o
}

func TestRequireTerraformFailsOnAnOlderTerraformNamingTheVersion(t *testing.T) {
	o := require(t, fakeTerraform(t, "1.11.4"), "")
	if o.skipped != "" || !strings.Contains(o.failed, "resource identity needs Terraform 1.12.0 or newer") ||
		!strings.Contains(o.failed, "is Terraform 1.11.4") || !strings.Contains(o.failed, EnvSkipNewerTerraform) {
		t.Fatalf("failed %q, skipped %q", o.failed, o.skipped)
	}
}

func TestRequireTerraformSkipsOnlyWhenToldTo(t *testing.T) {
	o := require(t, fakeTerraform(t, "1.11.4"), "1")
	if o.failed != "" || !strings.Contains(o.skipped, "needs Terraform 1.12.0 or newer") {
		t.Fatalf("failed %q, skipped %q", o.failed, o.skipped)
	}
}

func TestRequireTerraformPassesOnANewEnoughTerraform(t *testing.T) {
	for _, v := range []string{"1.12.0", "1.15.9", "1.12.0-beta1"} {
		o := require(t, fakeTerraform(t, v), "")
		if o.failed != "" || o.skipped != "" {
			t.Fatalf("%s: failed %q, skipped %q", v, o.failed, o.skipped)
		}
	}
}

func TestRequireTerraformFailsWhenTheVersionCannotBeRead(t *testing.T) {
	o := require(t, filepath.Join(t.TempDir(), "no-terraform"), "1")
	if !strings.Contains(o.failed, "needs Terraform 1.12.0 or newer") {
		t.Fatalf("failed %q, skipped %q", o.failed, o.skipped)
	}
}
