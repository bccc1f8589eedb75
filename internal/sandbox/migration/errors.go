package migration

import (
	"fmt"
	"net/http"

	mig "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// apiError is an answer with the API's error body.
func apiError(httpStatus int, status, msg string) *httpx.Error {
	return &httpx.Error{Status: httpStatus, Message: msg, Body: mig.ErrorBody{Error: mig.Status{Code: httpStatus, Status: status, Message: msg}}}
}

func errorf(httpStatus int, status, format string, args ...any) *httpx.Error {
	return apiError(httpStatus, status, fmt.Sprintf(format, args...))
}

// fieldError is 400 INVALID_ARGUMENT naming the request field.
func fieldError(field, description string) *httpx.Error {
	msg := field + ": " + description
	return &httpx.Error{Status: http.StatusBadRequest, Message: msg, Body: mig.ErrorBody{Error: mig.Status{
		Code: http.StatusBadRequest, Status: mig.StatusInvalidArgument, Message: msg,
		Details: []mig.ErrorDetail{{
			Type:            mig.TypeBadRequest,
			FieldViolations: []mig.FieldViolation{{Field: field, Description: description}},
		}},
	}}}
}

func notFound(what, name string) *httpx.Error {
	return errorf(http.StatusNotFound, mig.StatusNotFound, "%s %s not found", what, name)
}

// frameErrors are the answers the HTTP frame gives by itself.
var frameErrors = httpx.Errors{
	NotFound: func(r *http.Request) *httpx.Error {
		return errorf(http.StatusNotFound, mig.StatusNotFound, "no such path %s", r.URL.Path)
	},
	MethodNotAllowed: func(r *http.Request, allowed string) *httpx.Error {
		return apiError(http.StatusMethodNotAllowed, mig.StatusInvalidArgument, httpx.NotAllowedMessage(r, allowed))
	},
	Internal: func(_ *http.Request, err error) *httpx.Error {
		msg := "internal error"
		if err != nil {
			msg += ": " + err.Error()
		}
		return apiError(http.StatusInternalServerError, mig.StatusInternal, msg)
	},
}

// grpcCodes maps status names to the numeric codes of a failed operation.
var grpcCodes = map[string]int{
	mig.StatusInvalidArgument:    3,
	mig.StatusNotFound:           5,
	mig.StatusAlreadyExists:      6,
	mig.StatusPermissionDenied:   7,
	mig.StatusResourceExhausted:  8,
	mig.StatusFailedPrecondition: 9,
	mig.StatusAborted:            10,
	mig.StatusOutOfRange:         11,
	mig.StatusInternal:           13,
	mig.StatusUnavailable:        14,
	mig.StatusUnauthenticated:    16,
}

// operationError is the error of a failed operation (numeric gRPC code).
func operationError(status, msg string) *mig.Status {
	return &mig.Status{Code: grpcCodes[status], Status: status, Message: msg}
}
