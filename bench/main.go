// Command bench runs the performance benchmarks of docs/performance.md
// against the sandbox, with the real terraform (and pulumi) binaries, and
// prints each measurement's median and spread next to its yardstick measured
// in the same run, with the ratio and whether it meets its goal.
//
//	go run ./bench [-only P1,P2,...]      (make bench)
//
// It needs bin/sandbox, bin/terraform-provider-<p> (make install), for P3
// bin/pulumi, bin/pulumi-language-yaml and bin/pulumi-resource-netfab (make
// pulumi-install; P3 also builds bridge/internal/benchecho), and terraform
// on PATH. Settings come from the
// environment:
//
//	BENCH_RUNS          runs of each measurement (default 3)
//	BENCH_N             resources of the P2 applies (default 500)
//	BENCH_PULUMI_N      ports of the P3 comparison (default 500, as the goal says)
//	BENCH_P1_STEPS      provisioning steps of P1 (default 2s,5s,10s,20s)
//	BENCH_PROVIDERS     providers P2, P4 (fwmgr) and P5 measure (default all: netfab,cloudnative,orch,fwmgr)
//	BENCH_ONLY          the same as -only
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

type config struct {
	root, bin, work string
	cliConfig       string
	runs            int
	n               int
	pulumiN         int
	p1Steps         []time.Duration
}

type benchmark struct {
	id  string
	run func(ctx context.Context, c *config) ([]result, error)
}

// benchmarks are run in the order of their ids (P1, P2, P2b, ..., P10).
// Each benchmark lives in its own file (bench/<id>.go, or a name of its
// own) and adds itself from that file's init with register, so that a new
// benchmark is a new file and touches nothing else.
var benchmarks []benchmark

// register adds a benchmark; ids must be unique.
func register(id string, run func(ctx context.Context, c *config) ([]result, error)) {
	for _, b := range benchmarks {
		if b.id == id {
			panic("bench: benchmark " + id + " registered twice")
		}
	}
	benchmarks = append(benchmarks, benchmark{id, run})
	slices.SortFunc(benchmarks, func(a, b benchmark) int { return compareIDs(a.id, b.id) })
}

// compareIDs orders P2 before P2b before P10: by the number after the P,
// then by the rest.
func compareIDs(a, b string) int {
	na, ra := splitID(a)
	nb, rb := splitID(b)
	if na != nb {
		return na - nb
	}
	return strings.Compare(ra, rb)
}

func splitID(id string) (int, string) {
	id = strings.TrimPrefix(strings.ToUpper(id), "P")
	i := 0
	for i < len(id) && id[i] >= '0' && id[i] <= '9' {
		i++
	}
	n, _ := strconv.Atoi(id[:i])
	return n, id[i:]
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	only := flag.String("only", os.Getenv("BENCH_ONLY"), "comma-separated benchmarks to run (default all)")
	keep := flag.Bool("keep", false, "keep the work directory")
	profile := flag.String("profile", "", "instead of the benchmarks, profile the netfab apply and plan of P2 (BENCH_N ports) into this directory")
	flag.Parse()
	c, err := newConfig()
	if err != nil {
		return err
	}
	if !*keep {
		defer os.RemoveAll(c.work)
	} else {
		fmt.Println("work directory:", c.work)
	}
	if err := c.writeCLIConfig(); err != nil {
		return err
	}
	if *profile != "" {
		abs, err := filepath.Abs(*profile)
		if err != nil {
			return err
		}
		return profileP2(ctx, c, abs)
	}
	selected := map[string]bool{}
	for _, id := range strings.Split(*only, ",") {
		if id = strings.TrimSpace(id); id != "" {
			selected[strings.ToUpper(id)] = true
		}
	}
	// Ids are matched without regard to case (p2b, P2b); one that names no
	// benchmark is an error, not a run of nothing.
	for id := range selected {
		if !slices.ContainsFunc(benchmarks, func(b benchmark) bool { return strings.ToUpper(b.id) == id }) {
			return fmt.Errorf("BENCH_ONLY/-only: no benchmark %s", id)
		}
	}
	fmt.Printf("bench: %d runs each, P2 with %d resources, P3 with %d ports; %s\n", c.runs, c.n, c.pulumiN, machine())
	var all []result
	failed := false
	for _, b := range benchmarks {
		if len(selected) > 0 && !selected[strings.ToUpper(b.id)] {
			continue
		}
		start := time.Now()
		fmt.Printf("== %s\n", b.id)
		rs, err := b.run(ctx, c)
		for _, r := range rs {
			fmt.Println(r)
		}
		all = append(all, rs...)
		if err != nil {
			failed = true
			fmt.Printf("%s failed: %v\n", b.id, err)
		}
		fmt.Printf("   (%s took %s)\n", b.id, time.Since(start).Round(time.Second))
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	fmt.Println("== summary")
	for _, r := range all {
		fmt.Println(r)
	}
	fmt.Printf("\n== table (docs/performance.md; %d runs each, medians; %s)\n\n", c.runs, machine())
	fmt.Print(markdownTable(all))
	if failed {
		return fmt.Errorf("some benchmarks failed")
	}
	return nil
}

func newConfig() (*config, error) {
	root, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	c := &config{root: root, bin: filepath.Join(root, "bin"), runs: 3, n: 500, pulumiN: 500,
		p1Steps: []time.Duration{2 * time.Second, 5 * time.Second, 10 * time.Second, 20 * time.Second}}
	for name, dst := range map[string]*int{"BENCH_RUNS": &c.runs, "BENCH_N": &c.n, "BENCH_PULUMI_N": &c.pulumiN} {
		if v := os.Getenv(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("%s=%q: want a positive integer", name, v)
			}
			*dst = n
		}
	}
	if v := os.Getenv("BENCH_P1_STEPS"); v != "" {
		c.p1Steps = nil
		for _, s := range strings.Split(v, ",") {
			d, err := time.ParseDuration(strings.TrimSpace(s))
			if err != nil {
				return nil, fmt.Errorf("BENCH_P1_STEPS: %w", err)
			}
			c.p1Steps = append(c.p1Steps, d)
		}
	}
	if _, err := os.Stat(filepath.Join(c.bin, "sandbox")); err != nil {
		return nil, fmt.Errorf("bin/sandbox is missing; run make install (make bench does)")
	}
	if c.work, err = os.MkdirTemp("", "iacsuite-bench-"); err != nil {
		return nil, err
	}
	return c, nil
}

// machine describes where the numbers come from.
func machine() string {
	model := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	mem := ""
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		var kb float64
		if _, err := fmt.Sscanf(string(b), "MemTotal: %f kB", &kb); err == nil {
			mem = fmt.Sprintf(", %.0f GB memory", kb/1024/1024)
		}
	}
	load := ""
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		load = ", load " + strings.Join(strings.Fields(string(b))[:3], " ")
	}
	return fmt.Sprintf("%d cores (nproc), %s%s%s", numCPU(), model, mem, load)
}

func numCPU() int { return runtime.NumCPU() }

// wantProvider reports whether BENCH_PROVIDERS (a comma-separated list, all
// when empty) names the provider.
func (c *config) wantProvider(name string) bool {
	list := os.Getenv("BENCH_PROVIDERS")
	if list == "" {
		return true
	}
	for _, n := range strings.Split(list, ",") {
		if strings.TrimSpace(n) == name {
			return true
		}
	}
	return false
}
