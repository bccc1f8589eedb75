// Package workflowtest runs the real terraform binary the way users run it
// every day: configurations with a required_providers block, `import`
// blocks with `terraform plan -generate-config-out`, apply, and a second
// plan. The provider under test is served in this process and handed to
// Terraform through TF_REATTACH_PROVIDERS, as terraform-plugin-testing does,
// so that each provider package tests against its own shared sandbox.
//
// A provider package declares one import case per resource type in its
// all_resources_import_generated_config_test.go (see ImportCase and TestImports); a
// resource without a case fails the test, so that every resource added
// later gets one.
package workflowtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
)

// AddressPrefix is the host and namespace of every provider's source
// address, ADDRESS_PREFIX of GNUmakefile.
const AddressPrefix = "iacsuite.example/iacsuite"

// Provider is the provider under test.
type Provider struct {
	// Name is the provider's type name (netfab).
	Name string
	// New makes the provider, as its package's New(version) does.
	New func() provider.Provider
	// Config is the provider block of every configuration (may be empty
	// when the provider reads its settings from the environment).
	Config string
	// ByIdentity: every resource has an identity (Terraform 1.12+), and
	// TestImports imports each object a second time, by identity (an import
	// block with identity = { ... } from the state of the object).
	ByIdentity bool
}

// Address is the provider's source address.
func (p Provider) Address() string { return AddressPrefix + "/" + p.Name }

// header is the terraform block and provider block every configuration
// starts with.
func (p Provider) header() string {
	return fmt.Sprintf("terraform {\n  required_providers {\n    %s = { source = %q }\n  }\n}\n\n%s\n", p.Name, p.Address(), p.Config)
}

// TerraformPath is the terraform binary: TF_ACC_TERRAFORM_PATH, else the one
// on PATH; the test is skipped when there is none.
func TerraformPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("TF_ACC_TERRAFORM_PATH"); p != "" {
		return p
	}
	p, err := exec.LookPath("terraform")
	if err != nil {
		t.Skip("terraform is not on PATH")
	}
	return p
}

// Workdir is a Terraform working directory of one test.
type Workdir struct {
	t        *testing.T
	Dir      string
	provider Provider
	tf       string
}

// NewWorkdir makes a working directory holding config after the provider's
// header, and runs terraform init in it.
func NewWorkdir(t *testing.T, p Provider, config string) *Workdir {
	t.Helper()
	w := &Workdir{t: t, Dir: t.TempDir(), provider: p, tf: TerraformPath(t)}
	w.WriteFile("main.tf", p.header()+config)
	w.MustRun("init", "-input=false", "-no-color")
	return w
}

// WriteFile writes a file of the working directory.
func (w *Workdir) WriteFile(name, content string) {
	w.t.Helper()
	if err := os.WriteFile(filepath.Join(w.Dir, name), []byte(content), 0o644); err != nil {
		w.t.Fatal(err)
	}
}

// ReadFile reads a file of the working directory.
func (w *Workdir) ReadFile(name string) string {
	w.t.Helper()
	b, err := os.ReadFile(filepath.Join(w.Dir, name))
	if err != nil {
		w.t.Fatal(err)
	}
	return string(b)
}

// readOptional reads a file of the working directory, "" when there is
// none (a command that failed before writing it).
func (w *Workdir) readOptional(name string) string {
	w.t.Helper()
	b, err := os.ReadFile(filepath.Join(w.Dir, name))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		w.t.Fatal(err)
	}
	return string(b)
}

// Result is what a terraform command did.
type Result struct {
	Args     []string
	Stdout   string
	Stderr   string
	ExitCode int
}

func (r Result) String() string {
	return fmt.Sprintf("terraform %s: exit %d\n%s%s", strings.Join(r.Args, " "), r.ExitCode, r.Stdout, r.Stderr)
}

// MustRun runs terraform and fails the test unless it exits 0.
func (w *Workdir) MustRun(args ...string) Result {
	w.t.Helper()
	r := w.Run(args...)
	if r.ExitCode != 0 {
		w.t.Fatalf("%s", r)
	}
	return r
}

// Run runs terraform with args in the working directory, with the provider
// served in this process for the length of the command.
func (w *Workdir) Run(args ...string) Result {
	w.t.Helper()
	reattach, stop, err := serve(w.t, w.provider)
	if err != nil {
		w.t.Fatalf("serving %s: %v", w.provider.Name, err)
	}
	defer stop()
	cmd := exec.Command(w.tf, args...)
	cmd.Dir = w.Dir
	cmd.Env = append(os.Environ(), "TF_REATTACH_PROVIDERS="+reattach, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	r := Result{Args: args, Stdout: stdout.String(), Stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.ExitCode = exit.ExitCode()
	case err != nil:
		w.t.Fatalf("terraform %s: %v", strings.Join(args, " "), err)
	}
	return r
}

// state is the root module's resources of `terraform show -json`; none when
// the state is empty.
func (w *Workdir) state() []*tfjson.StateResource {
	w.t.Helper()
	r := w.MustRun("show", "-json", "-no-color")
	var state tfjson.State
	if err := json.Unmarshal([]byte(r.Stdout), &state); err != nil {
		w.t.Fatalf("terraform show -json: %v", err)
	}
	if state.Values == nil || state.Values.RootModule == nil {
		return nil
	}
	return state.Values.RootModule.Resources
}

// stateResource is the resource at address (type.name) in the state; the
// test fails when it is not there.
func (w *Workdir) stateResource(address string) *tfjson.StateResource {
	w.t.Helper()
	for _, res := range w.state() {
		if res.Address == address {
			return res
		}
	}
	w.t.Fatalf("%s is not in the state", address)
	return nil
}

// StateValues returns the attribute values of a resource (type.name) from
// `terraform show -json`.
func (w *Workdir) StateValues(address string) map[string]any {
	w.t.Helper()
	return w.stateResource(address).AttributeValues
}

// StateIdentity is the identity of the resource at address in the state
// (Terraform 1.12+ records it); nil when it has none.
func (w *Workdir) StateIdentity(address string) map[string]any {
	w.t.Helper()
	return w.stateResource(address).IdentityValues
}

// reattachConfig is one entry of TF_REATTACH_PROVIDERS.
type reattachConfig struct {
	Protocol        string
	ProtocolVersion int
	Pid             int
	Test            bool
	Addr            struct{ Network, String string }
}

// serve serves a new instance of the provider over go-plugin's gRPC in
// debug mode and returns the TF_REATTACH_PROVIDERS value that points
// Terraform at it, and the function that stops it.
func serve(t *testing.T, p Provider) (string, func(), error) {
	ctx, cancel := context.WithCancel(context.Background())
	configCh := make(chan *plugin.ReattachConfig, 1)
	closeCh := make(chan struct{})
	serveErr := make(chan error, 1)
	go func() {
		serveErr <- tf6server.Serve(p.Address(), providerserver.NewProtocol6(p.New()),
			tf6server.WithDebug(ctx, configCh, closeCh),
			tf6server.WithGoPluginLogger(hclog.NewNullLogger()),
			// Provider logs go where TF_LOG_PATH_MASK or TF_ACC_LOG_PATH
			// say, as in terraform-plugin-testing; by default nowhere.
			tf6server.WithLoggingSink(t))
	}()
	var rc *plugin.ReattachConfig
	select {
	case rc = <-configCh:
	case err := <-serveErr:
		cancel()
		if err == nil {
			err = errors.New("the provider server stopped before it was up")
		}
		return "", nil, err
	}
	c := reattachConfig{Protocol: string(rc.Protocol), ProtocolVersion: rc.ProtocolVersion, Pid: rc.Pid, Test: rc.Test}
	c.Addr.Network, c.Addr.String = rc.Addr.Network(), rc.Addr.String()
	b, err := json.Marshal(map[string]reattachConfig{p.Address(): c})
	if err != nil {
		cancel()
		return "", nil, err
	}
	return string(b), func() {
		cancel()
		<-closeCh
	}, nil
}
