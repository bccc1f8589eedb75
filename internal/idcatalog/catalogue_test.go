package idcatalog

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The committed docs/identity-and-query.md is what the schemas give, and
// the providers keep the rules of issue 23 (Catalogue.Problems).
func TestCatalogueCurrent(t *testing.T) {
	c, err := Build(context.Background(), Providers)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range c.Problems() {
		t.Error(p)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", "docs", "identity-and-query.md"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != c.Markdown() {
		t.Error("docs/identity-and-query.md is not current: run make docs (or go run ./internal/idcatalog/gen docs/identity-and-query.md) and commit it")
	}
}

// Problems finds a resource without identity, without a list resource or
// reason, a stale reason and a stale pending entry.
func TestProblems(t *testing.T) {
	unlisted["idcatalog_stale"] = "gone"
	pending["orch_model"] = "models"
	defer delete(unlisted, "idcatalog_stale")
	defer delete(pending, "orch_model")
	c := Catalogue{
		Providers: []ProviderResources{{Name: "idcatalog", Resources: []Resource{
			{Type: "idcatalog_bare"},
			{Type: "idcatalog_listed_unlisted", Identity: []Attribute{{Name: "id"}}, Importable: true, Listed: true, Unlisted: "why"},
			{Type: "orch_model", Identity: []Attribute{{Name: "uuid"}}, Importable: true, Listed: true, Pending: "models"},
		}}},
		ListOnly: []string{"idcatalog_orphan"},
	}
	want := []string{
		"idcatalog_bare has no identity",
		"idcatalog_bare has no ImportState",
		"idcatalog_bare has no list resource",
		"idcatalog_listed_unlisted has a list resource: remove it from unlisted",
		"orch_model's list resource has landed: remove it from pending",
		"list resource idcatalog_orphan lists no resource type",
		"names idcatalog_stale, which is no resource",
	}
	got := strings.Join(c.Problems(), "\n")
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("no problem %q in:\n%s", w, got)
		}
	}
}
