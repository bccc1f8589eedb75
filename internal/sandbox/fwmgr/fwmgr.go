// Package fwmgr is the device sandbox of the firewall OS API
// (docs/api/fwmgr.md): administrators with passwords and API keys in two
// domains, sessions kept in a store.Store that expire after their idle
// timeout, and a seeded, internally consistent device (a two-member cluster
// with a pending gateway, virtual systems, interfaces of every type, BGP with
// thousands of routes, PIM, IS-IS, IGMP, BOOTP relay, OSPF, RIP, dynamic
// layers, connections, diagnostics, ...) that every show command of
// fwmgr.Commands reads. The device is generated in code, deterministically:
// Seed returns it, so that tests can assert against the same data the
// service answers with. The set commands of fwmgr.Sets change the system
// settings of the device's members (host name, DNS, NTP, time zone), which
// start from the seeded values and are kept in the store
// (device_settings.go).
package fwmgr

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// DefaultCloudMgmtID is the cloud management ID the sandbox answers under as
// a path prefix, besides the plain paths.
const DefaultCloudMgmtID = "sandbox-cloud-mgmt-1"

// Config configures the service.
type Config struct {
	Store *store.Store
	// Administrators who may log in; nil means DefaultAdministrators().
	Administrators []Administrator
	// CloudMgmtIDs are the accepted path prefixes; nil means
	// DefaultCloudMgmtID only.
	CloudMgmtIDs []string
	// Now is the clock of session expiry; nil is time.Now. Tests inject one.
	Now func() time.Time
	// RoutesIn, when above the seed's 2,086, grows each member's received
	// BGP routes to at least that many (BuildWithRoutesIn), for benchmarks.
	RoutesIn int
	// Logf logs what an operator wants to know: refused logins, expired
	// sessions, internal errors (never a secret); nil is log.Printf.
	Logf func(format string, args ...any)
}

type server struct {
	*httpx.Service
	cfg   Config
	st    *store.Store
	now   func() time.Time
	logf  func(string, ...any)
	dev   *Device
	shows map[string]showFunc
	sets  map[string]setFunc
	// settings are what the set commands changed (device_settings.go).
	settings *deviceSettings
	admins   []Administrator
	logins   *httpx.LoginGuard
}

// New returns the service's handler.
func New(cfg Config) (http.Handler, error) {
	if cfg.Store == nil {
		return nil, errors.New("fwmgr: Config.Store is required")
	}
	if cfg.Administrators == nil {
		cfg.Administrators = DefaultAdministrators()
	}
	for _, a := range cfg.Administrators {
		if a.Name == "" || (a.Password == "" && a.APIKey == "") || len(a.Domains) == 0 {
			return nil, fmt.Errorf("fwmgr: administrator %q needs a name, a password or API key, and a domain", a.Name)
		}
	}
	if cfg.CloudMgmtIDs == nil {
		cfg.CloudMgmtIDs = []string{DefaultCloudMgmtID}
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	logf := cfg.Logf
	if logf == nil {
		logf = log.Printf
	}
	s := &server{
		logf:   logf,
		cfg:    cfg,
		st:     cfg.Store,
		now:    func() time.Time { return now().UTC() },
		dev:    Seed(),
		admins: cfg.Administrators,
		logins: httpx.NewLoginGuard(now),
	}
	if cfg.RoutesIn > 0 {
		s.dev = BuildWithRoutesIn(cfg.RoutesIn)
	}
	s.shows, s.sets = showHandlers(), setHandlers()
	if err := errors.Join(checkHandlers(api.Commands, s.shows, "showHandlers"), checkHandlers(api.Sets, s.sets, "setHandlers")); err != nil {
		return nil, err
	}
	if err := s.loadSettings(context.Background()); err != nil {
		return nil, err
	}
	s.Service = httpx.NewService("fwmgr", s.frameErrors())
	s.routes()
	return s, nil
}

// routes registers the one endpoint: every path is a command, so the frame
// routes all of them to handle, POST only.
func (s *server) routes() {
	s.Handle("POST /", s.handle)
}

// route is a parsed request path.
type route struct {
	cloud, context, version, command string
}

func (s *server) parsePath(p string) (route, *httpx.Error) {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	var r route
	if len(segs) > 1 && segs[0] != api.ContextOS && segs[0] != api.ContextWeb {
		r.cloud, segs = segs[0], segs[1:]
		if !slices.Contains(s.cfg.CloudMgmtIDs, r.cloud) {
			return r, notFound("no cloud-managed server with ID %q (and %q is not a context: use %s or %s)", r.cloud, r.cloud, api.ContextOS, api.ContextWeb)
		}
	}
	if len(segs) < 2 || len(segs) > 3 || (segs[0] != api.ContextOS && segs[0] != api.ContextWeb) {
		return r, apiErr(http.StatusNotFound, api.CodeCommandNotFound, fmt.Sprintf("no such path %s: commands are POST [/<cloud-mgmt-id>]/<%s|%s>/v<version>/<command>", p, api.ContextOS, api.ContextWeb))
	}
	r.context = segs[0]
	r.command = segs[len(segs)-1]
	r.version = api.CurrentVersion
	if len(segs) == 3 {
		v, ok := strings.CutPrefix(segs[1], "v")
		if !ok || !slices.Contains(api.SupportedVersions, v) {
			return r, apiErr(http.StatusNotFound, api.CodeInvalidAPIVersion, fmt.Sprintf("API version %q is not supported; supported versions: %s", segs[1], strings.Join(api.SupportedVersions, ", ")))
		}
		r.version = v
	}
	return r, nil
}

// handle answers one command: the frame (httpx.Service) writes its errors
// as the API's error body.
func (s *server) handle(w http.ResponseWriter, r *http.Request) error {
	resp, err := s.serve(r)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, resp)
	return nil
}

func (s *server) serve(r *http.Request) (any, error) {
	rt, aerr := s.parsePath(r.URL.Path)
	if aerr != nil {
		return nil, aerr
	}
	body, err := httpx.ReadJSON(r) // at most 1 MiB (413), 64 levels deep (400)
	var le *httpx.LimitError
	if errors.As(err, &le) {
		return nil, apiErr(le.Status, api.CodeInvalidSyntax, le.Message)
	}
	if err != nil {
		return nil, badSyntax("cannot read the request body: %v", err)
	}
	if len(bytes.TrimSpace(body)) == 0 {
		body = []byte("{}")
	}
	if rt.context == api.ContextWeb && mgmtCommand(rt.command) {
		sess, err := s.authenticate(r.Context(), rt, r.Header.Get(api.SessionHeader))
		if err != nil {
			return nil, err
		}
		return s.mgmt(r.Context(), rt.command, sess, body)
	}
	cmd, isShow := api.LookupCommand(rt.command)
	setCmd, isSet := api.LookupSet(rt.command)
	switch {
	case rt.command == api.CommandLogin:
		return s.guardedLogin(r, rt, body)
	case rt.command == api.CommandKeepalive, rt.command == api.CommandLogout, rt.command == "show-api-versions":
	case (isShow || isSet) && rt.context == api.ContextWeb:
		return nil, apiErr(http.StatusNotFound, api.CodeCommandNotFound, fmt.Sprintf("%s is a command of the OS API, not of the management API: call it under /%s/ (context %q), not /%s/", rt.command, api.ContextOS, api.ContextOS, api.ContextWeb))
	case !isShow && !isSet:
		return nil, apiErr(http.StatusNotFound, api.CodeCommandNotFound, fmt.Sprintf("command %q does not exist in context %s", rt.command, rt.context))
	}
	sess, err := s.authenticate(r.Context(), rt, r.Header.Get(api.SessionHeader))
	if err != nil {
		return nil, err
	}
	switch rt.command {
	case api.CommandKeepalive:
		if err := decodeStrict(body, &api.EmptyRequest{}); err != nil {
			return nil, err
		}
		return api.MessageResponse{Message: "OK"}, nil
	case api.CommandLogout:
		if err := decodeStrict(body, &api.EmptyRequest{}); err != nil {
			return nil, err
		}
		if err := s.logout(r.Context(), sess); err != nil {
			return nil, err
		}
		return api.MessageResponse{Message: "OK"}, nil
	}
	if isSet {
		return s.set(r.Context(), setCmd, sess, body)
	}
	return s.show(cmd, sess, body)
}

// apiErr is an answer with the API's error body.
func apiErr(status int, code, message string) *httpx.Error {
	return &httpx.Error{Status: status, Body: api.ErrorBody{Code: code, Message: message}, Message: code + ": " + message}
}

// frameErrors are the API's bodies for the answers the frame gives itself.
func (s *server) frameErrors() httpx.Errors {
	return httpx.Errors{
		NotFound: func(r *http.Request) *httpx.Error {
			return apiErr(http.StatusNotFound, api.CodeCommandNotFound, "no such path "+r.URL.Path)
		},
		MethodNotAllowed: func(r *http.Request, allowed string) *httpx.Error {
			return apiErr(http.StatusMethodNotAllowed, api.CodeMethodNotAllowed,
				fmt.Sprintf("method %s is not allowed: every command is a POST of JSON (allowed: %s)", r.Method, allowed))
		},
		Internal: func(r *http.Request, err error) *httpx.Error {
			s.logf("fwmgr: %s: internal error: %v", r.URL.Path, err)
			return apiErr(http.StatusInternalServerError, api.CodeInternal, "internal error")
		},
	}
}

func badSyntax(format string, args ...any) *httpx.Error {
	return apiErr(http.StatusBadRequest, api.CodeInvalidSyntax, fmt.Sprintf(format, args...))
}

// invalid is a 400 naming the input and its rule.
func invalid(field, format string, args ...any) *httpx.Error {
	return apiErr(http.StatusBadRequest, api.CodeInvalidParameter, fmt.Sprintf("Invalid parameter [%s]: %s", field, fmt.Sprintf(format, args...)))
}

func missing(fields ...string) *httpx.Error {
	return apiErr(http.StatusBadRequest, api.CodeMissingRequired, "Missing parameter: ["+strings.Join(fields, ", ")+"]")
}

func notFound(format string, args ...any) *httpx.Error {
	return apiErr(http.StatusNotFound, api.CodeObjectNotFound, fmt.Sprintf(format, args...))
}

// decodeStrict decodes body into v, naming an unknown input or a value of the
// wrong type.
func decodeStrict(body []byte, v any) error {
	var fe *httpx.FieldError
	if errors.As(httpx.CheckJSON(body), &fe) {
		return badSyntax("Invalid value for [%s]: %s", fe.Field, fe.Reason)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if dec.More() {
			return badSyntax("the body must hold one JSON object")
		}
		return nil
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return apiErr(http.StatusBadRequest, api.CodeInvalidParameterName, "Unrecognized parameter: ["+strings.Trim(name, `"`)+"]")
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return badSyntax("Invalid value for [%s]: expected %s, got JSON %s", inputPath(v, te.Field), jsonKind(te.Type.Kind().String()), te.Value)
	}
	return badSyntax("the body is not a JSON object of this command: %v", err)
}

// inputPath is the input a decoding error names: encoding/json starts the
// path with the Go name of an embedded struct (Paging, Member), which is no
// part of the wire. v is what decodeStrict decoded into: a pointer to a
// struct.
func inputPath(v any, field string) string {
	for _, f := range reflect.VisibleFields(reflect.TypeOf(v).Elem()) {
		if f.Anonymous {
			field = strings.TrimPrefix(field, f.Name+".")
		}
	}
	return field
}

func jsonKind(k string) string {
	switch {
	case strings.HasPrefix(k, "int"), strings.HasPrefix(k, "float"):
		return "a number"
	case k == "bool":
		return "a boolean"
	case k == "slice":
		return "an array"
	case k == "struct", k == "map", k == "ptr":
		return "an object or value of the documented type"
	}
	return "a " + k
}

// tx runs fn in one store transaction.
func (s *server) tx(ctx context.Context, fn func(*store.Tx) error) error {
	return s.st.Tx(ctx, fn)
}
