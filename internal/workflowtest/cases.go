package workflowtest

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// The cases of TestImports and TestQueries run in batches, as
// acctest.Together runs identity cases: the cases that can share one
// configuration share one working directory and one run of each terraform
// command, so that a provider's table costs a few terraform runs, not a run
// of every command per type. A case that cannot share (one that asks the
// user to add to the generated configuration, whose checks are of the
// plan as a whole) runs alone, as a parallel subtest.
//
// Every type keeps its subtest (Test.../<type>), in which its case makes
// what it needs (Config, Objects) with that subtest's *testing.T, and which
// ends only after its batch has run, so that what the case made lives as
// long as the batch, and the subtest's name (which cases use for the names
// of their objects) is the same as when it ran alone. A failure that
// terraform ties to an address (an error "with <type>.<name>", a change in
// a plan) fails the subtest of the type that owns the address; the batch
// goes on without it where it can. A failure of the batch that names no
// type fails the test itself, and the subtests it left unchecked are
// skipped, saying so.

// member is the case of one type in a batch: the type's subtest, what the
// case made there, and what the batch found.
type member[C, M any] struct {
	typ  string
	c    C
	t    *testing.T
	made M
	// errs are the failures of the type; skip, when set, says why the batch
	// did not check it.
	errs []string
	skip string
}

func (m *member[C, M]) errorf(format string, args ...any) {
	m.errs = append(m.errs, fmt.Sprintf(format, args...))
}

// report fails or skips the type's subtest as the batch found.
func (m *member[C, M]) report() {
	m.t.Helper()
	for _, e := range m.errs {
		m.t.Error(e)
	}
	if len(m.errs) == 0 && m.skip != "" {
		m.t.Skip(m.skip)
	}
}

// runner is how runCases runs the cases of one kind.
type runner[C, M any] struct {
	// kind names the cases ("import", "query"), file the test file of a
	// provider that holds them.
	kind, file string
	// alone says that a case runs in a batch of its own.
	alone func(C) bool
	// providerConfig is the provider block of the case ("" for
	// Provider.Config): cases of different blocks never share.
	providerConfig func(C) string
	// prepare runs in the type's subtest and makes what the case needs;
	// false when there is nothing to run.
	prepare func(t *testing.T, typ string, c C) (M, bool)
	// split splits cases that could share a working directory into
	// batches that can (nil: one batch).
	split func(ms []*member[C, M]) [][]*member[C, M]
	// run runs one batch; t is the test that the failures of no type fail.
	run func(t *testing.T, p Provider, batch []*member[C, M])
}

// runCases runs the case of every type in types with r, in batches, and
// fails for a type without a case and for a case without a type.
func runCases[C, M any](t *testing.T, p Provider, types []string, cases map[string]C, r runner[C, M]) {
	t.Helper()
	for name := range cases {
		if !slices.Contains(types, name) {
			t.Errorf("%s case %q: the provider has no such type", r.kind, name)
		}
	}
	var wg sync.WaitGroup
	arrived := make(chan *member[C, M], len(types))
	done := make(chan struct{})
	shared := 0
	for _, typ := range types {
		c, ok := cases[typ]
		if !ok || r.alone(c) {
			t.Run(typ, func(t *testing.T) {
				t.Parallel()
				if !ok {
					t.Fatalf("%s has no %s case: add one to the %s cases of internal/provider/%s/%s", typ, r.kind, r.kind, p.Name, r.file)
				}
				made, run := r.prepare(t, typ, c)
				if !run {
					return
				}
				m := &member[C, M]{typ: typ, c: c, t: t, made: made}
				r.run(t, p, []*member[C, M]{m})
				m.report()
			})
			continue
		}
		// A subtest of its own goroutine, not parallel: it waits for its
		// batch, which needs every case of the batch made at once (the
		// -parallel limit would hold back all but a few).
		shared++
		wg.Add(1)
		go func() {
			defer wg.Done()
			var once sync.Once
			arrive := func(m *member[C, M]) { once.Do(func() { arrived <- m }) }
			t.Run(typ, func(t *testing.T) {
				defer arrive(nil) // the case failed, or has nothing to run
				made, run := r.prepare(t, typ, c)
				if !run {
					return
				}
				m := &member[C, M]{typ: typ, c: c, t: t, made: made,
					skip: "not checked: its batch stopped before its checks; the test's own failure says why"}
				arrive(m)
				<-done
				m.report()
			})
			arrive(nil) // -run left the subtest out
		}()
	}
	func() {
		// Whatever happens to the batches, every subtest ends before the
		// test does.
		defer func() {
			close(done)
			wg.Wait()
		}()
		var ms []*member[C, M]
		for range shared {
			if m := <-arrived; m != nil {
				ms = append(ms, m)
			}
		}
		// The batches in the order of their first type.
		slices.SortFunc(ms, func(a, b *member[C, M]) int { return strings.Compare(a.typ, b.typ) })
		var keys []string
		byKey := map[string][]*member[C, M]{}
		for _, m := range ms {
			k := r.providerConfig(m.c)
			if _, ok := byKey[k]; !ok {
				keys = append(keys, k)
			}
			byKey[k] = append(byKey[k], m)
		}
		for _, k := range keys {
			batches := [][]*member[C, M]{byKey[k]}
			if r.split != nil {
				batches = r.split(byKey[k])
			}
			for _, batch := range batches {
				r.run(t, p, batch)
			}
		}
	}()
}

// ResourceTypes lists the resource type names of p, as its Resources
// returns them.
func ResourceTypes(p Provider) []string {
	return typeNames(p, p.New().Resources(context.Background()))
}

// typeNames are the type names of what news make (resources, list
// resources), sorted.
func typeNames[T interface {
	Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse)
}](p Provider, news []func() T) []string {
	types := make([]string, 0, len(news))
	for _, n := range news {
		var resp resource.MetadataResponse
		n().Metadata(context.Background(), resource.MetadataRequest{ProviderTypeName: p.Name}, &resp)
		types = append(types, resp.TypeName)
	}
	slices.Sort(types)
	return types
}

// addressIn finds the addresses that Terraform's messages tie an error to:
// "with <type>.<name>," and "in resource "<type>" "<name>"".
var addressIn = regexp.MustCompile(`(?:with ([a-z0-9_]+)\.([a-zA-Z0-9_-]+)[,:\s]|in resource "([a-z0-9_]+)" "([a-zA-Z0-9_-]+)")`)

// blame gives the failure of a terraform command to the members that own
// the addresses its messages name (owner maps an address to its member),
// and returns them; a failure that names none fails t, with what.
func blame[C, M any](t *testing.T, r Result, what string, owner func(address string) *member[C, M]) []*member[C, M] {
	t.Helper()
	var named []*member[C, M]
	for _, m := range addressIn.FindAllStringSubmatch(r.Stdout+r.Stderr, -1) {
		addr := m[1] + "." + m[2]
		if m[1] == "" {
			addr = m[3] + "." + m[4]
		}
		if o := owner(addr); o != nil && !slices.Contains(named, o) {
			named = append(named, o)
		}
	}
	for _, m := range named {
		m.errorf("%s (%s is named in the messages):\n%s", what, m.typ, r)
	}
	if len(named) == 0 {
		t.Errorf("%s:\n%s", what, r)
	}
	return named
}

// without is ms without drop.
func without[C, M any](ms, drop []*member[C, M]) []*member[C, M] {
	return slices.DeleteFunc(slices.Clone(ms), func(m *member[C, M]) bool { return slices.Contains(drop, m) })
}

// changes is the plan file of the working directory as `terraform show
// -json` gives it: the resource changes by address.
func (w *Workdir) changes(planFile string) map[string]*tfjson.ResourceChange {
	w.t.Helper()
	r := w.MustRun("show", "-json", "-no-color", planFile)
	var plan tfjson.Plan
	if err := plan.UnmarshalJSON([]byte(r.Stdout)); err != nil {
		w.t.Fatalf("terraform show -json %s: %v", planFile, err)
	}
	out := map[string]*tfjson.ResourceChange{}
	for _, rc := range plan.ResourceChanges {
		if rc.Change != nil {
			out[rc.Address] = rc
		}
	}
	return out
}

// importing says whether rc imports its object with the actions want and
// nothing else.
func importing(rc *tfjson.ResourceChange, want tfjson.Actions) bool {
	return rc != nil && rc.Change.Importing != nil && slices.Equal(rc.Change.Actions, want)
}

// importActions are the actions of a plain import: none, or an update in
// place when the first apply records what the service never returns.
func importActions(records string) tfjson.Actions {
	if records != "" {
		return tfjson.Actions{tfjson.ActionUpdate}
	}
	return tfjson.Actions{tfjson.ActionNoop}
}

// describe is a change of a plan as a reader wants it: the address, the
// actions and the attributes that change.
func describe(rc *tfjson.ResourceChange) string {
	before, _ := rc.Change.Before.(map[string]any)
	after, _ := rc.Change.After.(map[string]any)
	return fmt.Sprintf("%s: %v (importing %t)\n%s", rc.Address, rc.Change.Actions, rc.Change.Importing != nil, diffAs(before, after, "before", "after"))
}

// emptyAfter checks that the working directory, after the apply of what
// its members generated, plans nothing: a change fails the member of the
// type changed. generated is the file the members' blocks are in.
func emptyAfter[C, M any](t *testing.T, w *Workdir, ms []*member[C, M], generated string) {
	t.Helper()
	r := w.Run("plan", "-detailed-exitcode", "-input=false", "-no-color", "-out=after.tfplan")
	switch r.ExitCode {
	case 0:
		return
	case 2:
	default:
		blame(t, r, "the plan after the import failed", ownerByType(ms))
		return
	}
	var unowned []string
	for addr, rc := range w.changes("after.tfplan") {
		if slices.Equal(rc.Change.Actions, tfjson.Actions{tfjson.ActionNoop}) {
			continue
		}
		if m := ownerByType(ms)(addr); m != nil {
			m.errorf("the plan after the import is not empty: %s\ngenerated.tf holds:\n%s", describe(rc), blocksOf(generated, m.typ))
			continue
		}
		unowned = append(unowned, describe(rc))
	}
	if len(unowned) > 0 {
		t.Errorf("the plan after the import changes what no case made:\n%s", strings.Join(unowned, "\n"))
	}
}

// ownerByType is the member of an address's type.
func ownerByType[C, M any](ms []*member[C, M]) func(string) *member[C, M] {
	return func(addr string) *member[C, M] {
		typ, _, _ := strings.Cut(addr, ".")
		for _, m := range ms {
			if m.typ == typ {
				return m
			}
		}
		return nil
	}
}

// blocksOf are the resource blocks of typ in a generated file.
func blocksOf(generated, typ string) string {
	var out []string
	in := false
	for _, line := range strings.Split(generated, "\n") {
		if strings.HasPrefix(line, fmt.Sprintf("resource %q ", typ)) {
			in = true
		}
		if in {
			out = append(out, line)
			if line == "}" {
				in = false
			}
		}
	}
	return strings.Join(out, "\n")
}

// The count lines of a plan and an apply of imports: imported, of which
// changed in place.
const (
	planSummary  = "Plan: %d to import, 0 to add, %d to change, 0 to destroy."
	applySummary = "Resources: %d imported, 0 added, %d changed, 0 destroyed."
)

// completeGenerated adds to the generated resource blocks of each member
// what its case's add says (ImportCase.Add, QueryCase.Add), and checks that
// the documentation of the type says to (add and records). It returns the
// completed file, or "" after failing the member.
func completeGenerated[C, M any](p Provider, ms []*member[C, M], generated string, add, records func(C) string) string {
	for _, m := range ms {
		a := add(m.c)
		if a == "" {
			continue
		}
		m.errs = append(m.errs, undocumented(p, m.typ, a)...)
		patched, err := addAttributesToAll(generated, m.typ, a)
		if err != nil {
			m.errorf("%v\ngenerated.tf:\n%s", err, generated)
			return ""
		}
		generated = patched
	}
	for _, m := range ms {
		if rec := records(m.c); rec != "" {
			m.errs = append(m.errs, undocumented(p, m.typ, rec+" =")...)
		}
	}
	return generated
}
