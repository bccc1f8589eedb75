package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
)

func init() { register("P2b", benchP2b) }

// benchP2b: the service's cost does not grow with what it holds. Runs the Go
// benchmarks of the netfab sandbox that read a product, and order a port,
// against stores holding 10 and 100,000 products, and compares them: their
// time, and the store pages each request looked at, which unlike the time
// does not depend on the machine's load (a scan shows as pages in
// proportion to the store).
func benchP2b(ctx context.Context, c *config) ([]result, error) {
	var out []result
	for _, b := range []struct{ bench, what string }{
		{"BenchmarkProductRead", "product read"},
		{"BenchmarkOrderPort", "port order"},
	} {
		r, err := c.goBench(ctx, b.bench)
		if err != nil {
			return out, err
		}
		out = append(out, result{id: "P2b", name: "netfab sandbox: " + b.what + ", store of 100,000 products", unit: unitNanos,
			measured: r.nanos[1], yardName: "store of 10", yardstick: r.nanos[0], goalRatio: 1.5, goal: "<= 1.5x (as fast)"},
			result{id: "P2b", name: "netfab sandbox: store pages per " + b.what + ", store of 100,000 products", unit: unitFloat,
				measured: r.pages[1], yardName: "store of 10", yardstick: r.pages[0], info: true,
				goal: "(pages looked at: the B-trees' depth, not a scan; independent of load)"})
	}
	return out, nil
}

var benchLine = regexp.MustCompile(`^(Benchmark\w+)/products=(\d+)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op(?:\s+([\d.]+) pages/op)?`)

// goBenchResult is ns/op and pages/op of a benchmark's products=10 ([0])
// and products=100000 ([1]) cases, one value per run.
type goBenchResult struct{ nanos, pages [2]sample }

// goBench runs one Go benchmark of internal/sandbox/netfab BENCH_RUNS times.
func (c *config) goBench(ctx context.Context, name string) (goBenchResult, error) {
	cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-bench", "^"+name+"$", "-benchtime", "200x",
		"-count", strconv.Itoa(c.runs), "./internal/sandbox/netfab")
	cmd.Dir = c.root
	outb, err := cmd.CombinedOutput()
	if err != nil {
		return goBenchResult{}, fmt.Errorf("go test -bench %s: %w\n%s", name, err, outb)
	}
	r := parseGoBench(outb)
	for i := range r.nanos {
		if len(r.nanos[i]) == 0 || len(r.pages[i]) == 0 {
			return r, fmt.Errorf("go test -bench %s printed no products=10 and products=100000 lines with ns/op and pages/op:\n%s", name, outb)
		}
	}
	return r, nil
}

func parseGoBench(out []byte) (r goBenchResult) {
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		i := -1
		switch m[2] {
		case "10":
			i = 0
		case "100000":
			i = 1
		}
		if i < 0 {
			continue
		}
		v, _ := strconv.ParseFloat(m[3], 64)
		r.nanos[i] = append(r.nanos[i], v)
		if m[4] != "" {
			p, _ := strconv.ParseFloat(m[4], 64)
			r.pages[i] = append(r.pages[i], p)
		}
	}
	return r
}
