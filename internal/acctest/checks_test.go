package acctest

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/stretchr/testify/assert"
)

func TestErrorMatchingToleratesTerraformWrapping(t *testing.T) {
	re := ErrorMatching(`No product has the UID "x".`)
	assert.Regexp(t, re, "Error: No product has the UID \"x\".")
	assert.Regexp(t, re, "│ No product has the\n│ UID \"x\".")
	assert.NotRegexp(t, re, `No product has the UID "y".`)
}

func TestListElement(t *testing.T) {
	list := []any{
		map[string]any{"id": "a", "n": "1"},
		map[string]any{"id": "b", "n": "2"},
	}
	one := knownvalue.ObjectPartial(map[string]knownvalue.Check{"n": knownvalue.StringExact("2")})
	assert.NoError(t, ListElement("id", "b", one).CheckValue(list))
	assert.Error(t, ListElement("id", "a", one).CheckValue(list), "the element fails its check")
	assert.Error(t, ListElement("id", "c", one).CheckValue(list), "no such element")
	assert.NoError(t, NoListElement("id", "c").CheckValue(list))
	assert.Error(t, NoListElement("id", "a").CheckValue(list))
	assert.Error(t, NoListElement("id", "a").CheckValue("not a list"))
}

func TestNullForEmpty(t *testing.T) {
	assert.NoError(t, StringOrNull("").CheckValue(nil))
	assert.NoError(t, StringOrNull("x").CheckValue("x"))
	assert.Error(t, Int64OrNull(3).CheckValue(nil))
}

func TestLacksFindsTheValueAnywhere(t *testing.T) {
	doc := `{"values":{"root_module":{"resources":[{"values":{"value":{"password":"wo-secret-1234"}}}]}}}`
	if err := lacks("state", doc, []string{"wo-secret-1234"}); err == nil {
		t.Fatal("a state holding the value passed")
	}
	if err := lacks("state", doc, []string{"another-value-99"}); err != nil {
		t.Fatalf("a state without the value failed: %v", err)
	}
	if err := lacks("state", "{}", []string{"wo-secret-1234"}); err == nil {
		t.Fatal("an empty state passed")
	}
}

func TestChangedExactly(t *testing.T) {
	before := map[string]any{"name": "a", "value_wo_version": 1.0, "value": nil}
	if err := changedExactly("x", before, map[string]any{"name": "a", "value_wo_version": 2.0, "value": nil}, []string{"value_wo_version"}); err != nil {
		t.Fatal(err)
	}
	if err := changedExactly("x", before, map[string]any{"name": "b", "value_wo_version": 2.0, "value": nil}, []string{"value_wo_version"}); err == nil {
		t.Fatal("a second change passed")
	}
	if err := changedExactly("x", before, before, []string{"value_wo_version"}); err == nil {
		t.Fatal("no change passed")
	}
}
