package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"time"
)

// result is the outcome of one case.
type result struct {
	Name   string `json:"name"`
	Status string `json:"status"` // pass, fail, n/a
	Detail string `json:"detail,omitempty"`
	Step   int    `json:"step,omitempty"`
}

// runner runs renamed configurations with terraform against the sandbox.
type runner struct {
	terraform string
	cliConfig string
	env       []string
	work      string
	keep      bool
	prof      *profile
	timeout   time.Duration
}

func (r *runner) tf(ctx context.Context, dir string, args ...string) (string, int, error) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, r.terraform, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), r.env...)
	cmd.Env = append(cmd.Env, "TF_CLI_CONFIG_FILE="+r.cliConfig, "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1")
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
		err = nil
	}
	if ctx.Err() != nil {
		err = fmt.Errorf("terraform %s: timed out after %s", args[0], r.timeout)
	}
	if r.keep {
		if f, ferr := os.OpenFile(filepath.Join(dir, "terraform.log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600); ferr == nil {
			fmt.Fprintf(f, "### terraform %s (exit %d)\n%s\n", strings.Join(args, " "), code, out.String())
			_ = f.Close()
		}
	}
	return out.String(), code, err
}

var ansi = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// codeLine is a line of the configuration terraform quotes under an error.
var codeLine = regexp.MustCompile(`^\d+:`)

// firstError is the summary of the first error terraform printed, with the
// first line of its detail.
func firstError(out string) string {
	out = ansi.ReplaceAllString(out, "")
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		l = strings.TrimLeft(l, "│╷╵ ")
		if strings.HasPrefix(l, "Error: ") {
			msg := strings.TrimSpace(l)
			for _, d := range lines[i+1:] {
				d = strings.TrimSpace(strings.TrimLeft(d, "│╷╵ "))
				if d == "" || strings.HasPrefix(d, "with ") || strings.HasPrefix(d, "on ") || codeLine.MatchString(d) ||
					strings.HasPrefix(d, "├") || strings.HasPrefix(d, "│") {
					continue
				}
				msg += ": " + d
				break
			}
			return msg
		}
	}
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			return strings.TrimSpace(l)
		}
	}
	return "(no output)"
}

// planChange is the first change a plan shows.
func planChange(out string) string {
	out = ansi.ReplaceAllString(out, "")
	sc := bufio.NewScanner(strings.NewReader(out))
	var head string
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(l, "# ") && (strings.Contains(l, " will be ") || strings.Contains(l, " must be ")) {
			head = l
			continue
		}
		if head != "" && (strings.HasPrefix(l, "~ ") || strings.HasPrefix(l, "+ ") || strings.HasPrefix(l, "- ") || strings.HasPrefix(l, "-/+ ")) &&
			!strings.Contains(l, "resource \"") && !strings.Contains(l, "data \"") {
			return head + ": " + l
		}
	}
	if head != "" {
		return head
	}
	return firstError(out)
}

func (r *runner) write(dir string, files map[string]string, example bool) error {
	old, _ := filepath.Glob(filepath.Join(dir, "*.tf"))
	old = append(old, filepath.Join(dir, "terraform.tfvars.json"))
	for _, f := range old {
		if err := os.Remove(f); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	for name, text := range files {
		if strings.HasSuffix(name, ".json") {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
				return err
			}
			continue
		}
		text = r.prof.rename(text)
		if example {
			text = r.prof.renameExample(text)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			return err
		}
	}
	return nil
}

// runCase runs the steps of one case: each configuration is applied (or
// planned, or expected to fail as upstream expects), a second plan must be
// empty, an import step imports into a fresh state and compares it, and
// everything is destroyed at the end.
func (r *runner) runCase(ctx context.Context, name string, steps []step) (res result) {
	res = result{Name: name, Status: "pass"}
	dir, err := os.MkdirTemp(r.work, "case-")
	if err != nil {
		return result{Name: name, Status: "fail", Detail: err.Error()}
	}
	if !r.keep {
		defer os.RemoveAll(dir)
	}
	fail := func(i int, format string, args ...any) result {
		return result{Name: name, Status: "fail", Step: i + 1, Detail: fmt.Sprintf(format, args...)}
	}
	applied := ""
	var appliedVars map[string]any
	example := len(steps) > 0 && steps[0].Example
	defer func() {
		if applied == "" {
			return
		}
		if err := r.write(dir, files(applied, appliedVars), example); err != nil {
			return
		}
		out, code, err := r.tf(ctx, dir, "destroy", "-auto-approve", "-input=false", "-no-color")
		if (err != nil || code != 0) && res.Status == "pass" {
			res = result{Name: name, Status: "fail", Step: len(steps) + 1, Detail: "destroy: " + firstError(out)}
		}
	}()
	for i, st := range steps {
		if st.ConfigErr != "" {
			return fail(i, "configuration not extractable: %s", st.ConfigErr)
		}
		if st.ImportState {
			// the step's own configuration, if it has one, is the one the
			// test framework imports with (an import into an empty state
			// when nothing was applied before)
			cfg, vars := applied, appliedVars
			if st.Config != "" {
				cfg, vars = st.Config, st.Vars
			}
			if cfg == "" {
				return fail(i, "import step without a configuration")
			}
			if d := r.importStep(ctx, dir, cfg, vars, applied != "", st); d != "" {
				return fail(i, "import: %s", d)
			}
			continue
		}
		if st.Config == "" {
			continue
		}
		if st.Query {
			// list blocks go to a .tfquery.hcl beside the applied configuration
			q := r.prof.rename(st.Config)
			if st.Example {
				q = r.prof.renameExample(q)
			}
			if len(st.Resolve) > 0 {
				all, err := r.allAttributes(ctx, dir)
				if err != nil {
					return fail(i, "%v", err)
				}
				for ph, ref := range st.Resolve {
					dot := strings.LastIndex(ref, ".")
					v, ok := all[ref[:dot]][ref[dot+1:]]
					if !ok {
						return fail(i, "no %s in the applied state to fill %s in", ref, ph)
					}
					q = strings.ReplaceAll(q, ph, fmt.Sprintf("%q", fmt.Sprint(v)))
				}
			}
			// terraform query reads the configuration beside the query: a
			// provider block alone when nothing was applied before
			if _, err := os.Stat(filepath.Join(dir, "main.tf")); os.IsNotExist(err) {
				if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte("provider \""+r.prof.name+"\" {}\n"), 0o600); err != nil {
					return fail(i, "%v", err)
				}
			}
			if err := os.WriteFile(filepath.Join(dir, "query.tfquery.hcl"), []byte(q), 0o600); err != nil {
				return fail(i, "%v", err)
			}
			out, code, err := r.tf(ctx, dir, "query", "-no-color")
			_ = os.Remove(filepath.Join(dir, "query.tfquery.hcl"))
			if err != nil {
				return fail(i, "%v", err)
			}
			if st.ExpectError != nil {
				if code == 0 {
					return fail(i, "upstream expects an error matching %q; ours queried without one", st.ExpectError.String())
				}
				continue
			}
			if code != 0 {
				return fail(i, "query: %s", firstError(out))
			}
			continue
		}
		if err := r.write(dir, files(st.Config, st.Vars), st.Example); err != nil {
			return fail(i, "%v", err)
		}
		verb := []string{"apply", "-auto-approve", "-input=false", "-no-color"}
		if st.PlanOnly {
			verb = []string{"plan", "-input=false", "-no-color", "-detailed-exitcode"}
		}
		if st.Destroy {
			verb = []string{"destroy", "-auto-approve", "-input=false", "-no-color"}
		}
		out, code, err := r.tf(ctx, dir, verb...)
		if err != nil {
			return fail(i, "%v", err)
		}
		if st.ExpectError != nil {
			if code == 0 {
				return fail(i, "upstream expects an error matching %q; ours %s without one", st.ExpectError.String(), verb[0])
			}
			if !r.matchesExpected(st.ExpectError, out) {
				return fail(i, "error differs from upstream's %q: %s", st.ExpectError.String(), firstError(out))
			}
			continue
		}
		if st.PlanOnly {
			if code == 1 {
				return fail(i, "plan: %s", firstError(out))
			}
			if (code == 2) != st.ExpectNonEmptyPlan {
				if code == 2 {
					return fail(i, "plan not empty: %s", planChange(out))
				}
				return fail(i, "upstream expects a non-empty plan; ours is empty")
			}
			continue
		}
		if code != 0 {
			if applied == "" {
				// the first apply may have created some objects
				applied, appliedVars = st.Config, st.Vars
			}
			return fail(i, "%s: %s", verb[0], firstError(out))
		}
		applied, appliedVars = st.Config, st.Vars
		if st.Destroy {
			applied = ""
			continue
		}
		out, code, err = r.tf(ctx, dir, "plan", "-input=false", "-no-color", "-detailed-exitcode")
		if err != nil {
			return fail(i, "%v", err)
		}
		switch {
		case code == 1:
			return fail(i, "re-plan: %s", firstError(out))
		case code == 2 && !st.ExpectNonEmptyPlan:
			return fail(i, "re-plan not empty: %s", planChange(out))
		}
	}
	return res
}

// importStep imports the step's resource into a fresh state with the same
// configuration and compares its attributes with the applied state, as
// ImportStateVerify does.
func (r *runner) importStep(ctx context.Context, dir, config string, vars map[string]any, haveState bool, st step) string {
	if st.ResourceName == "" {
		return "no resource name"
	}
	var before map[string]any
	if haveState {
		var err error
		if before, err = r.attributes(ctx, dir, st.ResourceName); err != nil {
			return err.Error()
		}
	}
	id := st.ImportStateID
	if id == "" && st.importIDFn != nil {
		all, err := r.allAttributes(ctx, dir)
		if err != nil {
			return err.Error()
		}
		if id, err = st.importID(all); err != nil {
			return err.Error()
		}
	}
	if id == "" {
		attr := "id"
		if st.ImportIDAttr != "" {
			attr = st.ImportIDAttr
		}
		v, ok := before[attr]
		if !ok {
			return "no " + attr + " attribute to import by"
		}
		id = fmt.Sprint(v)
	}
	idir, err := os.MkdirTemp(r.work, "import-")
	if err != nil {
		return err.Error()
	}
	defer os.RemoveAll(idir)
	if err := r.write(idir, files(config, vars), st.Example); err != nil {
		return err.Error()
	}
	addr := r.prof.rename(st.ResourceName)
	out, code, err := r.tf(ctx, idir, "import", "-input=false", "-no-color", addr, id)
	if err != nil {
		return err.Error()
	}
	if st.ExpectError != nil {
		if code == 0 {
			return fmt.Sprintf("upstream expects an error matching %q; ours imported without one", st.ExpectError.String())
		}
		if !r.matchesExpected(st.ExpectError, out) {
			return fmt.Sprintf("error differs from upstream's %q: %s", st.ExpectError.String(), firstError(out))
		}
		return ""
	}
	if code != 0 {
		return fmt.Sprintf("terraform import %s %q: %s", addr, id, firstError(out))
	}
	if !st.ImportStateVerify || !haveState {
		return ""
	}
	after, err := r.attributes(ctx, idir, st.ResourceName)
	if err != nil {
		return err.Error()
	}
	ignored := func(k string) bool {
		for _, p := range st.ImportVerifyIgnore {
			if k == p || strings.HasPrefix(k, p+".") {
				return true
			}
		}
		return k == "timeouts" || strings.HasPrefix(k, "timeouts.")
	}
	var diffs []string
	for k, v := range before {
		if ignored(k) {
			continue
		}
		if w, ok := after[k]; !ok || !reflect.DeepEqual(v, w) {
			diffs = append(diffs, fmt.Sprintf("%s: applied %v, imported %v", k, v, after[k]))
		}
	}
	for k, v := range after {
		if _, ok := before[k]; !ok && !ignored(k) {
			diffs = append(diffs, fmt.Sprintf("%s: applied <absent>, imported %v", k, v))
		}
	}
	if len(diffs) > 0 {
		sort.Strings(diffs)
		return fmt.Sprintf("ImportStateVerify: %d attributes differ (%s)", len(diffs), strings.Join(diffs[:min(3, len(diffs))], "; "))
	}
	return ""
}

// attributes reads one resource's attributes from the state, flattened to
// dotted keys as the test framework's state is (nulls and empty collections
// left out).
func (r *runner) attributes(ctx context.Context, dir, addr string) (map[string]any, error) {
	all, err := r.allAttributes(ctx, dir)
	if err != nil {
		return nil, err
	}
	want := r.prof.rename(addr)
	if a, ok := all[want]; ok {
		return a, nil
	}
	return nil, fmt.Errorf("%s is not in the state", want)
}

// allAttributes reads every resource's attributes from the state, by address.
func (r *runner) allAttributes(ctx context.Context, dir string) (map[string]map[string]any, error) {
	out, code, err := r.tf(ctx, dir, "show", "-json", "-no-color")
	if err != nil || code != 0 {
		return nil, fmt.Errorf("terraform show: %w %s", err, firstError(out))
	}
	var st struct {
		Values struct {
			RootModule struct {
				Resources []struct {
					Address string         `json:"address"`
					Values  map[string]any `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		return nil, err
	}
	all := map[string]map[string]any{}
	for _, res := range st.Values.RootModule.Resources {
		flat := map[string]any{}
		flatten("", res.Values, flat)
		all[res.Address] = flat
	}
	return all, nil
}

func flatten(prefix string, v any, into map[string]any) {
	key := func(k string) string {
		if prefix == "" {
			return k
		}
		return prefix + "." + k
	}
	switch v := v.(type) {
	case nil:
	case map[string]any:
		for k, x := range v {
			flatten(key(k), x, into)
		}
	case []any:
		for i, x := range v {
			flatten(key(fmt.Sprint(i)), x, into)
		}
	default:
		into[prefix] = v
	}
}

// hubSetup registers the sandbox's controller with its hub and lets the
// hub's administrator service account add models on its cloud, as the
// upstream's hub tests expect of their hub.
const hubSetup = `
variable "address" { type = string }
variable "ca" { type = string }
variable "password" {
  type      = string
  sensitive = true
}
variable "client_id" { type = string }
variable "uuid" { type = string }

resource "orch_hub_controller" "sandbox" {
  name           = "sandbox"
  uuid           = var.uuid
  api_addresses  = [var.address]
  ca_certificate = var.ca
  username       = "admin"
  password       = var.password
  force          = true
}

resource "orch_hub_access_cloud" "localhost" {
  cloud_name       = "localhost"
  access           = "can_addmodel"
  service_accounts = [var.client_id]
  depends_on       = [orch_hub_controller.sandbox]
}
`

func (r *runner) setupHub(ctx context.Context, env map[string]string) error {
	dir, err := os.MkdirTemp(r.work, "hub-setup-")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(hubSetup), 0o600); err != nil {
		return err
	}
	uuid, err := controllerUUID(ctx, env)
	if err != nil {
		return err
	}
	out, code, err := r.tf(ctx, dir, "apply", "-auto-approve", "-input=false", "-no-color", "-var", "uuid="+uuid,
		"-var", "address="+env["ORCH_CONTROLLER_ADDRESSES"], "-var", "ca="+env["ORCH_CA_CERT"],
		"-var", "password="+env["ORCH_PASSWORD"], "-var", "client_id="+env["ORCH_HUB_CLIENT_ID"])
	if err != nil {
		return err
	}
	if code != 0 {
		return fmt.Errorf("%s", firstError(out))
	}
	return nil
}

// controllerUUID is the UUID the controller's login answers with.
func controllerUUID(ctx context.Context, env map[string]string) (string, error) {
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM([]byte(env["ORCH_CA_CERT"]))
	c := &http.Client{Timeout: time.Minute, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}}
	body, err := json.Marshal(map[string]string{"username": env["ORCH_USERNAME"], "password": env["ORCH_PASSWORD"]})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://"+env["ORCH_CONTROLLER_ADDRESSES"]+"/v1/login", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var login struct {
		Controller struct {
			UUID string `json:"uuid"`
		} `json:"controller"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&login); err != nil {
		return "", fmt.Errorf("controller login: %s: %w", resp.Status, err)
	}
	return login.Controller.UUID, nil
}

// offeringSetup is what upstream's cross-controller document has its CI
// make on the offering controller before the tests: a model offering-model
// with juju-qa-dummy-source deployed and its sink endpoint offered, so that
// the offer's URL is admin/offering-model.dummy-source.
const offeringSetup = `
resource "orch_model" "offering" {
  name = "offering-model"
}

resource "orch_application" "source" {
  model_uuid = orch_model.offering.uuid
  name       = "dummy-source"
  charm {
    name = "juju-qa-dummy-source"
  }
}

resource "orch_offer" "source" {
  model_uuid       = orch_model.offering.uuid
  application_name = orch_application.source.name
  endpoints        = ["sink"]
}
`

// setupOffering applies offeringSetup on the offering controller, whose
// settings are its sandbox.env.
func setupOffering(ctx context.Context, terraform, cliConfig, work string, offering map[string]string) error {
	dir, err := os.MkdirTemp(work, "offering-setup-")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(offeringSetup), 0o600); err != nil {
		return err
	}
	r := &runner{terraform: terraform, cliConfig: cliConfig, work: work, timeout: 5 * time.Minute}
	for k, v := range offering {
		r.env = append(r.env, k+"="+v)
	}
	out, code, err := r.tf(ctx, dir, "apply", "-auto-approve", "-input=false", "-no-color")
	if err != nil {
		return err
	}
	if code != 0 {
		return fmt.Errorf("%s", firstError(out))
	}
	return nil
}

// files are the files of a step: its configuration and, when the step has
// ConfigVariables, their values.
func files(config string, vars map[string]any) map[string]string {
	f := map[string]string{"main.tf": config}
	if len(vars) > 0 {
		b, err := json.Marshal(vars)
		if err == nil {
			f["terraform.tfvars.json"] = string(b)
		}
	}
	return f
}

// matchesExpected: terraform's output (as printed, or with its line wrapping
// undone) matches the error upstream's test expects, or that pattern with the
// types renamed (upstream's messages name its own types: "juju_space").
func (r *runner) matchesExpected(re *regexp.Regexp, out string) bool {
	plain := ansi.ReplaceAllString(out, "")
	flat := strings.Join(strings.Fields(strings.ReplaceAll(plain, "│", " ")), " ")
	pats := []*regexp.Regexp{re}
	if renamed := r.prof.rename(re.String()); renamed != re.String() {
		if rr, err := regexp.Compile(renamed); err == nil {
			pats = append(pats, rr)
		}
	}
	for _, p := range pats {
		if p.MatchString(plain) || p.MatchString(flat) {
			return true
		}
	}
	return false
}
