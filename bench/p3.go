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

func init() { register("P3", benchP3) }

// p3Goal is P3's goal: pulumi up of the real ports within this factor of
// the same up against the echo floor, in wall time and in CPU.
const p3Goal = 1.25

// p3Processes are the processes of a `pulumi up` whose CPU P3 counts.
var p3Processes = []string{"pulumi", "pulumi-language-yaml", "pulumi-resource-netfab"}

// benchP3: `pulumi up` of n netfab ports from a YAML program against a fresh
// sandbox, paired with its floor: the same program and the same `pulumi up`
// against the bridged echo provider (bridge/internal/benchecho: the netfab
// provider's schema, bridged by the same bridge, with resources that do no
// I/O), installed as the netfab plugin of the same version in a PULUMI_HOME
// of its own. What the real up takes beyond the floor is the provider's,
// its client's and the service's. Shown next to them: the CPU of each
// process of both, the size of the state each leaves, the Terraform apply
// of the same ports, and each tool's fixed cost (a program with no
// resources against a configuration with none).
func benchP3(ctx context.Context, c *config) ([]result, error) {
	for _, tool := range []string{"pulumi", "pulumi-language-yaml", "pulumi-resource-netfab"} {
		if _, err := os.Stat(filepath.Join(c.bin, tool)); err != nil {
			return nil, fmt.Errorf("bin/%s is missing; run make pulumi-install (make bench does)", tool)
		}
	}
	n := c.pulumiN
	floor := fmt.Sprintf("floor (echo provider, %d ports)", n)
	up := result{id: "P3", name: fmt.Sprintf("netfab: pulumi up of %d ports (YAML)", n), unit: unitSeconds,
		yardName: floor, goalRatio: p3Goal, goal: fmt.Sprintf("<= %.2fx floor", p3Goal)}
	cpu := result{id: "P3", name: "netfab: CPU of that up (engine+language host+provider+sandbox)", unit: unitSeconds,
		yardName: "floor", goalRatio: p3Goal, goal: fmt.Sprintf("<= %.2fx floor", p3Goal)}
	cpuLabels := []string{"engine (pulumi)", "language host", "provider"}
	procCPU := make([]result, len(p3Processes))
	for i, label := range cpuLabels {
		procCPU[i] = result{id: "P3", name: "netfab: CPU of that up: " + label, unit: unitSeconds, yardName: "floor's", info: true}
	}
	sandboxCPU := result{id: "P3", name: "netfab: CPU of that up: sandbox", unit: unitSeconds, info: true}
	state := result{id: "P3", name: "netfab: Pulumi state after the up", unit: unitKB, yardName: "floor's", info: true,
		note: "the engine rewrites it after every step"}
	terraform := result{id: "P3", name: fmt.Sprintf("netfab: the up against terraform apply of the %d", n), unit: unitSeconds,
		yardName: "terraform apply", info: true}
	empty := result{id: "P3", name: "pulumi up of a program with no resources", unit: unitSeconds,
		yardName: "terraform apply of none", info: true, note: "each tool's fixed cost"}
	results := func() []result {
		return append([]result{up, cpu}, append(procCPU, sandboxCPU, state, terraform, empty)...)
	}

	env := []string{"PULUMI_CONFIG_PASSPHRASE=bench", "PULUMI_SKIP_UPDATE_CHECK=true",
		"PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true", "PATH=" + c.bin + ":" + os.Getenv("PATH")}
	realHome, echoHome, err := c.p3Plugins(ctx, env)
	if err != nil {
		return nil, err
	}
	realEnv := append([]string{"PULUMI_HOME=" + realHome}, env...)
	echoEnv := append([]string{"PULUMI_HOME=" + echoHome}, env...)
	p := providers[0]

	for i := 0; i < c.runs; i++ {
		// Fixed costs: no resources, no sandbox.
		dir, err := c.pulumiDir("p3-empty", "name: bench\nruntime: yaml\n", realEnv)
		if err != nil {
			return results(), err
		}
		d, err := c.pulumi(ctx, dir, c.pulumiEnv(dir, realEnv), "up", "--yes", "--non-interactive", "--suppress-progress", "--suppress-outputs")
		if err != nil {
			return results(), err
		}
		empty.measured = append(empty.measured, seconds(d))
		tfEmpty, err := c.tfDir("p3-tf-empty", "# nothing\n")
		if err != nil {
			return results(), err
		}
		r, err := c.apply(ctx, tfEmpty, nil)
		if err != nil {
			return results(), err
		}
		empty.yardstick = append(empty.yardstick, seconds(r.wall))

		// The floor first, then the real provider: pairs measured back to
		// back, the same program against the same kind of sandbox (which
		// the floor never calls).
		for _, real := range []bool{false, true} {
			penvBase := echoEnv
			if real {
				penvBase = realEnv
			}
			err = c.withSandbox(ctx, func(s *sandbox) error {
				dir, err := c.pulumiDir("p3-pulumi", pulumiPorts(n), penvBase)
				if err != nil {
					return err
				}
				penv := append(c.pulumiEnv(dir, penvBase), p.env(s)...)
				if _, err := c.pulumi(ctx, dir, penv, "config", "set", "netfab:environment", s.urls["netfab"]); err != nil {
					return err
				}
				before := s.cpu()
				stop := cpuByName(ctx, c.marker(), p3Processes)
				d, err := c.pulumi(ctx, dir, penv, "up", "--yes", "--non-interactive", "--suppress-progress", "--suppress-outputs")
				byName, sb := stop(), s.cpu()-before
				if err != nil {
					return err
				}
				total := sb
				for j, name := range p3Processes {
					total += byName[name]
					if real {
						procCPU[j].measured = append(procCPU[j].measured, seconds(byName[name]))
					} else {
						procCPU[j].yardstick = append(procCPU[j].yardstick, seconds(byName[name]))
					}
				}
				size := pulumiStateKB(dir)
				if real {
					up.measured = append(up.measured, seconds(d))
					cpu.measured = append(cpu.measured, seconds(total))
					sandboxCPU.measured = append(sandboxCPU.measured, seconds(sb))
					state.measured = append(state.measured, size)
					terraform.measured = append(terraform.measured, seconds(d))
				} else {
					up.yardstick = append(up.yardstick, seconds(d))
					cpu.yardstick = append(cpu.yardstick, seconds(total))
					state.yardstick = append(state.yardstick, size)
				}
				return nil
			})
			if err != nil {
				return results(), err
			}
		}

		// Terraform, for context.
		err = c.withSandbox(ctx, func(s *sandbox) error {
			dir, err := c.tfDir("p3-terraform", p.config(s, n))
			if err != nil {
				return err
			}
			r, err := c.apply(ctx, dir, p.env(s))
			terraform.yardstick = append(terraform.yardstick, seconds(r.wall))
			return err
		})
		if err != nil {
			return results(), err
		}
	}
	return results(), nil
}

// p3Plugins installs bin/pulumi-resource-netfab as the netfab plugin in one
// PULUMI_HOME and the echo floor (built from bridge/internal/benchecho with
// the same version) as the netfab plugin of the same version in another,
// and returns the two homes.
func (c *config) p3Plugins(ctx context.Context, env []string) (realHome, echoHome string, err error) {
	out, err := exec.CommandContext(ctx, filepath.Join(c.bin, "pulumi-resource-netfab"), "--version").Output()
	if err != nil {
		return "", "", fmt.Errorf("pulumi-resource-netfab --version: %w", err)
	}
	version := strings.TrimSpace(string(out))
	echoBin := filepath.Join(c.work, "echo", "pulumi-resource-netfab")
	build := exec.CommandContext(ctx, "go", "build", "-ldflags",
		"-X github.com/iacsuite/providers/bridge/internal/version.Version="+version, "-o", echoBin, "./internal/benchecho")
	build.Dir = filepath.Join(c.root, "bridge")
	if out, err := build.CombinedOutput(); err != nil {
		return "", "", fmt.Errorf("building bridge/internal/benchecho: %w\n%s", err, out)
	}
	realHome, echoHome = filepath.Join(c.work, "pulumi-home"), filepath.Join(c.work, "pulumi-home-echo")
	for home, bin := range map[string]string{realHome: filepath.Join(c.bin, "pulumi-resource-netfab"), echoHome: echoBin} {
		if _, err := c.pulumi(ctx, c.work, append([]string{"PULUMI_HOME=" + home}, env...), "plugin", "install", "resource", "netfab",
			version, "--file", bin); err != nil {
			return "", "", err
		}
	}
	return realHome, echoHome, nil
}

// pulumiStateKB is the size of the stack's state file in the file backend
// of dir, in KB (0 when there is none).
func pulumiStateKB(dir string) float64 {
	matches, _ := filepath.Glob(filepath.Join(dir, ".pulumi", "stacks", "*", "bench.json"))
	more, _ := filepath.Glob(filepath.Join(dir, ".pulumi", "stacks", "bench.json"))
	for _, m := range append(matches, more...) {
		if fi, err := os.Stat(m); err == nil {
			return float64(fi.Size()) / 1000
		}
	}
	return 0
}

// withSandbox runs f against a fresh sandbox.
func (c *config) withSandbox(ctx context.Context, f func(s *sandbox) error) error {
	s, err := c.startSandbox(ctx, sandboxOptions{})
	if err != nil {
		return err
	}
	defer s.stop()
	return f(s)
}

// pulumiDir writes a Pulumi project with its own file backend and a stack
// "bench".
func (c *config) pulumiDir(name, program string, env []string) (string, error) {
	dir, err := os.MkdirTemp(c.work, name+"-")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "Pulumi.yaml"), []byte(program), 0o644); err != nil {
		return "", err
	}
	_, err = c.pulumi(context.Background(), dir, c.pulumiEnv(dir, env), "stack", "init", "bench", "--non-interactive")
	return dir, err
}

func (c *config) pulumiEnv(dir string, env []string) []string {
	return append([]string{"PULUMI_BACKEND_URL=file://" + dir}, env...)
}

// pulumi runs bin/pulumi in dir and returns how long it took.
func (c *config) pulumi(ctx context.Context, dir string, env []string, args ...string) (time.Duration, error) {
	cmd := exec.CommandContext(ctx, filepath.Join(c.bin, "pulumi"), args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), c.marker()), env...)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	d := time.Since(start)
	if err != nil {
		return d, fmt.Errorf("pulumi %s: %w\n%s", strings.Join(args, " "), err, tail(out))
	}
	return d, nil
}

func tail(out []byte) []byte {
	if len(out) > 3000 {
		return out[len(out)-3000:]
	}
	return out
}

// pulumiPorts is a Pulumi YAML program of n ports, the same as netfabPorts.
func pulumiPorts(n int) string {
	var b strings.Builder
	b.WriteString("name: bench\nruntime: yaml\nresources:\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  p%d:\n    type: netfab:index/port:Port\n    properties:\n      productName: bench-%d\n"+
			"      portSpeed: 10000\n      locationId: 1\n      contractTermMonths: 12\n", i, i)
	}
	return b.String()
}
