package pulumitest

import (
	"bytes"
	"context"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

// GoProgram is the stack "dev" of an inline Go program of the Automation
// API (auto.UpsertStackInlineSource), which uses the generated Go SDK: an
// inline program needs no Go language host, only the CLI, with the
// backend, home and environment of a CLI.
type GoProgram struct {
	Stack auto.Stack
	t     *testing.T
}

// NewGoProgram makes the stack of program in project. The Automation API
// runs the CLI it finds on this process's PATH, so the test's PATH becomes
// the CLI's (t.Setenv: the test cannot be parallel).
func NewGoProgram(t *testing.T, cli *CLI, project string, program pulumi.RunFunc) *GoProgram {
	t.Helper()
	t.Setenv("PATH", cli.Env()["PATH"])
	stack, err := auto.UpsertStackInlineSource(context.Background(), "dev", project, program,
		auto.Project(workspace.Project{
			Name:    tokens.PackageName(project),
			Runtime: workspace.NewProjectRuntimeInfo("go", nil),
			Backend: &workspace.ProjectBackend{URL: cli.Backend},
		}),
		auto.PulumiHome(cli.Home),
		auto.EnvVars(cli.Env()),
		auto.SecretsProvider("passphrase"),
	)
	if err != nil {
		t.Fatalf("stack: %v", err)
	}
	return &GoProgram{Stack: stack, t: t}
}

// Up runs `up` and returns its result; the test fails with the
// engine's output when it fails.
func (p *GoProgram) Up() auto.UpResult {
	p.t.Helper()
	var log bytes.Buffer
	res, err := p.Stack.Up(context.Background(), optup.ProgressStreams(&log), optup.ErrorProgressStreams(&log))
	if err != nil {
		p.t.Fatalf("up: %v\n%s", err, log.String())
	}
	return res
}

// ExpectNoChanges fails the test when a preview shows changes.
func (p *GoProgram) ExpectNoChanges() {
	p.t.Helper()
	if _, err := p.Stack.Preview(context.Background(), optpreview.ExpectNoChanges()); err != nil {
		p.t.Errorf("second preview: %v", err)
	}
}

// Dir is the directory of the program's workspace.
func (p *GoProgram) Dir() string { return p.Stack.Workspace().WorkDir() }

// Destroy runs `destroy`; the test fails with the engine's output when it
// fails.
func (p *GoProgram) Destroy() {
	p.t.Helper()
	var log bytes.Buffer
	if _, err := p.Stack.Destroy(context.Background(), optdestroy.ProgressStreams(&log)); err != nil {
		p.t.Fatalf("destroy: %v\n%s", err, log.String())
	}
}

// Remove removes the (destroyed) stack.
func (p *GoProgram) Remove() {
	p.t.Helper()
	if err := p.Stack.Workspace().RemoveStack(context.Background(), "dev"); err != nil {
		p.t.Error(err)
	}
}
