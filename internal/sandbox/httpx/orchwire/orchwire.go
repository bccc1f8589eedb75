// Package orchwire is the error dialect of the orch API (docs/api/orch.md,
// Errors) in the sandbox's HTTP frame: the *httpx.Error constructors and the
// request decoding of every sandbox service that answers in it. The orch
// controller speaks it, and so does the hub, which serves the orch API to
// its clients (docs/api/hub.md) and must fail the way a controller fails.
// One place, so that the two cannot drift apart: a body is an
// orchapi.ErrorBody, and a message that names a field reads "field: rule".
//
// A service keeps its small lower-case constructors (notFound(...)), as the
// httpx package doc has it, each a call of the one here.
package orchwire

import (
	"fmt"
	"net/http"

	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// New is an answer of status with the orch error body of code. A field, when
// not empty, is the request field at fault: the body names it, and the
// message starts with it ("field: rule").
func New(status int, code, field, format string, args ...any) *httpx.Error {
	msg := fmt.Sprintf(format, args...)
	if field != "" {
		msg = field + ": " + msg
	}
	return &httpx.Error{Status: status, Body: orchapi.ErrorBody{Code: code, Message: msg, Field: field}, Message: msg}
}

// BadRequest is a 400 naming field; the message is "field: rule".
func BadRequest(field, format string, args ...any) *httpx.Error {
	return New(http.StatusBadRequest, orchapi.CodeBadRequest, field, format, args...)
}

// NotFound is a 404 of an entity that the request's path names.
func NotFound(format string, args ...any) *httpx.Error {
	return New(http.StatusNotFound, orchapi.CodeNotFound, "", format, args...)
}

// NotFoundField is a 404 of an entity that a request field names.
func NotFoundField(field, format string, args ...any) *httpx.Error {
	return New(http.StatusNotFound, orchapi.CodeNotFound, field, format, args...)
}

// AlreadyExists is a 409 of a create whose name (field) is taken.
func AlreadyExists(field, format string, args ...any) *httpx.Error {
	return New(http.StatusConflict, orchapi.CodeAlreadyExists, field, format, args...)
}

// Conflict is a 409 of a change that the entity's state refuses.
func Conflict(field, format string, args ...any) *httpx.Error {
	return New(http.StatusConflict, orchapi.CodeConflict, field, format, args...)
}

// RemovalBlocked is a 409 of a removal that something still depends on.
func RemovalBlocked(format string, args ...any) *httpx.Error {
	return New(http.StatusConflict, orchapi.CodeRemovalBlocked, "", format, args...)
}

// Forbidden is a 403: the caller lacks the access the operation needs.
func Forbidden(format string, args ...any) *httpx.Error {
	return New(http.StatusForbidden, orchapi.CodeForbidden, "", format, args...)
}

// Unauthorized is a 401 that says how to authenticate: a bearer token of
// realm (the service's name).
func Unauthorized(realm, format string, args ...any) *httpx.Error {
	return New(http.StatusUnauthorized, orchapi.CodeUnauthorized, "", format, args...).
		WithHeader("WWW-Authenticate", fmt.Sprintf("Bearer realm=%q", realm))
}

// Decode reads a JSON body (httpx.DecodeJSONOr): an unknown field is a 400
// naming it, a body deeper than httpx.MaxJSONDepth a 400 and one larger
// than httpx.MaxBodyBytes a 413, each naming the limit.
func Decode(r *http.Request, v any) error {
	return httpx.DecodeJSONOr(r, v, func(f httpx.Refusal) error {
		return New(f.Status, orchapi.CodeBadRequest, f.Field, "%s", f.Reason)
	})
}

// FrameErrors are the answers the frame gives by itself (httpx.Errors) in
// the orch dialect: a path or method the service does not have, and an
// internal error, which reveals nothing of its cause.
func FrameErrors() httpx.Errors {
	return httpx.Errors{
		NotFound: func(r *http.Request) *httpx.Error {
			return NotFound("no such operation: %s %s", r.Method, r.URL.Path)
		},
		MethodNotAllowed: func(r *http.Request, allowed string) *httpx.Error {
			return New(http.StatusMethodNotAllowed, orchapi.CodeBadRequest, "", "%s", httpx.NotAllowedMessage(r, allowed))
		},
		Internal: func(*http.Request, error) *httpx.Error {
			return New(http.StatusInternalServerError, orchapi.CodeInternal, "", "internal error")
		},
	}
}
