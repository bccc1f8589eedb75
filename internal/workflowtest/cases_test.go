package workflowtest

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCases makes each case in the subtest of its type (named as when each
// ran alone), runs the cases that share in one batch while every one of
// those subtests is still running (what a case made lives until its batch
// is done), a case that cannot share in a batch of its own, and cases of
// different provider blocks in different batches.
func TestRunCasesBatches(t *testing.T) {
	type tcase struct {
		alone    bool
		provider string
	}
	cases := map[string]tcase{"x_a": {}, "x_b": {}, "x_c": {provider: "other"}, "x_d": {alone: true}, "x_e": {}}
	types := slices.Sorted(func(yield func(string) bool) {
		for k := range cases {
			if !yield(k) {
				return
			}
		}
	})
	var mu sync.Mutex
	var batches [][]string
	made := map[string]string{}
	live := map[string]bool{}
	var notLive []string
	var parent string
	t.Run("Provider", func(t *testing.T) {
		parent = t.Name()
		runCases(t, Provider{Name: "x"}, types, cases, runner[tcase, string]{
			kind: "import", file: "f",
			alone:          func(c tcase) bool { return c.alone },
			providerConfig: func(c tcase) string { return c.provider },
			prepare: func(t *testing.T, typ string, _ tcase) (string, bool) {
				mu.Lock()
				defer mu.Unlock()
				made[typ], live[typ] = t.Name(), true
				t.Cleanup(func() {
					mu.Lock()
					defer mu.Unlock()
					live[typ] = false
				})
				return typ, true
			},
			run: func(_ *testing.T, _ Provider, batch []*member[tcase, string]) {
				mu.Lock()
				defer mu.Unlock()
				var b []string
				for _, m := range batch {
					b = append(b, m.made)
					if !live[m.typ] {
						notLive = append(notLive, m.typ)
					}
					m.skip = ""
				}
				batches = append(batches, b)
			},
		})
	})
	for _, typ := range types {
		assert.Equal(t, parent+"/"+typ, made[typ], "the case of %s is made in the subtest of its type", typ)
	}
	assert.Empty(t, notLive, "a batch ran after the subtest of a member ended")
	slices.SortFunc(batches, func(a, b []string) int { return strings.Compare(a[0], b[0]) })
	assert.Equal(t, [][]string{{"x_a", "x_b", "x_e"}, {"x_c"}, {"x_d"}}, batches)
}

// Cases whose configurations declare the same address (or both a block
// that must be single) go to different batches; others share.
func TestSplitByLabels(t *testing.T) {
	m := func(typ, config string) *importMember { return &importMember{typ: typ, made: config} }
	a := m("t_a", "resource \"t_a\" \"test\" {\n}\nresource \"t_dep\" \"d\" {\n  name = \"x\"\n}\n")
	b := m("t_b", "resource \"t_b\" \"test\" {\n}\nresource \"t_dep\" \"d\" {\n}\n")
	c := m("t_c", "resource \"t_c\" \"test\" {\n}\nlocals {\n  x = 1\n}\n")
	d := m("t_d", "data \"t_dep\" \"d\" {\n}\nresource \"t_d\" \"test\" {\n}\nlocals {\n  y = 1\n}\n")
	got := splitByLabels([]*importMember{a, b, c, d})
	var typs [][]string
	for _, batch := range got {
		var b []string
		for _, m := range batch {
			b = append(b, m.typ)
		}
		typs = append(typs, b)
	}
	assert.Equal(t, [][]string{{"t_a", "t_c"}, {"t_b", "t_d"}}, typs)
	assert.Equal(t, []string{"resource.t_a.test", "resource.t_dep.d"}, declared(a.made))
	assert.Equal(t, "t_dep.d", address("resource.t_dep.d"))
	assert.Equal(t, "data.t_dep.d", address("data.t_dep.d"))
}

// A failure of terraform goes to the member that owns an address its
// messages name, so that the subtest of that type fails.
func TestBlameNamesTheType(t *testing.T) {
	a, b := &importMember{typ: "t_a"}, &importMember{typ: "t_b"}
	r := Result{Args: []string{"plan"}, ExitCode: 1, Stderr: "Error: Invalid value\n\n  on generated.tf line 3, in resource \"t_b\" \"imported\":\n   3:   x = 1\n\nError: boom\n\n  with t_b.imported,\n"}
	named := blame(t, r, "the generated configuration is not valid as written", ownerByType([]*importMember{a, b}))
	require.Equal(t, []*importMember{b}, named)
	assert.Empty(t, a.errs)
	require.Len(t, b.errs, 1)
	assert.Contains(t, b.errs[0], "t_b is named")
}

func TestImportTargetsAndBlocks(t *testing.T) {
	generated := `resource "t_a" "found_0" {
  name = "a"
}

resource "t_b" "found_0" {
  name = "b"
}

import {
  to = t_a.found_0
  identity = { id = "1" }
}

import {
  to       = t_b.found_0
  identity = { id = "2" }
}

import {
  to = t_a.found_1
  identity = { id = "3" }
}
`
	assert.Equal(t, map[string]int{"t_a": 2, "t_b": 1}, importTargets(generated))
	assert.Equal(t, "resource \"t_b\" \"found_0\" {\n  name = \"b\"\n}", blocksOf(generated, "t_b"))
}
