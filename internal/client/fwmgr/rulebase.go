package fwmgr

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// Order that holds. Terraform creates the rules of a rulebase in parallel,
// so a rule's position may name a rule or section that does not exist yet
// (the management API refuses it; upstream fails, and its users add
// depends_on). A Management keeps, per container (layer) and for the life
// of the provider process, each entry's configured position as an intent:
//
//   - an add whose anchor does not exist yet puts the entry at the bottom of
//     the container and records the intent (so does every add and move with
//     a relative position: a chain of "below" may break when an earlier
//     link is moved into place after the later one was placed);
//   - before each publish (the group commit's commit), settleIntents moves
//     every entry whose intent is not satisfied and whose anchor now exists
//     (set-<type> new-position), anchors before the entries anchored to
//     them, so that by the end of an apply every entry sits where the
//     configuration says, whatever -parallelism;
//   - PositionHolds tells Read whether an entry still satisfies its
//     position (drift: moved behind Terraform's back).
//
// What "satisfies" means, per position:
//
//   - {below: X}: the entry comes after X, and every entry between them is
//     itself below X or below one of those (several entries below the same
//     anchor are all satisfied, in any order among themselves); {above: X}
//     alike, upwards. Below or above a section X: the entry is in section X
//     (below) or right above its header (above, chained as for a rule).
//   - {top: S} / {bottom: S} for a section S: the entry is in S.
//   - "top" / "bottom" of the whole rulebase, and a rule number: always. An
//     entry added at the top is pushed down by the next one added there,
//     and numbers change with every add above them: checking them would
//     report drift that is only the configuration's own other rules.

// Position is a position block: exactly one of the four is set.
type Position struct {
	Top, Above, Below, Bottom string
}

// Key and Ref are the position's kind and its anchor (or "top"/"bottom").
func (p Position) Key() string {
	switch {
	case p.Top != "":
		return api.PositionTop
	case p.Above != "":
		return api.PositionAbove
	case p.Below != "":
		return api.PositionBelow
	case p.Bottom != "":
		return api.PositionBottom
	}
	return ""
}

// Ref is the position's anchor.
func (p Position) Ref() string {
	switch p.Key() {
	case api.PositionTop:
		return p.Top
	case api.PositionAbove:
		return p.Above
	case api.PositionBelow:
		return p.Below
	}
	return p.Bottom
}

// Wire is the position as add-T's position and set-T's new-position take
// it.
func (p Position) Wire() any {
	k, ref := p.Key(), p.Ref()
	if (k == api.PositionTop || k == api.PositionBottom) && ref == k {
		return k
	}
	return map[string]any{k: ref}
}

// relative: the position names another entry (an anchor that may not exist
// yet, and that drift is checked against).
func (p Position) relative() bool {
	k, ref := p.Key(), p.Ref()
	if k == "" || (k == api.PositionTop || k == api.PositionBottom) && ref == k {
		return false
	}
	return !isNumber(ref)
}

func isNumber(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// intent is one entry's configured position.
type intent struct {
	typ string // the entry's type (access-rule)
	pos Position
}

// rulebaseState is a Management's intents and its cache of rulebase orders.
type rulebaseState struct {
	mu      sync.Mutex
	intents map[string]map[string]intent // container UID -> entry UID -> intent
	dirty   map[string]string            // container UID -> rulebase (show-<rulebase>) to settle
	orders  map[string]*cachedOrder      // container UID -> order read for PositionHolds
}

type cachedOrder struct {
	done    chan struct{}
	read    time.Time
	entries []entry
	err     error
}

// orderTTL bounds how long PositionHolds trusts an order it read: one plan
// refreshes every rule of a rulebase within it, so that a rulebase of
// thousands of rules is read a few times, not once per rule; a change this
// process makes to the container drops the order at once.
const orderTTL = 2 * time.Second

var rulebaseStates sync.Map // *Management -> *rulebaseState

func (m *Management) rulebases() *rulebaseState {
	v, _ := rulebaseStates.LoadOrStore(m, &rulebaseState{
		intents: map[string]map[string]intent{}, dirty: map[string]string{}, orders: map[string]*cachedOrder{}})
	rs, _ := v.(*rulebaseState)
	return rs
}

// record keeps the intent of an entry with a relative position (and forgets
// one that is no longer relative), and marks its container to settle.
func (rs *rulebaseState) record(container, rulebase, uid, typ string, pos Position) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	delete(rs.orders, container)
	if !pos.relative() {
		delete(rs.intents[container], uid)
		return
	}
	if rs.intents[container] == nil {
		rs.intents[container] = map[string]intent{}
	}
	rs.intents[container][uid] = intent{typ: typ, pos: pos}
	rs.dirty[container] = rulebase
}

func (rs *rulebaseState) forget(container, uid string) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	delete(rs.intents[container], uid)
	delete(rs.orders, container)
}

// isAnchorMissing: the server refused a position because its anchor does
// not exist.
func isAnchorMissing(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.Code == api.CodeObjectNotFound && strings.Contains(apiErr.Message, "position")
}

// containerUID is the UID of the container an answer of add-T or set-T
// names (answered as {uid, name, type}); for a rule's rulebase (a threat
// rule's exceptions), the layer's and the rule's UIDs (api's ContainerKey):
// the "container" of the intents and orders here is that key.
func containerUID(t api.RulebaseType, answer map[string]any) string {
	return t.ContainerKey(answer)
}

// changedKey carries, in an Apply's ctx, what to do once its change is in
// the session and before it joins a batch (see changed).
type changedKey struct{}

// changed runs the ctx's callback on the answer of a change that is in the
// session. Apply calls it before the change joins its batch, so that the
// batch's settleIntents sees what the callback records.
func changed(ctx context.Context, out map[string]any) {
	if f, ok := ctx.Value(changedKey{}).(func(map[string]any)); ok {
		f(out)
	}
}

// recordOnChange is ctx with the callback that records the entry's intent.
func (m *Management) recordOnChange(ctx context.Context, t api.RulebaseType, pos Position) context.Context {
	return context.WithValue(ctx, changedKey{}, func(out map[string]any) {
		uid, _ := out["uid"].(string)
		m.rulebases().record(containerUID(t, out), t.Rulebase, uid, t.Name, pos)
	})
}

// AddEntry adds a rule or section (add-T with body and position) and
// returns its answer once published. An anchor that does not exist yet is
// no error: the entry goes to the container's bottom, and the publish that
// follows the anchor's add moves it (see above); placed reports whether it
// went where pos says at once.
func (m *Management) AddEntry(ctx context.Context, t api.RulebaseType, body map[string]any, pos Position) (answer map[string]any, placed bool, err error) {
	// The intent is recorded as soon as the entry exists in the session,
	// before its batch is published: that publish's settle must know it.
	ctx = m.recordOnChange(ctx, t, pos)
	body["position"] = pos.Wire()
	answer, err = m.Apply(ctx, "add-"+t.Name, body)
	placed = true
	if err != nil && isAnchorMissing(err) && pos.relative() {
		placed = false
		body["position"] = api.PositionBottom
		answer, err = m.Apply(ctx, "add-"+t.Name, body)
	}
	if err != nil {
		return nil, false, err
	}
	return answer, placed, nil
}

// SetEntry changes a rule or section (set-T with body, which selects it)
// and, when pos is not nil, moves it there. As AddEntry, an anchor that does
// not exist yet leaves the entry where it is until the anchor's publish.
func (m *Management) SetEntry(ctx context.Context, t api.RulebaseType, body map[string]any, pos *Position) (answer map[string]any, placed bool, err error) {
	placed = true
	if pos != nil {
		ctx = m.recordOnChange(ctx, t, *pos)
		body["new-position"] = pos.Wire()
	}
	answer, err = m.Apply(ctx, "set-"+t.Name, body)
	if err != nil && pos != nil && isAnchorMissing(err) && pos.relative() {
		placed = false
		delete(body, "new-position")
		answer, err = m.Apply(ctx, "set-"+t.Name, body)
	}
	if err != nil {
		return nil, false, err
	}
	return answer, placed, nil
}

// DeleteEntry deletes a rule or section (delete-T, body selects it).
func (m *Management) DeleteEntry(ctx context.Context, t api.RulebaseType, containerUID, uid string, body any) error {
	_, err := m.Apply(ctx, "delete-"+t.Name, body)
	if err == nil {
		m.rulebases().forget(containerUID, uid)
	}
	return err
}

// Remember records the intent of an entry read from the state (a Read of a
// rule this process did not create), so that a later settle keeps it.
func (m *Management) Remember(t api.RulebaseType, containerUID, uid string, pos Position) {
	rs := m.rulebases()
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if !pos.relative() {
		return
	}
	if rs.intents[containerUID] == nil {
		rs.intents[containerUID] = map[string]intent{}
	}
	rs.intents[containerUID][uid] = intent{typ: t.Name, pos: pos}
}

// entry is one entry of a rulebase's order.
type entry struct {
	uid, name, typ string
	section        bool
	number         int64
}

// readOrder reads the whole order of the container with show-<rulebase>,
// page by page; show runs one command (in the session, or on sid).
func readOrder(ctx context.Context, rulebase, container string, show func(ctx context.Context, command string, in, out any) error) ([]entry, error) {
	const page = 500
	var out []entry
	seen := map[string]bool{}
	for offset := int64(0); ; offset += page {
		limit, off := int64(page), offset
		var resp api.ShowRulebaseResponse
		req := api.ShowRulebaseRequest{UID: container}
		for _, t := range api.RulebaseTypes {
			if t.Rulebase == rulebase {
				req = t.ContainerRequest(container, true)
				break
			}
		}
		req.Limit, req.Offset, req.DetailsLevel = &limit, &off, api.DetailsStandard
		if err := show(ctx, "show-"+rulebase, req, &resp); err != nil {
			return nil, err
		}
		for _, e := range resp.Rulebase {
			number := max(e.RuleNumber, e.ExceptionNumber) // a rule's rulebase numbers its entries by exception-number
			sec := len(e.Rulebase) > 0 || number == 0
			if !seen[e.UID] { // else a section continued from the previous page
				seen[e.UID] = true
				out = append(out, entry{uid: e.UID, name: e.Name, typ: e.Type, section: sec, number: number})
			}
			for _, r := range e.Rulebase {
				out = append(out, entry{uid: r.UID, name: r.Name, typ: r.Type, number: r.RuleNumber})
			}
		}
		if resp.To >= resp.Total {
			return out, nil
		}
	}
}

// find is the index of the entry ref names (a UID, else the first of that
// name, exact case first), -1 when none; sections: only sections.
func find(order []entry, ref string, sections bool) int {
	folded := -1
	for i, e := range order {
		if sections && !e.section {
			continue
		}
		if e.uid == ref || e.name == ref {
			return i
		}
		if folded < 0 && strings.EqualFold(e.name, ref) {
			folded = i
		}
	}
	return folded
}

// sectionEnd is the index after the last rule of the section at i.
func sectionEnd(order []entry, i int) int {
	j := i + 1
	for j < len(order) && !order[j].section {
		j++
	}
	return j
}

// holds reports whether the entry at i satisfies pos (see the top of the
// file), and whether pos's anchor exists. intents give the positions of
// the entries between the entry and its anchor.
func holds(order []entry, i int, pos Position, intents map[string]intent) (ok, anchored bool) {
	if !pos.relative() {
		return true, true
	}
	k, ref := pos.Key(), pos.Ref()
	if k == api.PositionTop || k == api.PositionBottom {
		s := find(order, ref, true)
		if s < 0 {
			return false, false
		}
		return i > s && i < sectionEnd(order, s), true
	}
	a := find(order, ref, false)
	if a < 0 {
		return false, false
	}
	if k == api.PositionBelow && order[a].section {
		if order[i].section {
			// A section below a section follows its rules: sections do
			// not nest.
			return i == sectionEnd(order, a), true
		}
		return i > a && i < sectionEnd(order, a), true
	}
	// The entries between the anchor and i must each be chained to it in
	// the same direction.
	chain := map[string]bool{order[a].uid: true}
	step, from := 1, a+1
	if k == api.PositionAbove {
		step, from = -1, a-1
		if i > a {
			return false, true
		}
	} else if i < a {
		return false, true
	}
	for j := from; j != i; j += step {
		in, ok := intents[order[j].uid]
		if !ok || in.pos.Key() != k {
			return false, true
		}
		b := find(order, in.pos.Ref(), false)
		if b < 0 || !chain[order[b].uid] {
			return false, true
		}
		chain[order[j].uid] = true
	}
	return true, true
}

// insertAt is where the server puts an entry moved to pos in order (which
// no longer holds it), as the sandbox and the API do it.
func insertAt(order []entry, pos Position) int {
	k, ref := pos.Key(), pos.Ref()
	switch k {
	case api.PositionTop:
		return find(order, ref, true) + 1
	case api.PositionBottom:
		return sectionEnd(order, find(order, ref, true))
	case api.PositionAbove:
		return find(order, ref, false)
	}
	a := find(order, ref, false)
	if order[a].section {
		return sectionEnd(order, a)
	}
	return a + 1
}

// depths are, for each intent, how many anchors lie between it and an
// entry without one: anchors are settled before the entries anchored to
// them. A cycle (positions that contradict each other) ends the count.
func depths(order []entry, intents map[string]intent) map[string]int {
	byRef := map[string]string{} // UID, and name (the first in order), -> UID
	for i := len(order) - 1; i >= 0; i-- {
		byRef[order[i].name] = order[i].uid
		byRef[strings.ToLower(order[i].name)] = order[i].uid
	}
	for _, e := range order {
		byRef[e.uid] = e.uid
	}
	out := map[string]int{}
	var depth func(uid string, seen map[string]bool) int
	depth = func(uid string, seen map[string]bool) int {
		if d, ok := out[uid]; ok {
			return d
		}
		in, ok := intents[uid]
		if !ok || seen[uid] {
			return 0
		}
		seen[uid] = true
		a, ok := byRef[in.pos.Ref()]
		if !ok {
			a, ok = byRef[strings.ToLower(in.pos.Ref())]
		}
		d := 1
		if ok {
			d += depth(a, seen)
		}
		out[uid] = d
		return d
	}
	for uid := range intents {
		depth(uid, map[string]bool{})
	}
	return out
}

// settleIntents moves the entries whose intent does not hold, in the
// session sid, before its batch is published. It runs in commit, under the
// gate. A move that fails is logged and left: the entry stays where it is,
// and the next publish, or the next plan's drift, tells.
func (m *Management) settleIntents(ctx context.Context, sid string) {
	rs := m.rulebases()
	rs.mu.Lock()
	work := map[string]string{}
	for c, rb := range rs.dirty {
		work[c] = rb
	}
	rs.mu.Unlock()
	show := func(ctx context.Context, command string, in, out any) error {
		return m.post(ctx, command, sid, in, out)
	}
	for container, rulebase := range work {
		order, err := readOrder(ctx, rulebase, container, show)
		if err != nil {
			tflog.Warn(ctx, "fwmgr: could not read a rulebase to settle its positions", map[string]any{"container": container, "error": err.Error()})
			continue
		}
		rs.mu.Lock()
		intents := map[string]intent{}
		for uid, in := range rs.intents[container] {
			intents[uid] = in
		}
		rs.mu.Unlock()
		settled := true
		// Anchors first (by depth), each entry checked when its turn comes,
		// after its anchor has moved: one pass places a whole chain. A
		// second pass only finds what positions that contradict each other
		// (or an anchor moved below its own dependant) leave.
		all := make([]string, 0, len(intents))
		for uid := range intents {
			all = append(all, uid)
		}
		d := depths(order, intents)
		sort.Slice(all, func(i, j int) bool {
			if d[all[i]] != d[all[j]] {
				return d[all[i]] < d[all[j]]
			}
			return all[i] < all[j]
		})
		for pass := 0; pass < 2; pass++ {
			moved := false
			for _, uid := range all {
				i := find(order, uid, false)
				if i < 0 || order[i].uid != uid {
					continue // deleted, or not visible: nothing to move
				}
				in := intents[uid]
				ok, anchored := holds(order, i, in.pos, intents)
				if !anchored {
					settled = false // its anchor may come in a later batch
				}
				if ok || !anchored {
					continue
				}
				e := order[i]
				rest := append(append([]entry(nil), order[:i]...), order[i+1:]...)
				// The anchor by UID: names need not be unique.
				ai := find(rest, in.pos.Ref(), in.pos.Key() == api.PositionTop || in.pos.Key() == api.PositionBottom)
				if ai < 0 {
					continue // anchored to itself: nothing to settle
				}
				at := insertAt(rest, in.pos)
				t, _ := api.LookupRulebaseType(in.typ)
				body := t.ContainerSelector(container)
				body["uid"], body["new-position"] = uid, map[string]any{in.pos.Key(): rest[ai].uid}
				err := m.post(ctx, "set-"+in.typ, sid, body, nil)
				if err != nil {
					tflog.Warn(ctx, "fwmgr: could not move a rule to its configured position", map[string]any{"uid": uid, "error": err.Error()})
					settled = false
					continue
				}
				order = append(rest[:at], append([]entry{e}, rest[at:]...)...)
				moved = true
			}
			if !moved {
				break
			}
		}
		rs.mu.Lock()
		delete(rs.orders, container)
		if settled {
			delete(rs.dirty, container)
		}
		rs.mu.Unlock()
	}
}

// PositionHolds reports whether the entry uid of the container (a UID)
// satisfies pos, reading the container's order at most once per orderTTL
// (concurrent callers share one read). An anchor that does not exist is
// reported as the position not holding.
func (m *Management) PositionHolds(ctx context.Context, t api.RulebaseType, container, uid string, pos Position) (bool, error) {
	if !pos.relative() {
		return true, nil
	}
	rs := m.rulebases()
	rs.mu.Lock()
	c := rs.orders[container]
	if c == nil || c.err != nil && isDone(c.done) || isDone(c.done) && time.Since(c.read) > orderTTL {
		c = &cachedOrder{done: make(chan struct{})}
		rs.orders[container] = c
		rs.mu.Unlock()
		c.entries, c.err = readOrder(ctx, t.Rulebase, container, m.Show)
		c.read = time.Now()
		close(c.done)
	} else {
		rs.mu.Unlock()
		<-c.done
	}
	if c.err != nil {
		return false, c.err
	}
	rs.mu.Lock()
	intents := map[string]intent{}
	for k, v := range rs.intents[container] {
		intents[k] = v
	}
	rs.mu.Unlock()
	intents[uid] = intent{typ: t.Name, pos: pos}
	i := find(c.entries, uid, false)
	if i < 0 || c.entries[i].uid != uid {
		return false, fmt.Errorf("%s %s is not in the rulebase of %s", t.Name, uid, container)
	}
	ok, _ := holds(c.entries, i, pos, intents)
	return ok, nil
}

func isDone(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// PositionOf is a position that the entry uid of the container holds now:
// below the entry before it, at the top of the section a rule follows, or
// at the top of the rulebase. An import (which knows no configuration) and
// a listing state it, so that a configuration that writes its entries one
// below the other plans empty.
func (m *Management) PositionOf(ctx context.Context, t api.RulebaseType, container, uid string) (Position, error) {
	order, err := readOrder(ctx, t.Rulebase, container, m.Show)
	if err != nil {
		return Position{}, err
	}
	i := find(order, uid, false)
	if i < 0 || order[i].uid != uid {
		return Position{}, fmt.Errorf("%s %s is not in the rulebase of %s", t.Name, uid, container)
	}
	return DerivedPosition(order[:i], t.IsSection()), nil
}

// DerivedPosition is the position of an entry (a section when section)
// that follows before (the entries above it, in order; only the last
// counts), as PositionOf says. A rule right after a section's header is
// at the top of that section; a section after another section's header
// (an empty section) is below it, as sections do not nest.
func DerivedPosition(before []entry, section bool) Position {
	if len(before) == 0 {
		return Position{Top: api.PositionTop}
	}
	prev := before[len(before)-1]
	if prev.section && !section {
		return Position{Top: prev.name}
	}
	return Position{Below: prev.name}
}

// PositionAfter is DerivedPosition for a listing: prevName and prevSection
// are the entry listed before (prevName "" for the first), section whether
// the listed entry is a section.
func PositionAfter(prevName string, prevSection, section bool) Position {
	if prevName == "" {
		return DerivedPosition(nil, section)
	}
	return DerivedPosition([]entry{{name: prevName, section: prevSection}}, section)
}
