package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/iacsuite/providers/internal/pluginlog"
	"github.com/iacsuite/providers/internal/provider/netfab"
	"github.com/iacsuite/providers/internal/providerserve"
)

// profileP2 runs the netfab half of P2 once with CPU profiles of the
// provider and the sandbox, into dir: the provider is served from this
// process (Terraform reattaches to it, as with a debugger), so that its
// profile covers the plan and apply walks; the sandbox writes its own
// (sandbox serve --cpu-profile). It prints the top functions of each.
func profileP2(ctx context.Context, c *config, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	sandboxProfile := filepath.Join(dir, "sandbox.pprof")
	s, err := c.startSandbox(ctx, sandboxOptions{args: []string{"--cpu-profile", sandboxProfile}})
	if err != nil {
		return err
	}
	stopped := false
	defer func() {
		if !stopped {
			s.stop()
		}
	}()
	p := providers[0]
	// The provider runs in this process and reads its settings from this
	// process's environment.
	for _, kv := range p.env(s) {
		k, v, _ := strings.Cut(kv, "=")
		if err := os.Setenv(k, v); err != nil {
			return err
		}
	}
	// As the provider's main does.
	providerserve.TuneGC()
	pluginlog.Quiet(addressPrefix + "/" + p.name)
	reattach, stopProvider, err := serveInProcess(ctx, addressPrefix+"/"+p.name)
	if err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "provider.pprof"))
	if err != nil {
		stopProvider()
		return err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		stopProvider()
		return err
	}
	tfDir, err := c.tfDir("profile", p.config(s, c.n))
	var apply, plan tfRun
	heap := watchHeap(ctx)
	if err == nil {
		env := []string{"TF_REATTACH_PROVIDERS=" + reattach}
		if apply, err = c.apply(ctx, tfDir, env); err == nil {
			plan, err = c.plan(ctx, tfDir, env)
		}
	}
	pprof.StopCPUProfile()
	f.Close()
	heapLine, heapErr := heap.write(filepath.Join(dir, "provider.heap.pprof"))
	// What stays once Terraform is done and nothing is in flight: a leak
	// if it grows with the number of resources.
	runtime.GC()
	after := readHeap()
	heapLine += fmt.Sprintf("; after the plan, once collected: %.1fMB live", float64(after.live)/(1<<20))
	if hf, herr := os.Create(filepath.Join(dir, "provider.after.heap.pprof")); herr == nil {
		_ = pprof.Lookup("heap").WriteTo(hf, 0)
		hf.Close()
	}
	if heapErr != nil && err == nil {
		err = heapErr
	}
	// Every allocation of the apply and plan, by where it was made.
	if af, aerr := os.Create(filepath.Join(dir, "provider.allocs.pprof")); aerr == nil {
		_ = pprof.Lookup("allocs").WriteTo(af, 0)
		af.Close()
	}
	stopProvider()
	s.stop() // writes the sandbox's profile
	stopped = true
	if err != nil {
		return err
	}
	fmt.Printf("profiled: apply of %d %s %s, plan %s\n", c.n, p.resource, apply.wall.Round(time.Millisecond), plan.wall.Round(time.Millisecond))
	fmt.Println("provider memory:", heapLine)
	for _, prof := range []struct{ name, file, flag string }{
		{"provider", "provider.pprof", ""},
		{"sandbox", "sandbox.pprof", ""},
		{"provider-heap", "provider.heap.pprof", "-sample_index=inuse_space"},
		{"provider-allocs", "provider.allocs.pprof", "-sample_index=alloc_space"},
		{"provider-heap-after", "provider.after.heap.pprof", "-sample_index=inuse_space"},
	} {
		args := []string{"tool", "pprof", "-top", "-nodecount=30"}
		if prof.flag != "" {
			args = append(args, prof.flag)
		}
		name, prof := prof.name, filepath.Join(dir, prof.file)
		out, err := exec.CommandContext(ctx, "go", append(args, prof)...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("go tool pprof %s: %w\n%s", prof, err, out)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".top.txt"), out, 0o644); err != nil {
			return err
		}
		fmt.Printf("== %s (%s)\n%s\n", name, prof, out)
	}
	return nil
}

// serveInProcess serves the netfab provider from this process in debug mode
// and returns the TF_REATTACH_PROVIDERS value for Terraform and a function
// that stops it.
func serveInProcess(ctx context.Context, address string) (string, func(), error) {
	ctx, cancel := context.WithCancel(ctx)
	configs := make(chan *plugin.ReattachConfig, 1)
	closed := make(chan struct{})
	served := make(chan error, 1)
	go func() {
		// As the provider binary serves it (providerserve.Main).
		served <- tf6server.Serve(address, func() tfprotov6.ProviderServer {
			return providerserve.ReleasingServer(providerserver.NewProtocol6(netfab.New("bench")())())
		},
			tf6server.WithDebug(ctx, configs, closed), tf6server.WithoutLogStderrOverride())
	}()
	stop := func() {
		cancel()
		select {
		case <-closed:
		case <-time.After(10 * time.Second):
		}
	}
	select {
	case cfg := <-configs:
		b, err := json.Marshal(map[string]any{address: map[string]any{
			"Protocol": string(cfg.Protocol), "ProtocolVersion": cfg.ProtocolVersion, "Pid": cfg.Pid, "Test": cfg.Test,
			"Addr": map[string]string{"Network": cfg.Addr.Network(), "String": cfg.Addr.String()},
		}})
		return string(b), stop, err
	case err := <-served:
		cancel()
		return "", nil, fmt.Errorf("serving the provider: %w", err)
	case <-time.After(30 * time.Second):
		stop()
		return "", nil, fmt.Errorf("the provider did not start serving")
	}
}
