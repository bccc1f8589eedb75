package reliability

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// relPulumi runs the pulumi CLI of the binaries' directory on a YAML
// program, with a file backend and the bridged providers of that directory.
type relPulumi struct {
	t   *testing.T
	bin string
	dir string
	env []string
}

func newPulumi(t *testing.T, bin string, env []string, yaml string) *relPulumi {
	t.Helper()
	if _, err := os.Stat(filepath.Join(bin, "pulumi")); err != nil {
		t.Skipf("no pulumi CLI in %s: make pulumi-install", bin)
	}
	state := t.TempDir()
	dir := filepath.Join(state, "program")
	for _, d := range []string{dir, filepath.Join(state, "home"), filepath.Join(state, "backend")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "Pulumi.yaml"), []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	env = append([]string{
		"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"PULUMI_HOME=" + filepath.Join(state, "home"),
		"PULUMI_BACKEND_URL=file://" + filepath.ToSlash(filepath.Join(state, "backend")),
		"PULUMI_CONFIG_PASSPHRASE=reliability",
		"PULUMI_SKIP_UPDATE_CHECK=true",
		"PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true",
		"PULUMI_SKIP_CONFIRMATIONS=true",
		"NO_COLOR=1",
	}, env...)
	p := &relPulumi{t: t, bin: bin, dir: dir, env: env}
	if ok, out := p.run(context.Background(), "stack", "init", "r1", "--non-interactive"); !ok {
		t.Fatalf("pulumi stack init: %s", out)
	}
	return p
}

func (p *relPulumi) run(ctx context.Context, args ...string) (bool, string) {
	cmd := exec.CommandContext(ctx, filepath.Join(p.bin, "pulumi"), args...)
	cmd.Dir = p.dir
	cmd.Env = append(os.Environ(), p.env...)
	cmd.Stdin = strings.NewReader("")
	out, err := cmd.CombinedOutput()
	return err == nil, string(out)
}

// pulumiYAML is a program of n resources across netfab, cloudnative and
// orch, and the objects it declares: among them a netfab VXC between the
// first two ports and an MVE with a VXC to the first port.
func pulumiYAML(s *relSandbox, prefix string, n int) (string, []string) {
	ports, jobs := max(2, n*2/5), n*2/5
	machines := max(1, n-ports-jobs-1-3)
	var b strings.Builder
	var want []string
	fmt.Fprintf(&b, `name: reliability-r1
runtime: yaml
resources:
  nf:
    type: pulumi:providers:netfab
    properties:
      environment: %q
  cn:
    type: pulumi:providers:cloudnative
    properties:
      endpoint: %q
      project: %q
      location: %q
  oc:
    type: pulumi:providers:orch
  model:
    type: orch:index/model:Model
    properties:
      name: %smodel
    options:
      provider: ${oc}
`, s.urls["netfab"], s.urls["migration"], relProject, relLocation, prefix)
	want = append(want, "model/"+prefix+"model")
	for i := range ports {
		fmt.Fprintf(&b, `  port%d:
    type: netfab:index/port:Port
    properties:
      productName: %sport-%d
      portSpeed: 10000
      locationId: 1
      contractTermMonths: 12
    options:
      provider: ${nf}
`, i, prefix, i)
		want = append(want, fmt.Sprintf("port/%sport-%d", prefix, i))
	}
	fmt.Fprintf(&b, `  vxc:
    type: netfab:index/vxc:Vxc
    properties:
      productName: %[1]svxc
      rateLimit: 100
      contractTermMonths: 1
      aEnd:
        requestedProductUid: ${port0.productUid}
        orderedVlan: 100
      bEnd:
        requestedProductUid: ${port1.productUid}
        orderedVlan: 200
    options:
      provider: ${nf}
  mve:
    type: netfab:index/mve:Mve
    properties:
      productName: %[1]smve
      locationId: 1
      contractTermMonths: 1
      vendorConfig:
        vendor: aviatrix
        imageId: 70
        productSize: SMALL
        cloudInit: I2Nsb3VkLWNvbmZpZwo=
    options:
      provider: ${nf}
  mveVxc:
    type: netfab:index/vxc:Vxc
    properties:
      productName: %[1]svxc-mve
      rateLimit: 100
      contractTermMonths: 1
      aEnd:
        requestedProductUid: ${mve.productUid}
        vnicIndex: 0
      bEnd:
        requestedProductUid: ${port0.productUid}
        orderedVlan: 201
    options:
      provider: ${nf}
`, prefix)
	want = append(want, "vxc/"+prefix+"vxc", "mve/"+prefix+"mve", "vxc/"+prefix+"vxc-mve")
	for i := range jobs {
		fmt.Fprintf(&b, `  job%d:
    type: cloudnative:migration/v1alpha1:ImportJob
    properties:
      importJobId: %sjob-%d
    options:
      provider: ${cn}
`, i, prefix, i)
		want = append(want, fmt.Sprintf("job/%sjob-%d", prefix, i))
	}
	for i := range machines {
		fmt.Fprintf(&b, `  machine%d:
    type: orch:index/machine:Machine
    properties:
      modelUuid: ${model.uuid}
      annotations:
        rel: x%d
    options:
      provider: ${oc}
`, i, i)
		want = append(want, fmt.Sprintf("machine/%smodel/x%d", prefix, i))
	}
	return b.String(), want
}

// TestR1PulumiUnderFaults is R1 with the pulumi CLI and the bridged
// providers: up converges within a few tries under the same faults, the
// services hold exactly the declared objects, and destroy leaves nothing.
func TestR1PulumiUnderFaults(t *testing.T) {
	bin := relBin(t)
	n := 30
	if relShort() {
		n = 15
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	s := startSandbox(t, bin, r1FaultFlags(101)...)
	prefix := "r1p-"
	yaml, want := pulumiYAML(s, prefix, n)
	p := newPulumi(t, bin, s.env(), yaml)
	row := Row{Scenario: "R1 faults, pulumi", Runs: 1}

	converged := false
	var out string
	for try := 1; try <= r1MaxApplies && !converged; try++ {
		var ok bool
		if ok, out = p.run(ctx, "up", "--yes", "--skip-preview", "--non-interactive"); ok {
			converged, out = p.run(ctx, "preview", "--expect-no-changes", "--non-interactive")
		}
	}
	if !converged {
		t.Errorf("pulumi up did not converge in %d tries:\n%s", r1MaxApplies, lastOf(out, 4000))
	}
	c, d, l, diff := compare(want, s.listObjects(t, prefix))
	if len(diff) > 0 {
		t.Errorf("after up: %v", diff)
	}
	row.Checked, row.Duplicates, row.Lost = c, d, l
	destroyed := false
	for try := 1; try <= r1MaxApplies && !destroyed; try++ {
		destroyed, out = p.run(ctx, "destroy", "--yes", "--skip-preview", "--non-interactive")
	}
	if !destroyed {
		t.Errorf("pulumi destroy did not succeed:\n%s", lastOf(out, 4000))
	}
	_, d, _, diff = compare(nil, s.listObjects(t, prefix))
	if len(diff) > 0 {
		t.Errorf("left after destroy: %v", diff)
	}
	row.Duplicates += d
	row.Faults = s.injected()
	Report(t, row)
}
