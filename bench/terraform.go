package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// addressPrefix is the Terraform source address of the providers,
// <addressPrefix>/<name>, as in GNUmakefile.
const addressPrefix = "iacsuite.example/iacsuite"

// writeCLIConfig writes the Terraform CLI configuration every run uses:
// dev_overrides that take the providers from bin/ (no registry, no init), and
// a plugin cache.
func (c *config) writeCLIConfig() error {
	var b strings.Builder
	b.WriteString("provider_installation {\n  dev_overrides {\n")
	for _, p := range providers {
		fmt.Fprintf(&b, "    %q = %q\n", addressPrefix+"/"+p.name, c.bin)
	}
	b.WriteString("  }\n  direct {}\n}\n")
	fmt.Fprintf(&b, "plugin_cache_dir = %q\n", filepath.Join(c.work, "plugin-cache"))
	if err := os.MkdirAll(filepath.Join(c.work, "plugin-cache"), 0o755); err != nil {
		return err
	}
	c.cliConfig = filepath.Join(c.work, "terraformrc")
	return os.WriteFile(c.cliConfig, []byte(b.String()), 0o644)
}

// tfDir writes a Terraform configuration into a new directory.
func (c *config) tfDir(name, hcl string) (string, error) {
	dir, err := os.MkdirTemp(c.work, name+"-")
	if err != nil {
		return "", err
	}
	return dir, os.WriteFile(filepath.Join(dir, "main.tf"), []byte(hcl), 0o644)
}

// tfRun is one terraform command's outcome.
type tfRun struct {
	wall     time.Duration
	cpu      time.Duration // terraform and the providers it started
	exitCode int
}

// terraform runs `terraform <args>` in dir with the CLI configuration and
// env; its output goes to <dir>/<first arg>.log. Exit code 2 of a plan with
// -detailed-exitcode is not an error.
func (c *config) terraform(ctx context.Context, dir string, env []string, args ...string) (tfRun, error) {
	return c.terraformOf(ctx, "terraform", dir, env, args...)
}

// terraformOf is terraform with another Terraform binary (a newer one, for
// commands the one on PATH lacks).
func (c *config) terraformOf(ctx context.Context, binary, dir string, env []string, args ...string) (tfRun, error) {
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE="+c.cliConfig, "TF_PLUGIN_CACHE_DIR="+filepath.Join(c.work, "plugin-cache"),
		"CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1", c.marker())
	cmd.Env = append(cmd.Env, env...)
	logPath := filepath.Join(dir, args[0]+".log")
	out, err := os.Create(logPath)
	if err != nil {
		return tfRun{}, err
	}
	defer out.Close()
	cmd.Stdout, cmd.Stderr = out, out
	start := time.Now()
	err = cmd.Run()
	r := tfRun{wall: time.Since(start)}
	if cmd.ProcessState != nil {
		r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		r.exitCode = cmd.ProcessState.ExitCode()
	}
	if err != nil && (r.exitCode != 2 || !contains(args, "-detailed-exitcode")) {
		tail, _ := os.ReadFile(logPath)
		if len(tail) > 2000 {
			tail = tail[len(tail)-2000:]
		}
		return r, fmt.Errorf("terraform %s: %w\n%s", strings.Join(args, " "), err, tail)
	}
	return r, nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// apply and plan are the commands the benchmarks time.
func (c *config) apply(ctx context.Context, dir string, env []string) (tfRun, error) {
	return c.terraform(ctx, dir, env, "apply", "-auto-approve", "-input=false", "-no-color", "-compact-warnings")
}

func (c *config) plan(ctx context.Context, dir string, env []string) (tfRun, error) {
	return c.terraform(ctx, dir, env, "plan", "-input=false", "-no-color", "-detailed-exitcode")
}

// terraformData is the floor configuration: n terraform_data resources,
// which Terraform core implements itself, with no provider and no I/O, each
// with pad bytes of padding in its input (which terraform_data also stores
// as its output) so that their state is as large as a provider's.
func terraformData(n, pad int) string {
	return fmt.Sprintf(`resource "terraform_data" "r" {
  count = %d
  input = "bench-${count.index}%s"
}
`, n, strings.Repeat("x", pad))
}

// marker is the environment entry every command the harness runs gets, by
// which cpuByName tells this run's processes from others on the machine.
func (c *config) marker() string { return "IACSUITE_BENCH_RUN=" + c.work }

// requiredProvider is the terraform block of one of our providers.
func requiredProvider(name string) string {
	return fmt.Sprintf("terraform {\n  required_providers {\n    %s = {\n      source = %q\n    }\n  }\n}\n\n", name, addressPrefix+"/"+name)
}
