package acctest

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
)

// Checks that a value given write-only (or fetched by an ephemeral resource)
// is nowhere in what Terraform keeps: the plan as `terraform show -json`
// prints it, and the state. Each looks at the whole JSON document, not at
// chosen attributes, so that a copy anywhere (another attribute, the prior
// state, a private field the JSON shows) is found. The value must be
// distinctive, so that finding it cannot be chance.

// PlanLacks fails when any of the values appears in the plan's JSON.
func PlanLacks(values ...string) plancheck.PlanCheck { return planLacks(values) }

type planLacks []string

func (c planLacks) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	b, err := json.Marshal(req.Plan)
	if err != nil {
		resp.Error = err
		return
	}
	resp.Error = lacks("plan", string(b), c)
}

// StateLacks fails when any of the values appears in the state's JSON.
func StateLacks(values ...string) statecheck.StateCheck { return stateLacks(values) }

type stateLacks []string

func (c stateLacks) CheckState(_ context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	b, err := json.Marshal(req.State)
	if err != nil {
		resp.Error = err
		return
	}
	resp.Error = lacks("state", string(b), c)
}

func lacks(where, doc string, values []string) error {
	if len(doc) < 20 {
		return fmt.Errorf("the %s is empty, so its lack of the value proves nothing", where)
	}
	for _, v := range values {
		if len(v) < 8 {
			return fmt.Errorf("%q is too short to be looked for in the %s", v, where)
		}
		if strings.Contains(doc, v) {
			i := strings.Index(doc, v)
			return fmt.Errorf("the %s holds a value that must never be kept (%s…), near %s", where, v[:4], strings.ReplaceAll(doc[max(0, i-200):i], v, "…"))
		}
	}
	return nil
}

// ExpectOnlyChanged fails unless the plan updates the resource at address in
// place and the attributes it changes are exactly attrs: a write-only
// value's version, say, with no other diff.
func ExpectOnlyChanged(address string, attrs ...string) plancheck.PlanCheck {
	return onlyChanged{address: address, attrs: attrs}
}

type onlyChanged struct {
	address string
	attrs   []string
}

func (c onlyChanged) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	for _, rc := range req.Plan.ResourceChanges {
		if rc.Address != c.address {
			continue
		}
		if !rc.Change.Actions.Update() {
			resp.Error = fmt.Errorf("%s: planned %v, want an update in place", c.address, rc.Change.Actions)
			return
		}
		resp.Error = changedExactly(c.address, rc.Change.Before, rc.Change.After, c.attrs)
		return
	}
	resp.Error = fmt.Errorf("%s is not in the plan", c.address)
}

func changedExactly(address string, before, after any, want []string) error {
	b, okB := before.(map[string]any)
	a, okA := after.(map[string]any)
	if !okB || !okA {
		return fmt.Errorf("%s: the plan has no before and after objects", address)
	}
	var changed []string
	for k := range a {
		bj, _ := json.Marshal(b[k])
		aj, _ := json.Marshal(a[k])
		if string(bj) != string(aj) {
			changed = append(changed, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			changed = append(changed, k)
		}
	}
	if fmt.Sprint(sorted(changed)) != fmt.Sprint(sorted(want)) {
		return fmt.Errorf("%s: the plan changes %v, want exactly %v", address, sorted(changed), sorted(want))
	}
	return nil
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	slices.Sort(out)
	return out
}
