package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// P7 (issue 23): `terraform query` of 10,000 netfab ports with
// include_resource, its time and the provider's peak memory, next to a
// plain `terraform plan` of one port (time and the provider's peak memory
// too). The ports are ordered through the API first, 50 to an order, and
// not timed. terraform query needs Terraform 1.14 or newer:
// BENCH_TERRAFORM_QUERY names it (make bench sets it to the Terraform of the
// acceptance tests), else bin/tf-1.15/terraform.

func init() { register("P7", benchP7) }

// p7Ports is the size of the listing the issue asks about; BENCH_QUERY_N
// changes it (for a quick run).
func p7Ports() (int, error) {
	if v := os.Getenv("BENCH_QUERY_N"); v != "" {
		var n int
		if _, err := fmt.Sscan(v, &n); err != nil || n < 1 {
			return 0, fmt.Errorf("BENCH_QUERY_N=%q: want a positive integer", v)
		}
		return n, nil
	}
	return 10000, nil
}

func (c *config) queryTerraform() (string, error) {
	bin := os.Getenv("BENCH_TERRAFORM_QUERY")
	if bin == "" {
		bin = filepath.Join(c.root, "bin", "tf-1.15", "terraform")
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		return "", fmt.Errorf("terraform query needs Terraform 1.14 or newer: set BENCH_TERRAFORM_QUERY (%s: %w)", bin, err)
	}
	first, _, _ := strings.Cut(string(out), "\n")
	var major, minor int
	if _, err := fmt.Sscanf(first, "Terraform v%d.%d", &major, &minor); err != nil || major < 1 || (major == 1 && minor < 14) {
		return "", fmt.Errorf("terraform query needs Terraform 1.14 or newer, %s is %q", bin, first)
	}
	return bin, nil
}

func benchP7(ctx context.Context, c *config) ([]result, error) {
	if !c.wantProvider("netfab") {
		return nil, nil
	}
	n, err := p7Ports()
	if err != nil {
		return nil, err
	}
	tf, err := c.queryTerraform()
	if err != nil {
		return nil, err
	}
	p := providers[0]
	query := result{id: "P7", name: fmt.Sprintf("netfab: terraform query of %d ports, include_resource", n), unit: unitSeconds,
		yardName: "terraform plan of one port", info: true}
	rss := result{id: "P7", name: "netfab: provider peak RSS during that query", unit: unitMB,
		yardName: "during the plan of one port", info: true}
	listed := result{id: "P7", name: "netfab: ports the query listed", unit: unitCount, goalValue: float64(n), exact: true,
		goal: fmt.Sprintf("exactly %d", n)}
	pages := result{id: "P7", name: "netfab: listing requests of the query", unit: unitCount, info: true, note: "pages, not one read per port"}
	seed := result{id: "P7", name: fmt.Sprintf("netfab: seeding %d ports through the API (not in the query)", n), unit: unitMillis, info: true}
	results := func() []result { return []result{query, rss, listed, pages, seed} }
	provider := filepath.Join(c.bin, "terraform-provider-netfab")
	err = c.withSandbox(ctx, func(s *sandbox) error {
		_, took, err := seedPorts(ctx, s, "p7-port", n)
		if err != nil {
			return err
		}
		seed.measured = append(seed.measured, seconds(took))
		providerBlock := requiredProvider("netfab") + fmt.Sprintf("provider \"netfab\" {\n  environment = %q\n}\n", s.urls["netfab"])
		for i := 0; i < c.runs; i++ {
			// The yardstick: a plan of a configuration of one port.
			dir, err := c.tfDir("p7-plan", netfabPorts(s, 1))
			if err != nil {
				return err
			}
			peak := peakHWM(ctx, provider)
			r, err := c.terraformOf(ctx, tf, dir, p.env(s), "plan", "-input=false", "-no-color")
			rss.yardstick = append(rss.yardstick, peak())
			if err != nil {
				return err
			}
			query.yardstick = append(query.yardstick, seconds(r.wall))

			dir, err = c.tfDir("p7-query", providerBlock)
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, "ports.tfquery.hcl"), []byte(fmt.Sprintf(`list "netfab_port" "all" {
  provider         = netfab
  include_resource = true
  limit            = %d
}
`, n)), 0o644); err != nil {
				return err
			}
			before, err := s.requests()
			if err != nil {
				return err
			}
			peak = peakHWM(ctx, provider)
			r, err = c.terraformOf(ctx, tf, dir, p.env(s), "query", "-no-color", "-json")
			rss.measured = append(rss.measured, peak())
			if err != nil {
				return err
			}
			query.measured = append(query.measured, seconds(r.wall))
			after, err := s.requests()
			if err != nil {
				return err
			}
			pages.measured = append(pages.measured, float64(count(after[len(before):], "GET", productListing)))
			got, err := listedResults(filepath.Join(dir, "query.log"))
			if err != nil {
				return err
			}
			listed.measured = append(listed.measured, float64(got))
		}
		return nil
	})
	return results(), err
}

// productListing is a page of the products listing.
var productListing = regexp.MustCompile(`^/v3/products$`)

// listedResults counts the list results in the output of `terraform query
// -json` (one JSON message a line), failing on a message of error level.
func listedResults(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	n := 0
	for sc.Scan() {
		var msg struct {
			Level   string          `json:"@level"`
			Message string          `json:"@message"`
			Found   json.RawMessage `json:"list_resource_found"`
		}
		if json.Unmarshal(sc.Bytes(), &msg) != nil {
			continue
		}
		if msg.Level == "error" {
			return n, fmt.Errorf("terraform query: %s", msg.Message)
		}
		if len(msg.Found) > 0 {
			n++
		}
	}
	return n, sc.Err()
}

// peakHWM is peakRSS for commands shorter than its 100 ms period (a plan of
// one port): every 10 ms it reads the kernel's high-water mark of the
// resident set (VmHWM) of the processes of binary, which holds their peak
// even between two readings.
func peakHWM(ctx context.Context, binary string) func() float64 {
	return peakOf(ctx, 10*time.Millisecond, func() float64 { return statusOf(binary, "VmHWM:") })
}
