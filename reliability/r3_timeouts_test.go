package reliability

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// r3Config has one of every resource that waits: netfab products (a port
// and a cloud router wait for provisioning up to the provider's wait_time),
// cloudnative import jobs and data files (operations, up to
// operation_timeout), orch machines (timeouts.create with
// wait_for_hostname). The waits come from variables.
func r3Config(s *relSandbox, prefix string) (string, []string) {
	hcl := requiredProviders("netfab", "cloudnative", "orch") + fmt.Sprintf(`
variable "netfab_wait" { default = 0.01 }
variable "operation_timeout" { default = "1s" }
variable "machine_timeout" { default = "1s" }

provider "netfab" {
  environment = %[1]q
  wait_time   = var.netfab_wait
}

provider "cloudnative" {
  endpoint          = %[2]q
  project           = %[3]q
  location          = %[4]q
  operation_timeout = var.operation_timeout
}

provider "orch" {}

resource "netfab_port" "p" {
  product_name         = "%[5]sport"
  port_speed           = 10000
  location_id          = 1
  contract_term_months = 12
}

resource "netfab_mcr" "r" {
  product_name         = "%[5]smcr"
  location_id          = 1
  port_speed           = 5000
  contract_term_months = 1
}

resource "cloudnative_migration_import_job" "j" {
  import_job_id = "%[5]sjob"
}

resource "cloudnative_migration_import_data_file" "f" {
  import_job_id       = cloudnative_migration_import_job.j.import_job_id
  import_data_file_id = "file"
  format              = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"
}

resource "orch_model" "m" {
  name = "%[5]smodel"
}

resource "orch_machine" "x" {
  model_uuid        = orch_model.m.uuid
  annotations       = { rel = "x" }
  wait_for_hostname = true
  timeouts {
    create = var.machine_timeout
  }
}
`, s.urls["netfab"], s.urls["migration"], relProject, relLocation, prefix)
	want := []string{"port/" + prefix + "port", "mcr/" + prefix + "mcr", "job/" + prefix + "job", "file/" + prefix + "job/file",
		"model/" + prefix + "model", "machine/" + prefix + "model/x"}
	return hcl, want
}

// TestR3WaitsOutlivingTheirTimeouts: with every wait shorter than the
// service's provisioning, the first apply keeps every resource in state
// (the object exists once); the next apply, with time enough, resumes the
// same objects (same IDs) instead of creating new ones, and converges.
func TestR3WaitsOutlivingTheirTimeouts(t *testing.T) {
	bin := relBin(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	s := startSandbox(t, bin)
	s.kill()
	s.restart("--provisioning-delay", "4s")
	prefix := "r3-"
	hcl, want := r3Config(s, prefix)
	tf := newTerraform(t, bin, s.env(), hcl)
	row := Row{Scenario: "R3 waits past their timeouts, terraform", Runs: 1}

	_, out := tf.apply(ctx)
	state := tf.stateList(ctx)
	if len(state) != len(want) {
		t.Errorf("after the timed-out apply, state holds %v, want all %d resources:\n%s", state, len(want), lastOf(out, 4000))
	}
	// Every resource that waits ran out of time and said so.
	for msg, n := range map[string]int{"is still being provisioned": 2, "is still being created": 2, "is not active yet": 1} {
		if got := strings.Count(out, msg); got != n {
			t.Errorf("the first apply said %q %d times, want %d (one per waiting resource):\n%s", msg, got, n, lastOf(out, 4000))
		}
	}
	_, d, l, diff := compare(want, s.listObjects(t, prefix))
	if len(diff) > 0 {
		t.Errorf("after the timed-out apply: %v", diff)
	}
	row.Duplicates += d
	row.Lost += l
	before := tf.ids(ctx)

	long := []string{"-var", "netfab_wait=5", "-var", "operation_timeout=5m", "-var", "machine_timeout=5m"}
	ok, out := tf.apply(ctx, long...)
	if !ok {
		t.Errorf("the resuming apply failed:\n%s", lastOf(out, 4000))
	}
	if code, out := tf.run(ctx, append([]string{"plan", "-input=false", "-no-color", "-detailed-exitcode"}, long...)...); code != 0 {
		t.Errorf("plan after the resuming apply is not empty:\n%s", lastOf(out, 4000))
	}
	after := tf.ids(ctx)
	for addr, id := range before {
		row.Checked++
		if after[addr] != id {
			row.Duplicates++
			t.Errorf("%s was %s before the resuming apply and is %s after: recreated, not resumed", addr, id, after[addr])
		}
	}
	c, d, l, diff := compare(want, s.listObjects(t, prefix))
	if len(diff) > 0 {
		t.Errorf("after the resuming apply: %v", diff)
	}
	row.Checked += c
	row.Duplicates += d
	row.Lost += l
	Report(t, row)
}

// ids reads the identity of every resource in state: its id, or the
// attribute that names it.
func (tf *relTerraform) ids(ctx context.Context) map[string]string {
	tf.t.Helper()
	code, out := tf.run(ctx, "show", "-json", "-no-color")
	if code != 0 {
		tf.t.Fatalf("terraform show: %s", out)
	}
	var doc struct {
		Values struct {
			RootModule struct {
				Resources []struct {
					Address string         `json:"address"`
					Values  map[string]any `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		tf.t.Fatalf("terraform show -json: %v", err)
	}
	ids := map[string]string{}
	for _, r := range doc.Values.RootModule.Resources {
		for _, k := range []string{"product_uid", "id", "uuid", "name"} {
			if v, ok := r.Values[k].(string); ok && v != "" {
				ids[r.Address] = k + "=" + v
				break
			}
		}
	}
	return ids
}
