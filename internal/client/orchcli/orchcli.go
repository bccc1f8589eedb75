// Package orchcli is the typed client of the orch command-line tool: it
// runs the binary (cmd/orch, or any CLI that keeps the contract of
// internal/api/orchcli) with the arguments of one command and decodes what
// it prints, as the HTTP clients of internal/client do for a service. The
// orch_controller resource reaches the CLI only through it.
package orchcli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	cliapi "github.com/iacsuite/providers/internal/api/orchcli"
)

// Client runs one orch binary.
type Client struct {
	binary string
}

// New is a client of the CLI at the path binary.
func New(binary string) *Client { return &Client{binary: binary} }

// Binary is the path of the CLI.
func (c *Client) Binary() string { return c.binary }

// Error is a command that ran and failed: Message is the error it printed,
// without its progress lines.
type Error struct {
	Binary  string
	Command string
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s %s: %s", filepath.Base(e.Binary), e.Command, e.Message)
}

// IsNotFound reports whether err says that the CLI's data directory holds
// no controller of the name.
func IsNotFound(err error, name string) bool {
	var e *Error
	return errors.As(err, &e) && strings.HasPrefix(e.Message, cliapi.NotFound(name))
}

// BootstrapRequest is what a bootstrap is given. Cloud, Credential and the
// configuration maps reach the CLI in files of a private temporary
// directory, never on its command line.
type BootstrapRequest struct {
	// Name of the controller; "" lets the CLI name it after the cloud.
	Name       string
	Cloud      cliapi.CloudSpec
	Credential cliapi.CredentialSpec
	// AgentVersion and Base: "" for the CLI's defaults.
	AgentVersion, Base string
	// Constraints of the controller machine and of workload machines.
	BootstrapConstraints, ModelConstraints map[string]string
	// Config are the bootstrap options; ControllerConfig,
	// ControllerModelConfig and ModelDefault the settings of the same names.
	Config, ControllerConfig, ControllerModelConfig, ModelDefault map[string]string
	StoragePool                                                   *cliapi.PoolSpec
}

// Bootstrap starts a controller and returns its details, admin password
// included.
func (c *Client) Bootstrap(ctx context.Context, req BootstrapRequest) (cliapi.Details, error) {
	dir, err := os.MkdirTemp("", "orch-bootstrap-")
	if err != nil {
		return cliapi.Details{}, fmt.Errorf("cannot prepare the bootstrap: %w", err)
	}
	defer os.RemoveAll(dir)
	write := func(name string, v any) (string, error) {
		p := filepath.Join(dir, name)
		raw, err := json.Marshal(v)
		if err == nil {
			err = os.WriteFile(p, raw, 0o600)
		}
		if err != nil {
			return "", fmt.Errorf("cannot prepare the bootstrap: %w", err)
		}
		return p, nil
	}
	where := req.Cloud.Name
	if req.Cloud.Region != nil {
		where += "/" + req.Cloud.Region.Name
	}
	args := []string{cliapi.CommandBootstrap, where}
	if req.Name != "" {
		args = append(args, req.Name)
	}
	cloudFile, err := write("cloud.json", req.Cloud)
	if err != nil {
		return cliapi.Details{}, err
	}
	credFile, err := write("credential.json", req.Credential)
	if err != nil {
		return cliapi.Details{}, err
	}
	args = append(args, "--format", "json", "--cloud-file", cloudFile, "--credential-file", credFile)
	for _, o := range []struct{ flag, value string }{
		{"--agent-version", req.AgentVersion},
		{"--bootstrap-base", req.Base},
		{"--bootstrap-constraints", Constraints(req.BootstrapConstraints)},
		{"--constraints", Constraints(req.ModelConstraints)},
	} {
		if o.value != "" {
			args = append(args, o.flag, o.value)
		}
	}
	// In a fixed order, so that the same request gives the same command line.
	for _, o := range []struct {
		flag string
		m    map[string]string
	}{
		{"config", req.Config},
		{"controller-config", req.ControllerConfig},
		{"controller-model-config", req.ControllerModelConfig},
		{"model-default", req.ModelDefault},
	} {
		if len(o.m) == 0 {
			continue
		}
		p, err := write(o.flag+".json", o.m)
		if err != nil {
			return cliapi.Details{}, err
		}
		args = append(args, "--"+o.flag, p)
	}
	if p := req.StoragePool; p != nil {
		pool := "name=" + p.Name + " type=" + p.Type
		if a := Constraints(p.Attributes); a != "" {
			pool += " " + a
		}
		args = append(args, "--storage-pool", pool)
	}
	var det cliapi.Details
	if err := c.runJSON(ctx, &det, args...); err != nil {
		return cliapi.Details{}, err
	}
	return det, nil
}

// ShowController describes the controller, with its admin password and
// how it was bootstrapped. A controller the data directory does not hold is
// an error for which IsNotFound is true.
func (c *Client) ShowController(ctx context.Context, name string) (cliapi.Details, error) {
	var shown map[string]cliapi.Details
	if err := c.runJSON(ctx, &shown, cliapi.CommandShowController, name, "--format", "json", "--show-password"); err != nil {
		return cliapi.Details{}, err
	}
	det, ok := shown[name]
	if !ok {
		return cliapi.Details{}, fmt.Errorf("%s %s: the answer does not describe %q", filepath.Base(c.binary), cliapi.CommandShowController, name)
	}
	return det, nil
}

// ShowControllers describes every controller the CLI's data directory
// holds, keyed by name, with their admin passwords: one run of the CLI,
// whose records are local and few.
func (c *Client) ShowControllers(ctx context.Context) (map[string]cliapi.Details, error) {
	var shown map[string]cliapi.Details
	if err := c.runJSON(ctx, &shown, cliapi.CommandShowController, "--format", "json", "--show-password"); err != nil {
		return nil, err
	}
	return shown, nil
}

// Upgrade upgrades the controller's agent to version, in place; the CLI
// does not wait for anything beyond the restart of the agent.
func (c *Client) Upgrade(ctx context.Context, name, version string) (cliapi.Upgrade, error) {
	var up cliapi.Upgrade
	err := c.runJSON(ctx, &up, cliapi.CommandUpgradeController, name, "--agent-version", version, "--format", "json")
	return up, err
}

// Destroy destroys the controller as the flags say, without a prompt.
// ChangeAdminPassword changes the controller's admin password, at the
// controller and in the CLI's records; the password reaches the CLI on its
// standard input, never on its command line.
func (c *Client) ChangeAdminPassword(ctx context.Context, name, password string) error {
	_, err := c.runInput(ctx, strings.NewReader(password), cliapi.CommandChangeAdminPassword, name, "--password-file", "-")
	return err
}

// UpdateCredential replaces the attributes of the cloud credential the
// controller was bootstrapped with, at the controller and in the CLI's
// records; the credential reaches the CLI on its standard input.
func (c *Client) UpdateCredential(ctx context.Context, name string, cred cliapi.CredentialSpec) error {
	raw, err := json.Marshal(cred)
	if err != nil {
		return err
	}
	_, err = c.runInput(ctx, bytes.NewReader(raw), cliapi.CommandUpdateCredential, name, "--credential-file", "-")
	return err
}

func (c *Client) Destroy(ctx context.Context, name string, flags cliapi.DestroyFlags) error {
	args := append([]string{cliapi.CommandDestroyController, name, "--no-prompt"}, flags.Args()...)
	_, err := c.run(ctx, args...)
	return err
}

// Constraints are "k=v k=v" in key order.
func Constraints(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + m[k]
	}
	return strings.Join(parts, " ")
}

func (c *Client) runJSON(ctx context.Context, out any, args ...string) error {
	raw, err := c.run(ctx, args...)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("unexpected answer of %s %s (is %s the orch CLI?): %w", filepath.Base(c.binary), args[0], c.binary, err)
	}
	return nil
}

// run runs the CLI and returns its standard output; a failure carries what
// the CLI said.
func (c *Client) run(ctx context.Context, args ...string) ([]byte, error) {
	return c.runInput(ctx, nil, args...)
}

// runInput is run with stdin as the CLI's standard input.
func (c *Client) runInput(ctx context.Context, stdin io.Reader, args ...string) ([]byte, error) {
	tflog.Debug(ctx, "running the orch CLI", map[string]any{"binary": c.binary, "args": strings.Join(args, " ")})
	cmd := exec.CommandContext(ctx, c.binary, args...)
	cmd.Stdin = stdin
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err == nil {
		return stdout.Bytes(), nil
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) && ctx.Err() == nil {
		return nil, &Error{Binary: c.binary, Command: args[0], Message: errorMessage(stderr.String())}
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%s %s: %w", filepath.Base(c.binary), args[0], ctx.Err())
	}
	return nil, fmt.Errorf("cannot run the orch CLI %q: %w", c.binary, err)
}

// errorMessage drops the CLI's progress lines before its error.
func errorMessage(stderr string) string {
	if i := strings.Index(stderr, "ERROR "); i >= 0 {
		stderr = stderr[i+len("ERROR "):]
	}
	return strings.TrimSpace(stderr)
}
