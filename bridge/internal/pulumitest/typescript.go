package pulumitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TSProgram is an inline TypeScript program of the Node.js Automation API
// (LocalWorkspace.createOrSelectStack({ stackName, projectName, program }))
// that uses the generated TypeScript SDK of a package: the Node.js
// Automation API hosts the language runtime in its own process, so the
// program runs with the pulumi CLI alone (no Node.js language host).
// @pulumi/pulumi and tsc are the pinned ones of bridge/package-lock.json
// (make pulumi-node-modules installs them with npm ci).
type TSProgram struct {
	cli  *CLI
	dir  string // the compiled program and its node_modules
	env  []string
	main string
}

// tsMain runs the stack "dev" of the program: "up" prints its outputs as
// JSON, "destroy" destroys it. %[1]s is the package, %[2]s the program's
// body (it returns its outputs).
const tsMain = `import * as pulumi from "@pulumi/pulumi";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import * as %[1]s from "@iacsuite/%[1]s";

const program = async () => {
%[2]s
};

async function main(): Promise<void> {
    const projectName = "%[1]s-typescript";
    const stack = await LocalWorkspace.createOrSelectStack(
        { stackName: "dev", projectName, program },
        {
            projectSettings: { name: projectName, runtime: "nodejs", backend: { url: process.env.PULUMI_BACKEND_URL! } },
            secretsProvider: "passphrase",
        },
    );
    const log = (s: string) => { process.stderr.write(s); };
    if (process.argv[2] === "destroy") {
        await stack.destroy({ onOutput: log });
        await stack.workspace.removeStack("dev");
        return;
    }
    const res = await stack.up({ onOutput: log });
    const outputs: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(res.outputs)) {
        outputs[k] = v.value;
    }
    process.stdout.write(JSON.stringify(outputs));
}

main().catch((err) => { console.error(err); process.exit(1); });
void pulumi;
`

// NewTSProgram compiles, with the pinned tsc, the generated TypeScript SDK
// of package p (its package.json stamped with the version of the plugin in
// the cache, which the SDK asks the engine for) and the program around
// body, which runs with a CLI of its own (New). Without node or
// bridge/node_modules the test is skipped, or fails under
// PULUMI_TEST_REQUIRE_CLI.
func NewTSProgram(t *testing.T, p, body string) *TSProgram {
	t.Helper()
	cli := New(t, p)
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	modules := filepath.Join(root, "node_modules")
	tsc := filepath.Join(modules, ".bin", "tsc")
	_, nodeErr := exec.LookPath("node")
	if _, err := os.Stat(tsc); err != nil || nodeErr != nil {
		msg := "node or bridge/node_modules is missing; make pulumi-node-modules installs the pinned @pulumi/pulumi and tsc"
		if os.Getenv("PULUMI_TEST_REQUIRE_CLI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	dir := t.TempDir()
	// The scopes of bridge/node_modules, so that tsc and node resolve
	// @pulumi/pulumi and the node types from here (one copy of each).
	nm := filepath.Join(dir, "node_modules")
	if err := os.MkdirAll(filepath.Join(nm, "@iacsuite"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, scope := range []string{"@pulumi", "@types"} {
		if err := os.Symlink(filepath.Join(modules, scope), filepath.Join(nm, scope)); err != nil {
			t.Fatal(err)
		}
	}

	// The SDK: sources copied, compiled into node_modules/@iacsuite/<p>.
	src := filepath.Join(dir, "sdk")
	if err := os.CopyFS(src, os.DirFS(filepath.Join(root, "sdk", p, "nodejs"))); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(nm, "@iacsuite", p)
	run(t, dir, nil, tsc, "-p", filepath.Join(src, "tsconfig.json"), "--outDir", out, "--declarationMap", "false", "--sourceMap", "false")
	pkg, err := os.ReadFile(filepath.Join(src, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	version := PluginVersion(p)
	pkg = bytes.ReplaceAll(pkg, []byte("${VERSION}"), []byte(version))
	if err := os.WriteFile(filepath.Join(out, "package.json"), pkg, 0o644); err != nil {
		t.Fatal(err)
	}

	// The program.
	prog := filepath.Join(dir, "program")
	if err := os.MkdirAll(prog, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(prog, "index.ts"), []byte(fmt.Sprintf(tsMain, p, body)), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, dir, nil, tsc, "--strict", "--skipLibCheck", "--target", "ES2022", "--module", "commonjs",
		"--moduleResolution", "node10", "--types", "node", "--outDir", prog, filepath.Join(prog, "index.ts"))

	env := os.Environ()[:0:0]
	for k, v := range cli.Env() {
		env = append(env, k+"="+v)
	}
	env = append(env, "NODE_PATH="+modules, "PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK=true")
	return &TSProgram{cli: cli, dir: dir, env: env, main: filepath.Join(prog, "index.js")}
}

// Up runs `up` and returns the stack's outputs.
func (p *TSProgram) Up(t *testing.T) map[string]any {
	t.Helper()
	stdout := p.node(t, "up")
	var outputs map[string]any
	if err := json.Unmarshal([]byte(stdout), &outputs); err != nil {
		t.Fatalf("outputs of the TypeScript program: %v\n%s", err, stdout)
	}
	return outputs
}

// Destroy runs `destroy` and removes the stack.
func (p *TSProgram) Destroy(t *testing.T) {
	t.Helper()
	p.node(t, "destroy")
}

func (p *TSProgram) node(t *testing.T, op string) string {
	t.Helper()
	t.Logf("node %s %s (TypeScript program, Node.js Automation API)", filepath.Base(p.main), op)
	return run(t, filepath.Dir(p.main), p.env, "node", p.main, op)
}

func run(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\nstdout:\n%s\nstderr:\n%s", filepath.Base(name), strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String()
}
