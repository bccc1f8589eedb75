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

// benchP3: `pulumi up` of a YAML program of n ports against the Terraform
// apply of the same n ports, each against a fresh sandbox.
func benchP3(ctx context.Context, c *config) ([]result, error) {
	for _, tool := range []string{"pulumi", "pulumi-language-yaml", "pulumi-resource-netfab"} {
		if _, err := os.Stat(filepath.Join(c.bin, tool)); err != nil {
			return nil, fmt.Errorf("bin/%s is missing; run make pulumi-install (make bench does)", tool)
		}
	}
	p := providers[0]
	res := result{id: "P3", name: fmt.Sprintf("netfab: pulumi up of %d ports (YAML)", c.pulumiN), unit: unitSeconds,
		yardName: fmt.Sprintf("terraform apply of %d", c.pulumiN), goalRatio: 1.3, goal: "<= 1.3x"}
	home := filepath.Join(c.work, "pulumi-home")
	env := []string{"PULUMI_HOME=" + home, "PULUMI_CONFIG_PASSPHRASE=bench", "PULUMI_SKIP_UPDATE_CHECK=true",
		"PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true", "PULUMI_IGNORE_AMBIENT_PLUGINS=true", "PATH=" + c.bin + ":" + os.Getenv("PATH")}
	version, err := exec.CommandContext(ctx, filepath.Join(c.bin, "pulumi-resource-netfab"), "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("pulumi-resource-netfab --version: %w", err)
	}
	if _, err := c.pulumi(ctx, c.work, env, "plugin", "install", "resource", "netfab", strings.TrimSpace(string(version)),
		"--file", filepath.Join(c.bin, "pulumi-resource-netfab")); err != nil {
		return nil, err
	}
	for i := 0; i < c.runs; i++ {
		s, err := c.startSandbox(ctx, sandboxOptions{})
		if err != nil {
			return []result{res}, err
		}
		err = func() error {
			defer s.stop()
			dir, err := os.MkdirTemp(c.work, "p3-pulumi-")
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, "Pulumi.yaml"), []byte(pulumiPorts(c.pulumiN)), 0o644); err != nil {
				return err
			}
			penv := append(append([]string{"PULUMI_BACKEND_URL=file://" + dir}, env...), p.env(s)...)
			if _, err := c.pulumi(ctx, dir, penv, "stack", "init", "bench", "--non-interactive"); err != nil {
				return err
			}
			if _, err := c.pulumi(ctx, dir, penv, "config", "set", "netfab:environment", s.urls["netfab"]); err != nil {
				return err
			}
			d, err := c.pulumi(ctx, dir, penv, "up", "--yes", "--non-interactive", "--suppress-progress", "--suppress-outputs")
			if err != nil {
				return err
			}
			res.measured = append(res.measured, seconds(d))
			return nil
		}()
		if err != nil {
			return []result{res}, err
		}
		s, err = c.startSandbox(ctx, sandboxOptions{})
		if err != nil {
			return []result{res}, err
		}
		dir, err := c.tfDir("p3-terraform", p.config(s, c.pulumiN))
		if err == nil {
			var r tfRun
			if r, err = c.apply(ctx, dir, p.env(s)); err == nil {
				res.yardstick = append(res.yardstick, seconds(r.wall))
			}
		}
		s.stop()
		if err != nil {
			return []result{res}, err
		}
	}
	return []result{res}, nil
}

// pulumi runs bin/pulumi in dir and returns how long it took.
func (c *config) pulumi(ctx context.Context, dir string, env []string, args ...string) (time.Duration, error) {
	cmd := exec.CommandContext(ctx, filepath.Join(c.bin, "pulumi"), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	d := time.Since(start)
	if err != nil {
		if len(out) > 3000 {
			out = out[len(out)-3000:]
		}
		return d, fmt.Errorf("pulumi %s: %w\n%s", strings.Join(args, " "), err, out)
	}
	return d, nil
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
