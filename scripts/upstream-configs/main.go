// Command upstream-configs runs the acceptance-test configurations and the
// examples of an upstream provider against ours: it extracts them from a
// checkout of the upstream (the Go test files build them as strings and
// templates; the examples are .tf files or, for the firewall provider, the
// example blocks of its data-source docs), renames the types as the seeds
// rename them, and runs each with terraform against a local sandbox: apply,
// a second plan that must be empty, import where the upstream test imports,
// destroy. It prints one line per case and the counts.
//
// It is not part of `make test`: it needs the upstream's source, which the
// project does not hold. See README.md beside it.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "upstream-configs:", err)
		os.Exit(1)
	}
}

func run() error {
	var (
		prov      = flag.String("provider", "", "our provider: orch, netfab or fwmgr")
		src       = flag.String("src", "", "directory of the upstream's tree at the commit to test")
		bin       = flag.String("bin", "bin", "directory of our built providers and sandbox (make install)")
		terraform = flag.String("terraform", "bin/tf-1.15/terraform", "terraform binary")
		only      = flag.String("run", "", "run only the cases whose name matches this regular expression")
		parallel  = flag.Int("parallel", 3, "cases run at the same time")
		jsonOut   = flag.String("json", "", "write the results to this file as JSON")
		list      = flag.Bool("list", false, "print the extracted cases and their configurations; run nothing")
		keep      = flag.Bool("keep", false, "keep the working directories")
		timeout   = flag.Duration("timeout", 5*time.Minute, "timeout of one terraform command")
		sandboxEF = flag.String("sandbox-env", "", "settings of a running sandbox (its sandbox.env); default: start one")
		noTests   = flag.Bool("no-tests", false, "run only the examples")
		noExamps  = flag.Bool("no-examples", false, "run only the acceptance tests")
		cloud     = flag.String("cloud", "lxd", "orch: the cloud upstream's suite runs on, lxd (the machine cloud) or microk8s (the cluster cloud: the sandbox starts with it as its default cloud)")
		complete  = flag.Bool("complete-examples", true, "orch: also run each example completed: one configuration per alternative, fixtures for the objects it references and does not declare, placeholders filled in (cases named '... [completed]')")
		cross     = flag.Bool("cross-controller", false, "orch: run upstream's cross-controller tests: a second sandbox is the offering controller, with the model, application and offer those tests consume")
	)
	flag.Parse()
	if *prov == "" || *src == "" {
		flag.Usage()
		return fmt.Errorf("-provider and -src are required")
	}
	var filter *regexp.Regexp
	if *only != "" {
		var err error
		if filter, err = regexp.Compile(*only); err != nil {
			return err
		}
	}
	absBin, err := filepath.Abs(*bin)
	if err != nil {
		return err
	}
	tfPath, err := filepath.Abs(*terraform)
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "upstream-configs-")
	if err != nil {
		return err
	}
	if !*keep {
		defer os.RemoveAll(work)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	if *cloud != "lxd" && *cloud != "microk8s" {
		return fmt.Errorf("-cloud must be lxd or microk8s, not %q", *cloud)
	}
	env := map[string]string{}
	var offering map[string]string
	if !*list {
		var extra []string
		if *cloud == "microk8s" {
			extra = append(extra, "--orch-default-cloud", "microk8s")
		}
		if *cross {
			// the offering controller first: the consuming controller
			// connects only to the controllers it is started with
			state := filepath.Join(work, "offering")
			stopOffering, err := startSandbox(ctx, absBin, state, "--orch-controller-name", offeringControllerName)
			if err != nil {
				return err
			}
			defer stopOffering()
			if offering, err = readEnv(filepath.Join(state, "sandbox.env")); err != nil {
				return err
			}
			extra = append(extra, "--orch-remote-controllers", offering["ORCH_CONTROLLER_ADDRESSES"])
		}
		envFile := *sandboxEF
		if envFile == "" {
			state := filepath.Join(work, "sandbox")
			stopSandbox, err := startSandbox(ctx, absBin, state, extra...)
			if err != nil {
				return err
			}
			defer stopSandbox()
			envFile = filepath.Join(state, "sandbox.env")
		}
		if env, err = readEnv(envFile); err != nil {
			return err
		}
	}

	type job struct {
		name  string
		steps []step
		hub   bool
		na    string
	}
	var jobs []job
	add := func(j job) {
		if filter == nil || filter.MatchString(j.name) {
			jobs = append(jobs, j)
		}
	}
	opts := profileOptions{cloud: *cloud, offering: offering}
	prof := profiles(env, false, opts)[*prov]
	if prof == nil {
		return fmt.Errorf("unknown provider %q", *prov)
	}
	if !*noTests && prof.testDir != "" {
		cases, err := extract(filepath.Join(*src, prof.testDir), prof)
		if err != nil {
			return err
		}
		var hubCases map[string]testCase
		if *prov == "orch" {
			hc, err := extract(filepath.Join(*src, prof.testDir), profiles(env, true, opts)["orch"])
			if err != nil {
				return err
			}
			hubCases = map[string]testCase{}
			for _, c := range hc {
				hubCases[c.Name] = c
			}
		}
		for _, c := range cases {
			name := "test/" + strings.TrimSuffix(c.File, "_test.go") + "/" + c.Name
			// A test the upstream runs only against its hub runs here
			// against ours.
			if h, ok := hubCases[c.Name]; ok && c.Skip != "" && h.Skip == "" {
				c, name = h, name+" [hub]"
				if c.Err != "" {
					add(job{name: name, hub: true, steps: []step{{ConfigErr: c.Err}}})
				} else {
					add(job{name: name, hub: true, steps: c.Steps})
				}
				continue
			}
			na := ""
			if prof.caseNA != nil {
				na = prof.caseNA(name)
			}
			switch {
			case c.Skip != "":
				add(job{name: name, na: c.Skip})
			case na != "":
				// extracted all the same, for -list
				add(job{name: name, na: na, steps: c.Steps})
			case c.Err != "":
				add(job{name: name, steps: []step{{ConfigErr: c.Err}}})
			default:
				add(job{name: name, steps: c.Steps})
			}
		}
	}
	if !*noExamps {
		exs, err := examples(*src, prof)
		if err != nil {
			return err
		}
		for _, e := range exs {
			add(job{name: e.name, steps: e.steps, na: e.na})
			if *complete && *prov == "orch" {
				for _, c := range completedExample(e, prof) {
					add(job{name: c.name, steps: c.steps, na: c.na, hub: c.hub})
				}
			}
		}
	}
	if *list {
		for _, j := range jobs {
			fmt.Printf("=== %s", j.name)
			if j.na != "" {
				fmt.Printf(" (n/a: %s)", j.na)
			}
			fmt.Println()
			for i, s := range j.steps {
				fmt.Printf("--- step %d %+v\n%s\n", i+1, summary(s), prof.rename(s.Config))
			}
		}
		if prof.caseType != nil {
			listed := make([]listedCase, len(jobs))
			for i, j := range jobs {
				listed[i] = listedCase{j.name, j.na, j.steps}
			}
			listCounts(os.Stdout, prof, listed)
		}
		return nil
	}

	cli := filepath.Join(work, "terraformrc")
	var ov strings.Builder
	for _, p := range []string{addressPrefix + "/" + *prov, "registry.terraform.io/hashicorp/" + *prov} {
		fmt.Fprintf(&ov, "    %q = %q\n", p, absBin)
	}
	if err := os.WriteFile(cli, []byte("provider_installation {\n  dev_overrides {\n"+ov.String()+"  }\n  direct {}\n}\n"), 0o600); err != nil {
		return err
	}
	newRunner := func(hub bool) *runner {
		r := &runner{terraform: tfPath, cliConfig: cli, work: work, keep: *keep, prof: prof, timeout: *timeout}
		for k, v := range env {
			if hub && (k == "ORCH_USERNAME" || k == "ORCH_PASSWORD") {
				continue
			}
			r.env = append(r.env, k+"="+v)
		}
		if hub {
			r.env = append(r.env, "ORCH_CONTROLLER_ADDRESSES="+env["ORCH_HUB_ADDRESSES"],
				"ORCH_CLIENT_ID="+env["ORCH_HUB_CLIENT_ID"], "ORCH_CLIENT_SECRET="+env["ORCH_HUB_CLIENT_SECRET"],
				"ORCH_USERNAME=", "ORCH_PASSWORD=")
		}
		return r
	}
	ctrl, hub := newRunner(false), newRunner(true)
	if offering != nil && len(jobs) > 0 {
		// upstream's cross-controller tests consume an offer that their CI
		// made on the offering controller beforehand
		if err := setupOffering(ctx, tfPath, cli, work, offering); err != nil {
			return fmt.Errorf("offering controller set-up: %w", err)
		}
	}
	for _, j := range jobs {
		if j.hub {
			// upstream's hub tests run against a hub with a controller
			// behind it on which they may add models
			if err := hub.setupHub(ctx, env); err != nil {
				fmt.Fprintln(os.Stderr, "upstream-configs: hub set-up:", err)
			}
			break
		}
	}

	results := make([]result, len(jobs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, *parallel)
	names := &nameLocks{m: map[string]*sync.Mutex{}}
	var mu sync.Mutex
	for i, j := range jobs {
		if j.na != "" {
			results[i] = result{Name: j.name, Status: "n/a", Detail: j.na}
			continue
		}
		wg.Add(1)
		go func(i int, j job) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			if prof.serialByName {
				defer names.lock(literalNames(j.steps))()
			}
			r := ctrl
			if j.hub {
				r = hub
			}
			if prof.caseEnv != nil {
				if extra := prof.caseEnv(j.name); len(extra) > 0 {
					rc := *r
					rc.env = append(slices.Clone(r.env), extra...)
					r = &rc
				}
			}
			res := r.runCase(ctx, j.name, j.steps)
			mu.Lock()
			results[i] = res
			fmt.Fprintf(os.Stderr, "%-4s %s %s\n", res.Status, res.Name, res.Detail)
			mu.Unlock()
		}(i, j)
	}
	wg.Wait()
	printTable(os.Stdout, results)
	if *jsonOut != "" {
		b, err := json.MarshalIndent(results, "", "  ")
		if err != nil {
			return err
		}
		return os.WriteFile(*jsonOut, b, 0o600)
	}
	return nil
}

// nameLocks serialises the cases that name an object alike. The management
// server keeps names unique and locks an object to the session that changed
// it until publish, so two cases creating "time1" at once would fail on each
// other; upstream runs its tests one at a time (resource.Test), and its docs
// not at all.
type nameLocks struct {
	mu sync.Mutex
	m  map[string]*sync.Mutex
}

// lock takes the locks of the names in a fixed order (no two cases wait for
// each other) and returns their release.
func (l *nameLocks) lock(names []string) func() {
	var held []*sync.Mutex
	for _, n := range names {
		l.mu.Lock()
		m := l.m[n]
		if m == nil {
			m = &sync.Mutex{}
			l.m[n] = m
		}
		l.mu.Unlock()
		m.Lock()
		held = append(held, m)
	}
	return func() {
		for i := len(held) - 1; i >= 0; i-- {
			held[i].Unlock()
		}
	}
}

// literalName is a name argument given as a plain string.
var literalName = regexp.MustCompile(`(?m)^\s*name\s*=\s*"([^"$]*)"`)

// literalNames are the distinct names a case's configurations give as
// plain strings, sorted, lower-cased (the server's names are unique
// regardless of case).
func literalNames(steps []step) []string {
	var out []string
	for _, s := range steps {
		for _, m := range literalName.FindAllStringSubmatch(s.Config, -1) {
			out = append(out, strings.ToLower(m[1]))
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// listedCase is a case as -list counts it.
type listedCase struct {
	name  string
	na    string
	steps []step
}

// listCounts prints, by the profile's case type, the cases extracted, how
// many of their steps have a configuration renamed to our types, those not
// extractable, and the cases that do not apply; then the steps whose
// configuration still names an upstream type after the renaming.
func listCounts(w io.Writer, prof *profile, cs []listedCase) {
	type count struct{ cases, steps, configs, notExtractable, na int }
	counts := map[string]*count{}
	var types []string
	var leftovers []string
	upstreamType := regexp.MustCompile(`"` + regexp.QuoteMeta(prof.upstream) + `_\w+"`)
	for _, c := range cs {
		t := prof.caseType(c.name)
		if t == "" {
			continue
		}
		n := counts[t]
		if n == nil {
			n = &count{}
			counts[t] = n
			types = append(types, t)
		}
		n.cases++
		if c.na != "" {
			n.na++
		}
		for i, s := range c.steps {
			n.steps++
			switch {
			case s.ConfigErr != "":
				n.notExtractable++
			case s.Config != "":
				n.configs++
				if m := upstreamType.FindString(prof.rename(s.Config)); m != "" {
					leftovers = append(leftovers, fmt.Sprintf("%s step %d: %s", c.name, i+1, m))
				}
			}
		}
	}
	sort.Strings(types)
	fmt.Fprintf(w, "\n%-42s %5s %5s %7s %14s %4s\n", "type", "cases", "steps", "configs", "not extractable", "n/a")
	var total count
	for _, t := range types {
		n := counts[t]
		fmt.Fprintf(w, "%-42s %5d %5d %7d %14d %4d\n", t, n.cases, n.steps, n.configs, n.notExtractable, n.na)
		total.cases += n.cases
		total.steps += n.steps
		total.configs += n.configs
		total.notExtractable += n.notExtractable
		total.na += n.na
	}
	fmt.Fprintf(w, "%-42s %5d %5d %7d %14d %4d\n", "total", total.cases, total.steps, total.configs, total.notExtractable, total.na)
	for _, l := range leftovers {
		fmt.Fprintf(w, "not renamed: %s\n", l)
	}
}

func summary(s step) string {
	var parts []string
	if s.ConfigErr != "" {
		parts = append(parts, "not extractable: "+s.ConfigErr)
	}
	if s.ImportState {
		parts = append(parts, "import "+s.ResourceName)
	}
	if s.ExpectError != nil {
		parts = append(parts, "expect error "+s.ExpectError.String())
	}
	if s.PlanOnly {
		parts = append(parts, "plan only")
	}
	if s.PreConfig {
		parts = append(parts, "pre-config")
	}
	return strings.Join(parts, ", ")
}

func printTable(w io.Writer, rs []result) {
	counts := map[string]int{}
	for _, r := range rs {
		counts[r.Status]++
		d := r.Detail
		if len(d) > 220 {
			d = d[:220] + "…"
		}
		step := ""
		if r.Step > 0 {
			step = fmt.Sprintf(" (step %d)", r.Step)
		}
		fmt.Fprintf(w, "%-4s  %s%s  %s\n", r.Status, r.Name, step, d)
	}
	fmt.Fprintf(w, "\npass %d, fail %d, n/a %d (applicable %d: %d of %d pass)\n",
		counts["pass"], counts["fail"], counts["n/a"], counts["pass"]+counts["fail"], counts["pass"], counts["pass"]+counts["fail"])
}

func extract(dir string, prof *profile) ([]testCase, error) {
	in, tests, fileOf, err := newInterp(dir, prof)
	if err != nil {
		return nil, err
	}
	var out []testCase
	for _, t := range tests {
		out = append(out, in.runTest(t, fileOf[t]))
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return false
	})
	return out, nil
}

type example struct {
	name  string
	steps []step
	na    string
}

var seqFile = regexp.MustCompile(`_([a-z])\.tf$`)

// examples collects the upstream's examples: each folder is one
// configuration; files named *_a.tf, *_b.tf, ... are successive versions of
// one configuration (applied in turn); the provider folder's files are
// alternatives, one case each. The firewall provider's examples are the
// Example Usage blocks of its data-source docs.
func examples(src string, prof *profile) ([]example, error) {
	if prof.docFiles != nil {
		return docExamples(src, prof)
	}
	root := filepath.Join(src, "examples")
	dirs := map[string][]string{}
	err := filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if !info.IsDir() && (strings.HasSuffix(p, ".tf") || strings.HasSuffix(p, ".tfquery.hcl")) {
			dirs[filepath.Dir(p)] = append(dirs[filepath.Dir(p)], p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var out []example
	keys := make([]string, 0, len(dirs))
	for d := range dirs {
		keys = append(keys, d)
	}
	sort.Strings(keys)
	for _, d := range keys {
		rel, _ := filepath.Rel(root, d)
		files := dirs[d]
		sort.Strings(files)
		if filepath.Base(d) == "provider" {
			for _, f := range files {
				b, err := os.ReadFile(f)
				if err != nil {
					return nil, err
				}
				out = append(out, example{name: "example/" + rel + "/" + filepath.Base(f), steps: []step{{Config: string(b), Example: true}}})
			}
			continue
		}
		var common strings.Builder
		var seq, queries []string
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			if strings.HasSuffix(f, ".tfquery.hcl") {
				queries = append(queries, string(b))
				continue
			}
			if seqFile.MatchString(f) {
				seq = append(seq, string(b))
				continue
			}
			common.Write(b)
			common.WriteString("\n")
		}
		ex := example{name: "example/" + rel}
		if len(seq) == 0 && common.Len() > 0 {
			ex.steps = []step{{Config: common.String(), Example: true}}
		}
		for _, q := range queries {
			ex.steps = append(ex.steps, step{Config: q, Query: true, Example: true})
		}
		for _, s := range seq {
			ex.steps = append(ex.steps, step{Config: common.String() + s, Example: true})
		}
		out = append(out, ex)
	}
	return out, nil
}

var hclBlock = regexp.MustCompile("(?s)```(?:hcl|terraform)?\\s*\n(.*?)```")

func docExamples(src string, prof *profile) ([]example, error) {
	files, err := prof.docFiles(src)
	if err != nil {
		return nil, err
	}
	var out []example
	for _, f := range files {
		// a doc of a type we do not have is n/a; its block is extracted
		// all the same, for -list
		ex := example{name: f.name, na: f.na}
		b, err := os.ReadFile(f.path)
		if err != nil {
			if ex.na == "" {
				return nil, err
			}
			out = append(out, ex)
			continue
		}
		text := string(b)
		if i := strings.Index(text, "## Example Usage"); i >= 0 {
			text = text[i:]
		}
		m := hclBlock.FindStringSubmatch(text)
		if m == nil {
			if ex.na == "" {
				ex.na = "no example block"
			}
		} else {
			config := m[1]
			for _, r := range f.device {
				config = r.re.ReplaceAllString(config, r.repl)
			}
			ex.steps = []step{{Config: config, Example: true}}
		}
		out = append(out, ex)
	}
	return out, nil
}

// startSandbox starts bin/sandbox serve on free loopback ports with a state
// directory of its own and waits for its settings file.
func startSandbox(ctx context.Context, bin, state string, extra ...string) (func(), error) {
	args := []string{"serve", "--state-dir", state, "--provisioning-delay", "0s",
		"--orch-admin-password", "upstream-configs-admin", "--hub-admin-client-secret", "upstream-configs-hub"}
	args = append(args, extra...)
	for _, svc := range []string{"netfab", "migration", "fwmgr", "orch", "hub"} {
		args = append(args, "--"+svc+"-addr", "127.0.0.1:0")
	}
	if err := os.MkdirAll(state, 0o700); err != nil {
		return nil, err
	}
	logf, err := os.Create(filepath.Join(filepath.Dir(state), "sandbox.log"))
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, filepath.Join(bin, "sandbox"), args...)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	stop := func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
		_ = logf.Close()
	}
	envFile := filepath.Join(state, "sandbox.env")
	for i := 0; i < 600; i++ {
		if b, err := os.ReadFile(envFile); err == nil && strings.Contains(string(b), "ORCH_HUB_ADDRESSES") {
			return stop, nil
		}
		if cmd.ProcessState != nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	stop()
	log, _ := os.ReadFile(logf.Name())
	return nil, fmt.Errorf("the sandbox did not write %s:\n%s", envFile, log)
}

// readEnv reads a sandbox.env file the way a shell sourcing it would.
func readEnv(file string) (map[string]string, error) {
	out, err := exec.Command("bash", "-c", `set -a; . "$1"; env -0`, "bash", file).Output()
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", file, err)
	}
	env := map[string]string{}
	for _, kv := range strings.Split(string(out), "\x00") {
		k, v, ok := strings.Cut(kv, "=")
		if ok && (strings.HasPrefix(k, "ORCH_") || strings.HasPrefix(k, "NETFAB_") || strings.HasPrefix(k, "FWMGR_") ||
			strings.HasPrefix(k, "CLOUDNATIVE_") || k == "SSL_CERT_FILE") {
			env[k] = v
		}
	}
	return env, nil
}
