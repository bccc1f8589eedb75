package fwmgr

import (
	"context"
	"fmt"
	"slices"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Installing policy: install-policy and verify-policy (api
// management_install.go). Both work on the PUBLISHED database, as a real
// server installs what other administrators can see, never a session's
// pending changes. Each is a task that ends at once; show-task reports it
// per target.
//
// Verification is what a real server refuses a policy for:
//   - a rule uses an object that does not exist (a reference the database
//     no longer resolves);
//   - a rule is hidden: an earlier enabled rule of its layer matches every
//     connection it matches (sources, destinations and services each a
//     superset, groups expanded, no negation), so it can never match. Two
//     rules with the same match and different actions are the usual case
//     (a conflict), and a rule below the layer's catch-all is another.
//
// An installation goes to the targets asked for (all the package's
// installation targets when none is), each of which must be a gateway or
// cluster and one of the package's installation targets (a package that
// names none installs on every gateway, as a server's "all"); it succeeds on a
// target only when the policy verifies. What each target has installed
// is kept (mgmtKindInstalled) and answered by show-gateways-and-servers.

// mgmtKindInstalled records a gateway's installed policy: id domain/uid.
const mgmtKindInstalled = "mgmt-installed"

// Commands of this file besides install-policy and verify-policy.
const commandShowGatewaysAndServers = "show-gateways-and-servers"

// gatewayTypes are the types a policy installs on.
var gatewayTypes = []string{"simple-gateway", "simple-cluster"}

// installed is one gateway's installed policy.
type installed struct {
	Gateway string              `json:"gateway"` // its UID
	Policy  api.InstalledPolicy `json:"policy"`
}

// installCommand reports whether command is one of this file's.
func installCommand(command string) bool {
	switch command {
	case api.CommandInstallPolicy, api.CommandVerifyPolicy, commandShowGatewaysAndServers:
		return true
	}
	return false
}

// mgmtInstall answers the commands of installCommand.
func (s *server) mgmtInstall(ctx context.Context, command string, sess *session, body []byte) (any, error) {
	switch command {
	case api.CommandInstallPolicy:
		return s.mgmtInstallPolicy(ctx, sess, body)
	case api.CommandVerifyPolicy:
		return s.mgmtVerifyPolicy(ctx, sess, body)
	default:
		return s.mgmtShowGateways(ctx, sess, body)
	}
}

func (s *server) mgmtVerifyPolicy(ctx context.Context, sess *session, body []byte) (any, error) {
	var req api.VerifyPolicyRequest
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	var out api.TaskResponse
	err := s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		pkg, err := policyPackage(d, req.PolicyPackage)
		if err != nil {
			return err
		}
		task := api.Task{TaskName: "Verify policy - " + pkg.Name}
		if problems := verifyPackage(d, pkg); len(problems) > 0 {
			task.Status, task.Comments = api.TaskFailed, strings.Join(problems, "; ")
		} else {
			task.Status, task.Comments = api.TaskSucceeded, fmt.Sprintf("policy %s verified", pkg.Name)
		}
		task.Details = []api.TaskDetail{{Status: task.Status, Description: task.Comments}}
		out.TaskID, err = putTask(tx, d, task)
		return err
	})
	return out, err
}

func (s *server) mgmtInstallPolicy(ctx context.Context, sess *session, body []byte) (any, error) {
	if err := s.writable(sess); err != nil {
		return nil, err
	}
	var req api.InstallPolicyRequest
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	var out api.TaskResponse
	err := s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		pkg, err := policyPackage(d, req.PolicyPackage)
		if err != nil {
			return err
		}
		access := orDefault(req.Access, asBool(pkg.Fields["access"]))
		threat := orDefault(req.ThreatPrevention, asBool(pkg.Fields["threat-prevention"]))
		if !access && !threat && !orDefault(req.QoS, false) && !orDefault(req.DesktopSecurity, false) {
			return invalid("access", "nothing to install: the request turns off every policy of package %q", pkg.Name)
		}
		pkgTargets := uidsOf(pkg.Fields["installation-targets"])
		targets := req.Targets
		if len(targets) == 0 {
			for _, o := range d.published {
				if slices.Contains(gatewayTypes, o.Type) && (installsOnAll(pkg) || slices.Contains(pkgTargets, o.UID)) {
					targets = append(targets, o.Name)
				}
			}
			slices.Sort(targets)
			if len(targets) == 0 {
				return invalid("targets", "package %q has no installation targets in domain %q: name the targets", pkg.Name, d.domain)
			}
		}
		problems := verifyPackage(d, pkg)
		task := api.Task{TaskName: "Policy installation - " + pkg.Name, Status: api.TaskSucceeded}
		var failed []string
		for _, ref := range targets {
			detail := installOn(tx, d, pkg, ref, pkgTargets, problems, access, threat, orDefault(req.PrepareOnly, false))
			if detail.Status != api.TaskSucceeded {
				failed = append(failed, detail.GatewayName+": "+detail.Description)
			}
			task.Details = append(task.Details, detail)
		}
		if len(failed) > 0 {
			task.Status, task.Comments = api.TaskFailed, strings.Join(failed, "; ")
		} else {
			task.Comments = fmt.Sprintf("policy %s installed on %d target(s)", pkg.Name, len(targets))
		}
		out.TaskID, err = putTask(tx, d, task)
		return err
	})
	return out, err
}

// installOn installs pkg on the target ref names, unless it is not one of
// the package's targets or the policy did not verify (problems).
func installOn(tx *store.Tx, d *mdb, pkg *mobj, ref string, pkgTargets, problems []string, access, threat, prepareOnly bool) api.TaskDetail {
	gw := lookupRef(d.published, api.Field{RefTypes: gatewayTypes}, ref)
	if gw == nil {
		return api.TaskDetail{GatewayName: ref, Status: api.TaskFailed,
			Description: fmt.Sprintf("target %q is not a gateway or cluster of domain %q", ref, d.domain)}
	}
	detail := api.TaskDetail{GatewayID: gw.UID, GatewayName: gw.Name, Status: api.TaskFailed}
	switch {
	case !slices.Contains(pkgTargets, gw.UID) && !installsOnAll(pkg):
		detail.Description = fmt.Sprintf("policy package %q is not installed on %q: the gateway is not one of the package's installation targets", pkg.Name, gw.Name)
	case len(problems) > 0:
		detail.Description = "policy verification failed: " + strings.Join(problems, "; ")
	case prepareOnly:
		detail.Status, detail.Description = api.TaskSucceeded, fmt.Sprintf("policy %s prepared for %s (not installed: prepare-only)", pkg.Name, gw.Name)
	default:
		var rec installed
		if _, err := tx.Get(mgmtKindInstalled, objectID(d.domain, gw.UID), &rec); err != nil {
			detail.Description = err.Error()
			return detail
		}
		rec.Gateway = gw.UID
		when := stamp(d.now)
		if access {
			rec.Policy.AccessPolicyInstalled, rec.Policy.AccessPolicyName, rec.Policy.AccessPolicyInstallationDate = true, pkg.Name, &when
		}
		if threat {
			rec.Policy.ThreatPolicyInstalled, rec.Policy.ThreatPolicyName, rec.Policy.ThreatPolicyInstallationDate = true, pkg.Name, &when
		}
		if err := tx.Put(mgmtKindInstalled, objectID(d.domain, gw.UID), d.domain, rec); err != nil {
			detail.Description = err.Error()
			return detail
		}
		detail.Status, detail.Description = api.TaskSucceeded, fmt.Sprintf("policy %s installed on %s", pkg.Name, gw.Name)
	}
	return detail
}

// installsOnAll: the package names no installation targets, which on a
// management server means every gateway (its "all").
func installsOnAll(pkg *mobj) bool {
	return len(uidsOf(pkg.Fields["installation-targets"])) == 0
}

// policyPackage is the published package ref names.
func policyPackage(d *mdb, ref string) (*mobj, error) {
	if ref == "" {
		return nil, missing("policy-package")
	}
	pkg := lookupRef(d.published, api.Field{RefTypes: []string{"package"}}, ref)
	if pkg == nil {
		return nil, notFound("Requested object [%s] not found: no published policy package of that name or uid in domain %q", ref, d.domain)
	}
	return pkg, nil
}

// verifyPackage lists what keeps the package's published access policy
// from installing, each naming the layer and the rule.
func verifyPackage(d *mdb, pkg *mobj) []string {
	rt, ok := api.LookupRulebaseType("access-rule")
	if !ok {
		return nil
	}
	var problems []string
	for _, layerUID := range uidsOf(pkg.Fields["access-layers"]) {
		rb, err := loadRulebase(d, d.published, &rt, "layer", layerUID)
		if err != nil {
			problems = append(problems, fmt.Sprintf("access layer %s of package %q does not exist", layerUID, pkg.Name))
			continue
		}
		problems = append(problems, verifyRulebase(d.published, rb, rt)...)
	}
	return problems
}

// verifyRulebase checks the rules of one layer: their references resolve,
// and no enabled rule is hidden by an earlier one.
func verifyRulebase(vis map[string]*mobj, rb *rulebase, rt api.RulebaseType) []string {
	var problems []string
	numbers := rb.ruleNumbers()
	var earlier []*mobj
	for _, r := range rb.entries {
		if isSectionType(r.Type) {
			continue
		}
		label := fmt.Sprintf("rule %d (%q) of layer %q", numbers[r.UID], r.Name, rb.container.Name)
		for _, f := range rt.Fields {
			if len(f.RefTypes) == 0 {
				continue
			}
			for _, uid := range uidsOf(r.Fields[f.Name]) {
				if vis[uid] == nil {
					problems = append(problems, fmt.Sprintf("%s uses an object that does not exist (%s %s)", label, f.Name, uid))
				}
			}
		}
		if !asBool(orValue(r.Fields["enabled"], true)) {
			continue
		}
		for _, e := range earlier {
			if hides(vis, e, r) {
				problems = append(problems, fmt.Sprintf("%s is hidden by rule %d (%q): rule %d matches every connection rule %d matches, so rule %d never matches",
					label, numbers[e.UID], e.Name, numbers[e.UID], numbers[r.UID], numbers[r.UID]))
				break
			}
		}
		earlier = append(earlier, r)
	}
	return problems
}

// matchFields are the fields whose sets decide which connections a rule
// matches.
// install-on counts too: a rule installed on other gateways hides nothing.
var matchFields = []string{"source", "destination", "service", "time", "content", "install-on"}

// hides: rule a, earlier, matches every connection rule b matches.
func hides(vis map[string]*mobj, a, b *mobj) bool {
	for _, f := range matchFields {
		if asBool(a.Fields[f+"-negate"]) || asBool(b.Fields[f+"-negate"]) {
			return false
		}
		if !covers(vis, uidsOf(a.Fields[f]), uidsOf(b.Fields[f])) {
			return false
		}
	}
	return true
}

// covers: the set a (object UIDs; empty or holding an "any" object is
// everything) holds every element of b, groups expanded.
func covers(vis map[string]*mobj, a, b []string) bool {
	if isAny(vis, a) {
		return true
	}
	if isAny(vis, b) {
		return false
	}
	have := expand(vis, a)
	for uid := range expand(vis, b) {
		if !have[uid] && !isGroup(vis[uid]) {
			return false
		}
	}
	return true
}

// isAny: the set matches everything.
func isAny(vis map[string]*mobj, uids []string) bool {
	if len(uids) == 0 {
		return true
	}
	for _, uid := range uids {
		// "Policy Targets" (an install-on) is every gateway of the package.
		if o := vis[uid]; o != nil && o.Type == "CpmiAnyObject" && (o.Name == "Any" || o.Name == "Policy Targets") {
			return true
		}
	}
	return false
}

// expand is the set of UIDs with every group's members in it too.
func expand(vis map[string]*mobj, uids []string) map[string]bool {
	out := map[string]bool{}
	var visit func(uid string)
	visit = func(uid string) {
		if out[uid] {
			return
		}
		out[uid] = true
		if o := vis[uid]; isGroup(o) {
			for _, m := range uidsOf(o.Fields["members"]) {
				visit(m)
			}
		}
	}
	for _, uid := range uids {
		visit(uid)
	}
	return out
}

// isGroup: o is a group, which stands for its members (a group that a
// rule holds is covered when all its members are).
func isGroup(o *mobj) bool { return o != nil && strings.HasSuffix(o.Type, "group") }

// mgmtShowGateways answers show-gateways-and-servers: the domain's
// published gateways and clusters, each with its installed policy, in
// pages as show-<Plural> answers them.
func (s *server) mgmtShowGateways(ctx context.Context, sess *session, body []byte) (any, error) {
	var req api.ShowObjectsRequest
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	if err := checkLevel(req.DetailsLevel); err != nil {
		return nil, err
	}
	p, err := mgmtPaging(req.Limit, req.Offset)
	if err != nil {
		return nil, err
	}
	var out api.Page[map[string]any]
	err = s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		var gws []*mobj
		filter := strings.ToLower(req.Filter)
		for _, o := range d.published {
			if slices.Contains(gatewayTypes, o.Type) && (filter == "" || matchesFilter(o, filter)) {
				gws = append(gws, o)
			}
		}
		slices.SortFunc(gws, func(a, b *mobj) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
		page := pageOf(p, gws)
		out = api.Page[map[string]any]{From: page.From, To: page.To, Total: page.Total, Objects: []map[string]any{}}
		for _, gw := range page.Objects {
			var rec installed
			if _, err := tx.Get(mgmtKindInstalled, objectID(d.domain, gw.UID), &rec); err != nil {
				return err
			}
			ref := refOf(gw)
			out.Objects = append(out.Objects, map[string]any{
				"uid": ref.UID, "name": ref.Name, "type": ref.Type,
				"ipv4-address": gw.Fields["ipv4-address"], "version": gw.Fields["version"], "policy": rec.Policy,
			})
		}
		return nil
	})
	return out, err
}

// withInstalledPolicy adds to show-simple-gateway's and
// show-simple-cluster's answer out (of o) the policy installed on it, as
// show-gateways-and-servers answers it; other objects are left as they are.
func withInstalledPolicy(tx *store.Tx, d *mdb, o *mobj, out any) error {
	m, ok := out.(map[string]any)
	if !ok || !slices.Contains(gatewayTypes, o.Type) {
		return nil
	}
	var rec installed
	if _, err := tx.Get(mgmtKindInstalled, objectID(d.domain, o.UID), &rec); err != nil {
		return err
	}
	m["policy"] = rec.Policy
	return nil
}

// putTask stores a finished task of the domain and returns its ID.
func putTask(tx *store.Tx, d *mdb, t api.Task) (string, error) {
	t.TaskID, t.ProgressPercentage = randomUID(), 100
	return t.TaskID, tx.Put(mgmtKindTask, t.TaskID, d.domain, mtask{Domain: d.domain, Task: t})
}

// uidsOf is a stored reference field as a list of UIDs (a single
// reference is a list of one).
func uidsOf(v any) []string {
	switch v := v.(type) {
	case string:
		if v == "" {
			return nil
		}
		return []string{v}
	case []any:
		out := make([]string, 0, len(v))
		for _, e := range v {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	case []string:
		return v
	}
	return nil
}

func asBool(v any) bool {
	b, _ := v.(bool)
	return b
}

// orValue is v, or def when v is absent.
func orValue(v, def any) any {
	if v == nil {
		return def
	}
	return v
}

func orDefault(p *bool, def bool) bool {
	if p == nil {
		return def
	}
	return *p
}
