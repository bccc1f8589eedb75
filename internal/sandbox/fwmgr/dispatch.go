package fwmgr

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"time"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// call is one show command being answered: the member it runs on, the
// virtual system and the page it asks for.
type call struct {
	now   time.Time // the member's clock
	dev   *Device
	node  *Node
	vs    *VirtualSystemData
	vsSet bool
	page  paging
	// ms is the member's settings (those of api.Sets) as they were when the
	// call began, and hostnames every member's host name then, by member-id.
	ms        memberSettings
	hostnames map[string]string
	// ifs is virtual system 0's interfaces with the member's VLANs (ifaces).
	ifs *InterfaceSet
}

// paging is the validated limit, offset and order of a paged command.
type paging struct {
	limit, offset int
	desc          bool
}

// showFunc answers a decoded request (a pointer to the command's Request
// type).
type showFunc func(c *call, req any) (any, error)

// handle adapts a typed handler.
func handle[Req any](f func(c *call, req *Req) (any, error)) showFunc {
	return func(c *call, req any) (any, error) {
		typed, ok := req.(*Req)
		if !ok {
			return nil, fmt.Errorf("internal error: request decoded as %T", req)
		}
		return f(c, typed)
	}
}

// show validates the body against the command table and runs the command's
// handler on the member the request or the session names.
func (s *server) show(cmd api.Command, sess *session, body []byte) (any, error) {
	req, err := decodeRequest(cmd, body)
	if err != nil {
		return nil, err
	}
	memberID := sess.MemberID
	if id := req.Elem().FieldByName("MemberID"); id.IsValid() && id.String() != "" {
		memberID = id.String()
	}
	c, err := s.newCall(req.Elem(), memberID)
	if err != nil {
		return nil, err
	}
	if cmd.Paged {
		p, err := pagingOf(req.Elem())
		if err != nil {
			return nil, err
		}
		c.page = p
	}
	return s.shows[cmd.Name](c, req.Interface())
}

// decodeRequest decodes the body into a new value of the command's Request
// type (a pointer to it), refusing unknown inputs, values of the wrong type
// and missing required inputs.
func decodeRequest(cmd api.Command, body []byte) (reflect.Value, error) {
	req := reflect.New(cmd.Request)
	if err := decodeStrict(body, req.Interface()); err != nil {
		return req, err
	}
	var raw map[string]json.RawMessage
	if err := httpx.Unmarshal("request body", body, &raw); err != nil {
		return req, badSyntax("the body must be a JSON object: %v", err)
	}
	var absent []string
	for _, name := range cmd.Required {
		v, ok := raw[name]
		if !ok || string(v) == "null" || string(v) == `""` {
			absent = append(absent, name)
		}
	}
	if len(absent) > 0 {
		return req, missing(absent...)
	}
	return req, nil
}

// newCall is the call of a decoded request v on the member memberID (the
// primary one when empty) and the virtual system v names (0 when none),
// with a copy of that member's settings.
func (s *server) newCall(v reflect.Value, memberID string) (*call, error) {
	c := &call{dev: s.dev, now: s.now()}
	if memberID == "" {
		memberID = PrimaryMemberID
	}
	node, err := s.dev.node(memberID)
	if err != nil {
		return nil, err
	}
	c.node = node

	c.vs = s.dev.VirtualSystems[0]
	if f := v.FieldByName("VirtualSystemID"); f.IsValid() {
		var id int64
		given := false
		switch f.Kind() {
		case reflect.Pointer:
			if !f.IsNil() {
				id, given = f.Elem().Int(), true
			}
		case reflect.String:
			if f.String() != "" {
				n, err := strconv.ParseInt(f.String(), 10, 64)
				if err != nil {
					return nil, invalid("virtual-system-id", "must be a virtual system ID (a number), got %q", f.String())
				}
				id, given = n, true
			}
		}
		if given {
			i := slices.IndexFunc(s.dev.VirtualSystems, func(vs *VirtualSystemData) bool { return vs.ID == id })
			if i < 0 {
				return nil, notFound("no virtual system with virtual-system-id %d (virtual systems: 0, 1, 2)", id)
			}
			c.vs, c.vsSet = s.dev.VirtualSystems[i], true
		}
	}
	c.ms, c.hostnames = s.settings.of(node.MemberID)
	return c, nil
}

func pagingOf(v reflect.Value) (paging, error) {
	p := paging{limit: api.DefaultLimit}
	if f := v.FieldByName("Limit"); !f.IsNil() {
		n := f.Elem().Int()
		if n < 1 || n > api.MaxLimit {
			return p, invalid("limit", "must be between 1 and %d, got %d", api.MaxLimit, n)
		}
		p.limit = int(n)
	}
	if f := v.FieldByName("Offset"); !f.IsNil() {
		n := f.Elem().Int()
		if n < 0 {
			return p, invalid("offset", "must be 0 or more, got %d", n)
		}
		p.offset = int(n)
	}
	switch o := v.FieldByName("Order").String(); o {
	case "", api.OrderAsc:
	case api.OrderDesc:
		p.desc = true
	default:
		return p, invalid("order", "must be %s or %s, got %q", api.OrderAsc, api.OrderDesc, o)
	}
	return p, nil
}

// pageOf cuts the page out of items, which are in ascending order; from and
// to are 1-based positions, 0 when the page is empty.
func pageOf[T any](p paging, items []T) api.Page[T] {
	total := int64(len(items))
	ordered := items
	if p.desc {
		ordered = slices.Clone(items)
		slices.Reverse(ordered)
	}
	page := api.Page[T]{Total: total, Objects: []T{}}
	if p.offset < len(ordered) {
		end := min(p.offset+p.limit, len(ordered))
		page.Objects = append(page.Objects, ordered[p.offset:end]...)
	}
	if len(page.Objects) > 0 {
		page.From, page.To = int64(p.offset+1), int64(p.offset+len(page.Objects))
	}
	return page
}

func unknownObject(what, field, value string) error {
	return notFound("no %s with %s %q", what, field, value)
}

func oneOf(field, value string, allowed ...string) error {
	if value == "" || slices.Contains(allowed, value) {
		return nil
	}
	return invalid(field, "must be one of %v, got %q", allowed, value)
}
