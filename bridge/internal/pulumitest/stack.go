package pulumitest

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
)

// Setting is one value of a stack's configuration (`pulumi config set`).
type Setting struct {
	Key, Value string
	// Secret stores the value encrypted (--secret).
	Secret bool
}

// Config is a stack's configuration, set in order.
type Config []Setting

// Apply sets the configuration on the selected stack of the project in
// dir; as a method value it is an ImportSuite.Configure.
func (cfg Config) Apply(c *CLI, dir string) {
	c.t.Helper()
	for _, s := range cfg {
		args := []string{"config", "set"}
		if s.Secret {
			args = append(args, "--secret")
		}
		c.Run(dir, append(args, s.Key, s.Value)...)
	}
}

// InitStack creates the stack of the project in dir and sets cfg on it.
func (c *CLI) InitStack(dir, stack string, cfg Config) {
	c.t.Helper()
	c.Run(dir, "stack", "init", stack, "--non-interactive")
	cfg.Apply(c, dir)
}

// Up runs `pulumi up` without a preview.
func (c *CLI) Up(dir string) {
	c.t.Helper()
	c.Run(dir, "up", "--yes", "--skip-preview", "--non-interactive")
}

// Destroy runs `pulumi destroy` without a preview.
func (c *CLI) Destroy(dir string) {
	c.t.Helper()
	c.Run(dir, "destroy", "--yes", "--skip-preview", "--non-interactive")
}

// RemoveStack removes the selected stack, which must be empty.
func (c *CLI) RemoveStack(dir string) {
	c.t.Helper()
	c.Run(dir, "stack", "rm", "--yes", "--non-interactive")
}

// Outputs are the outputs of the selected stack, secrets masked.
func (c *CLI) Outputs(dir string) map[string]any {
	c.t.Helper()
	var out map[string]any
	c.RunJSON(dir, &out, "stack", "output", "--json")
	return out
}

// OutputsShowingSecrets are the outputs of the selected stack, secrets in
// plaintext.
func (c *CLI) OutputsShowingSecrets(dir string) map[string]any {
	c.t.Helper()
	var out map[string]any
	c.RunJSON(dir, &out, "stack", "output", "--json", "--show-secrets")
	return out
}

// Preview runs `pulumi preview --json`.
func (c *CLI) Preview(dir string) Preview {
	c.t.Helper()
	var p Preview
	c.RunJSON(dir, &p, "preview", "--json", "--non-interactive")
	return p
}

// ExpectNoChanges fails the test when a preview shows changes.
func (c *CLI) ExpectNoChanges(dir string) {
	c.t.Helper()
	if p := c.Preview(dir); p.Changes() != 0 {
		steps, _ := json.Marshal(p.Steps)
		c.t.Errorf("preview shows changes: %v\n%s", p.ChangeSummary, steps)
	}
}

// Export is `pulumi stack export` (secrets encrypted) of the selected
// stack: the raw text, and its resources.
func (c *CLI) Export(dir string) (string, []StateResource) {
	c.t.Helper()
	raw := c.Run(dir, "stack", "export")
	var export struct {
		Deployment struct {
			Resources []StateResource `json:"resources"`
		} `json:"deployment"`
	}
	if err := json.Unmarshal([]byte(raw), &export); err != nil {
		c.t.Fatalf("stack export: %v", err)
	}
	return raw, export.Deployment.Resources
}

// ExpectNotInState fails the test when `pulumi stack export` (without
// --show-secrets) holds secret, named what in the message, in plaintext.
func (c *CLI) ExpectNotInState(dir, secret, what string) {
	c.t.Helper()
	if raw, _ := c.Export(dir); strings.Contains(raw, secret) {
		c.t.Errorf("stack export holds %s in plaintext", what)
	}
}

// ExpectReplacement fails t unless the preview replaces the
// resource name, for a change of input (among its replace reasons), and
// leaves each of unchanged as it is.
func (p Preview) ExpectReplacement(t testing.TB, name, input string, unchanged ...string) {
	t.Helper()
	ops := p.Ops()
	if ops[name] != "replace" {
		t.Errorf("preview: %s is not replaced: %v", name, ops)
	}
	// Unchanged resources are not listed, or listed as "same".
	for _, u := range unchanged {
		if ops[u] != "" && ops[u] != "same" {
			t.Errorf("preview: %s is %s, not unchanged: %v", u, ops[u], ops)
		}
	}
	for _, s := range p.Steps {
		if strings.HasSuffix(s.URN, "::"+name) && !slices.Contains(s.ReplaceReasons, input) {
			t.Errorf("%s is replaced for %v, not %s", name, s.ReplaceReasons, input)
		}
	}
}

// IsSecret reports whether v, a value of `pulumi stack export`, is a
// secret (the object the engine writes for one, its ciphertext inside).
func IsSecret(v any) bool {
	m, ok := v.(map[string]any)
	return ok && m[resource.SigKey] == resource.SecretSig
}
