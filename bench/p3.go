package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

func init() { register("P3", benchP3) }

// benchP3: `pulumi up` of n ports against the Terraform apply of the same n
// ports, each against a fresh sandbox: from a YAML program (the goal), from
// a Go program run inline by the Automation API, and from the YAML program
// with PULUMI_SKIP_CHECKPOINTS=true (no intermediate state writes, which no
// user gets by default: shown, not the goal). Next to them, where the time goes: `pulumi up` of a program with no
// resources against `terraform apply` of a configuration with none (each
// tool's fixed cost), the cost of one more port in each (the difference of
// the two, over n), and the CPU of each process of the YAML up against the
// Terraform apply's.
func benchP3(ctx context.Context, c *config) ([]result, error) {
	for _, tool := range []string{"pulumi", "pulumi-language-yaml", "pulumi-resource-netfab"} {
		if _, err := os.Stat(filepath.Join(c.bin, tool)); err != nil {
			return nil, fmt.Errorf("bin/%s is missing; run make pulumi-install (make bench does)", tool)
		}
	}
	n := c.pulumiN
	tfYard := fmt.Sprintf("terraform apply of %d", n)
	yaml := result{id: "P3", name: fmt.Sprintf("netfab: pulumi up of %d ports (YAML)", n), unit: unitSeconds,
		yardName: tfYard, goalRatio: 1.3, goal: "<= 1.3x"}
	goProgram := result{id: "P3", name: fmt.Sprintf("netfab: pulumi up of %d ports (Go, inline)", n), unit: unitSeconds,
		yardName: tfYard, goalRatio: 1.3, goal: "<= 1.3x"}
	skip := result{id: "P3", name: fmt.Sprintf("netfab: pulumi up of %d (YAML), PULUMI_SKIP_CHECKPOINTS", n), unit: unitSeconds,
		yardName: tfYard, info: true, note: "not the default: loses state if interrupted"}
	empty := result{id: "P3", name: "pulumi up of a program with no resources", unit: unitSeconds,
		yardName: "terraform apply of none", info: true, note: "each tool's fixed cost"}
	perPort := result{id: "P3", name: "cost of one more port (up minus empty, over n)", unit: unitMillis,
		yardName: "terraform", info: true}
	cpuNames := []struct{ label, pulumi, terraform string }{
		{"CPU of the YAML up: engine (pulumi)", "pulumi", "terraform"},
		{"CPU of the YAML up: language host", "pulumi-language-yaml", ""},
		{"CPU of the YAML up: provider", "pulumi-resource-netfab", "terraform-provider-netfab"},
	}
	cpu := make([]result, len(cpuNames)+1)
	for i, cn := range cpuNames {
		yard := "terraform's " + cn.terraform
		if cn.terraform == "" {
			yard = "(none in terraform)"
		}
		cpu[i] = result{id: "P3", name: cn.label, unit: unitSeconds, yardName: yard, info: true}
	}
	cpu[len(cpuNames)] = result{id: "P3", name: "CPU of the YAML up: sandbox", unit: unitSeconds, yardName: "in the terraform apply", info: true}
	results := func() []result {
		return append([]result{yaml, goProgram, skip, empty, perPort}, cpu...)
	}

	home := filepath.Join(c.work, "pulumi-home")
	env := []string{"PULUMI_HOME=" + home, "PULUMI_CONFIG_PASSPHRASE=bench", "PULUMI_SKIP_UPDATE_CHECK=true",
		"PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true", "PATH=" + c.bin + ":" + os.Getenv("PATH")}
	version, err := exec.CommandContext(ctx, filepath.Join(c.bin, "pulumi-resource-netfab"), "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("pulumi-resource-netfab --version: %w", err)
	}
	if _, err := c.pulumi(ctx, c.work, env, "plugin", "install", "resource", "netfab", strings.TrimSpace(string(version)),
		"--file", filepath.Join(c.bin, "pulumi-resource-netfab")); err != nil {
		return nil, err
	}
	// The Go program lives in the bridge module, which has the Pulumi SDK.
	inline := filepath.Join(c.work, "benchinline")
	build := exec.CommandContext(ctx, "go", "build", "-o", inline, "./internal/benchinline")
	build.Dir = filepath.Join(c.root, "bridge")
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building bridge/internal/benchinline: %w\n%s", err, out)
	}
	p := providers[0]

	for i := 0; i < c.runs; i++ {
		// Fixed costs: no resources, no sandbox.
		dir, err := c.pulumiDir("p3-empty", "name: bench\nruntime: yaml\n", env)
		if err != nil {
			return results(), err
		}
		d, err := c.pulumi(ctx, dir, c.pulumiEnv(dir, env), "up", "--yes", "--non-interactive", "--suppress-progress", "--suppress-outputs")
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

		// The YAML program, with the CPU of each process.
		var pulumiCPU map[string]time.Duration
		var sandboxCPU time.Duration
		err = c.withSandbox(ctx, func(s *sandbox) error {
			dir, err := c.pulumiDir("p3-pulumi", pulumiPorts(n), env)
			if err != nil {
				return err
			}
			penv := append(c.pulumiEnv(dir, env), p.env(s)...)
			if _, err := c.pulumi(ctx, dir, penv, "config", "set", "netfab:environment", s.urls["netfab"]); err != nil {
				return err
			}
			before := s.cpu()
			stop := cpuByName(ctx, c.marker(), []string{"pulumi", "pulumi-language-yaml", "pulumi-resource-netfab"})
			d, err := c.pulumi(ctx, dir, penv, "up", "--yes", "--non-interactive", "--suppress-progress", "--suppress-outputs")
			pulumiCPU, sandboxCPU = stop(), s.cpu()-before
			yaml.measured = append(yaml.measured, seconds(d))
			return err
		})
		if err != nil {
			return results(), err
		}
		for j, cn := range cpuNames {
			cpu[j].measured = append(cpu[j].measured, seconds(pulumiCPU[cn.pulumi]))
		}
		cpu[len(cpuNames)].measured = append(cpu[len(cpuNames)].measured, seconds(sandboxCPU))

		// The same without intermediate checkpoints.
		err = c.withSandbox(ctx, func(s *sandbox) error {
			dir, err := c.pulumiDir("p3-skip", pulumiPorts(n), env)
			if err != nil {
				return err
			}
			penv := append(c.pulumiEnv(dir, env), p.env(s)...)
			if _, err := c.pulumi(ctx, dir, penv, "config", "set", "netfab:environment", s.urls["netfab"]); err != nil {
				return err
			}
			d, err := c.pulumi(ctx, dir, append(penv, "PULUMI_SKIP_CHECKPOINTS=true"), "up", "--yes", "--non-interactive", "--suppress-progress", "--suppress-outputs")
			skip.measured = append(skip.measured, seconds(d))
			return err
		})
		if err != nil {
			return results(), err
		}

		// The Go program.
		err = c.withSandbox(ctx, func(s *sandbox) error {
			dir, err := os.MkdirTemp(c.work, "p3-go-")
			if err != nil {
				return err
			}
			cmd := exec.CommandContext(ctx, inline, "-n", strconv.Itoa(n), "-dir", dir, "-environment", s.urls["netfab"])
			cmd.Env = append(append(append(os.Environ(), c.marker()), env...), p.env(s)...)
			out, err := cmd.CombinedOutput()
			if err != nil {
				return fmt.Errorf("the Go program: %w\n%s", err, tail(out))
			}
			secs, err := strconv.ParseFloat(strings.TrimSpace(lastLine(out)), 64)
			if err != nil {
				return fmt.Errorf("the Go program printed %q", tail(out))
			}
			goProgram.measured = append(goProgram.measured, secs)
			return nil
		})
		if err != nil {
			return results(), err
		}

		// Terraform, with the CPU of each process.
		var tfCPU map[string]time.Duration
		err = c.withSandbox(ctx, func(s *sandbox) error {
			dir, err := c.tfDir("p3-terraform", p.config(s, n))
			if err != nil {
				return err
			}
			before := s.cpu()
			stop := cpuByName(ctx, c.marker(), []string{"terraform", "terraform-provider-netfab"})
			r, err := c.apply(ctx, dir, p.env(s))
			tfCPU, sandboxCPU = stop(), s.cpu()-before
			for _, res := range []*result{&yaml, &goProgram, &skip} {
				res.yardstick = append(res.yardstick, seconds(r.wall))
			}
			perPort.measured = append(perPort.measured, (yaml.measured[i]-empty.measured[i])/float64(n))
			perPort.yardstick = append(perPort.yardstick, (seconds(r.wall)-empty.yardstick[i])/float64(n))
			return err
		})
		if err != nil {
			return results(), err
		}
		for j, cn := range cpuNames {
			if cn.terraform != "" {
				cpu[j].yardstick = append(cpu[j].yardstick, seconds(tfCPU[cn.terraform]))
			}
		}
		cpu[len(cpuNames)].yardstick = append(cpu[len(cpuNames)].yardstick, seconds(sandboxCPU))
	}
	return results(), nil
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

func lastLine(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return lines[len(lines)-1]
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
