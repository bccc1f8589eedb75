package httpx

import (
	"errors"
	"fmt"
	"log"
	"net/http"
	"slices"
	"strings"
	"time"
)

// Error is an answer with the service's JSON error body instead of a result.
// Handlers return it (possibly wrapped, for example from inside a store
// transaction); Service writes it.
type Error struct {
	// Status is the HTTP status.
	Status int
	// Body is the service's error body as its contract defines it; it is
	// written as JSON.
	Body any
	// Header holds headers to add, such as WWW-Authenticate or Allow.
	Header http.Header
	// RetryAfter, when positive, is sent as Retry-After in whole seconds.
	RetryAfter time.Duration
	// Message is what Error returns, for logs and tests.
	Message string
}

func (e *Error) Error() string { return e.Message }

// WithHeader adds a header to the answer and returns e.
func (e *Error) WithHeader(key, value string) *Error {
	if e.Header == nil {
		e.Header = http.Header{}
	}
	e.Header.Set(key, value)
	return e
}

// Write writes the answer.
func (e *Error) Write(w http.ResponseWriter) {
	for k, v := range e.Header {
		w.Header()[k] = v
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", RetryAfterSeconds(e.RetryAfter))
	}
	WriteJSON(w, e.Status, e.Body)
}

// HandlerFunc is an endpoint. It writes its result, or returns an error
// without writing anything: an *Error (found with errors.As) becomes that
// answer, any other error a logged 500.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Errors are the service's error bodies for the answers the frame gives by
// itself.
type Errors struct {
	// NotFound answers a path the service does not have.
	NotFound func(r *http.Request) *Error
	// MethodNotAllowed answers a method a path does not take; allowed is the
	// value of the Allow header, which the frame sets.
	MethodNotAllowed func(r *http.Request, allowed string) *Error
	// Internal answers a handler's error that is not an *Error, or a panic
	// (err is then nil). The error is logged; the body should not reveal
	// more than the contract allows.
	Internal func(r *http.Request, err error) *Error
}

// Service is the HTTP frame of one sandbox service: routing on
// http.ServeMux patterns, handlers that return errors, the service's own JSON
// body for every error (404 and 405 of unknown paths and methods included),
// and recovery from panics. See the package documentation for how a service
// uses it.
type Service struct {
	name   string
	errors Errors
	mux    *http.ServeMux
	guards []guard
}

// guard is middleware around the routing of every path under prefix.
type guard struct {
	prefix string
	mw     func(HandlerFunc) HandlerFunc
}

// NewService returns an empty service; name prefixes its log lines.
func NewService(name string, errs Errors) *Service {
	return &Service{name: name, errors: errs, mux: http.NewServeMux()}
}

// Handle routes an http.ServeMux pattern, such as "GET /v3/products/{uid}",
// to h.
func (s *Service) Handle(pattern string, h HandlerFunc) {
	s.mux.Handle(pattern, s.Serve(h))
}

// Serve turns h into an http.Handler that writes h's errors and recovers
// from its panics.
func (s *Service) Serve(h HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if err, ok := v.(error); ok && errors.Is(err, http.ErrAbortHandler) {
					panic(v)
				}
				log.Printf("%s: panic serving %s %s: %v", s.name, r.Method, r.URL.Path, v)
				s.errors.Internal(r, nil).Write(w)
			}
		}()
		if err := h(w, r); err != nil {
			s.WriteError(w, r, err)
		}
	})
}

// WriteError answers err: an *Error as it says, anything else as the
// service's internal error, logged.
func (s *Service) WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var e *Error
	if !errors.As(err, &e) {
		log.Printf("%s: %s %s: %v", s.name, r.Method, r.URL.Path, err)
		e = s.errors.Internal(r, err)
	}
	e.Write(w)
}

// Guard runs mw around the routing of every request whose path starts with
// prefix, the service's own 404 and 405 included: for a check that must come
// before anything else, such as a caller who may see nothing under prefix
// and must not learn which paths and methods exist there.
func (s *Service) Guard(prefix string, mw func(HandlerFunc) HandlerFunc) {
	s.guards = append(s.guards, guard{prefix, mw})
}

// ServeHTTP routes the request. Paths and methods the service does not have
// get the service's error body (with Allow in the order GET, HEAD, POST,
// PUT, PATCH, DELETE); the mux's path-cleaning redirects are kept.
func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	for _, g := range s.guards {
		if strings.HasPrefix(r.URL.Path, g.prefix) {
			s.Serve(g.mw(func(w http.ResponseWriter, r *http.Request) error {
				s.route(w, r)
				return nil
			})).ServeHTTP(w, r)
			return
		}
	}
	s.route(w, r)
}

func (s *Service) route(w http.ResponseWriter, r *http.Request) {
	h, pattern := s.mux.Handler(r)
	if pattern != "" {
		s.mux.ServeHTTP(w, r) // sets the path values
		return
	}
	rec := &headerRecorder{header: http.Header{}}
	h.ServeHTTP(rec, r)
	switch rec.status {
	case http.StatusMethodNotAllowed:
		allowed := orderMethods(strings.Split(rec.header.Get("Allow"), ", "))
		s.errors.MethodNotAllowed(r, allowed).WithHeader("Allow", allowed).Write(w)
	case http.StatusNotFound:
		s.errors.NotFound(r).Write(w)
	default:
		h.ServeHTTP(w, r)
	}
}

// headerRecorder captures the status and headers of the mux's own answers.
type headerRecorder struct {
	header http.Header
	status int
}

func (h *headerRecorder) Header() http.Header         { return h.header }
func (h *headerRecorder) Write(b []byte) (int, error) { return len(b), nil }
func (h *headerRecorder) WriteHeader(status int)      { h.status = status }

// NotAllowedMessage is the usual message of a 405.
func NotAllowedMessage(r *http.Request, allowed string) string {
	return fmt.Sprintf("method %s is not allowed on %s; allowed: %s", r.Method, r.URL.Path, allowed)
}

// methodOrder is the order of methods in an Allow header.
var methodOrder = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// orderMethods renders methods as an Allow header, in methodOrder.
func orderMethods(methods []string) string {
	slices.SortStableFunc(methods, func(a, b string) int {
		ia, ib := slices.Index(methodOrder, a), slices.Index(methodOrder, b)
		if ia < 0 {
			ia = len(methodOrder)
		}
		if ib < 0 {
			ib = len(methodOrder)
		}
		return ia - ib
	})
	return strings.Join(methods, ", ")
}
