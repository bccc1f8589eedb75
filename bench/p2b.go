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
// against stores holding 10 and 100,000 products, and compares them.
func benchP2b(ctx context.Context, c *config) ([]result, error) {
	var out []result
	for _, b := range []struct{ bench, what string }{
		{"BenchmarkProductRead", "product read"},
		{"BenchmarkOrderPort", "port order"},
	} {
		small, large, err := c.goBench(ctx, b.bench)
		if err != nil {
			return out, err
		}
		out = append(out, result{id: "P2b", name: "netfab sandbox: " + b.what + ", store of 100,000 products", unit: unitNanos,
			measured: large, yardName: "store of 10", yardstick: small, goalRatio: 1.5, goal: "<= 1.5x (as fast)"})
	}
	return out, nil
}

var benchLine = regexp.MustCompile(`^(Benchmark\w+)/products=(\d+)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op`)

// goBench runs one Go benchmark of internal/sandbox/netfab BENCH_RUNS times
// and returns ns/op for its products=10 and products=100000 cases.
func (c *config) goBench(ctx context.Context, name string) (small, large sample, err error) {
	cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-bench", "^"+name+"$", "-benchtime", "200x",
		"-count", strconv.Itoa(c.runs), "./internal/sandbox/netfab")
	cmd.Dir = c.root
	outb, err := cmd.CombinedOutput()
	if err != nil {
		return nil, nil, fmt.Errorf("go test -bench %s: %w\n%s", name, err, outb)
	}
	small, large = parseGoBench(outb)
	if len(small) == 0 || len(large) == 0 {
		return nil, nil, fmt.Errorf("go test -bench %s printed no products=10 and products=100000 lines:\n%s", name, outb)
	}
	return small, large, nil
}

func parseGoBench(out []byte) (small, large sample) {
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		v, _ := strconv.ParseFloat(m[3], 64)
		switch m[2] {
		case "10":
			small = append(small, v)
		case "100000":
			large = append(large, v)
		}
	}
	return small, large
}
