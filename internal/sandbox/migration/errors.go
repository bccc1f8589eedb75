package migration

import (
	"errors"
	"fmt"
	"net/http"

	mig "github.com/iacsuite/providers/internal/client/migration"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// httpError is an answer the service gives instead of a result.
type httpError struct {
	status int
	body   mig.Status
}

func (e *httpError) Error() string { return e.body.Message }

func apiError(httpStatus int, status, msg string) *httpError {
	return &httpError{status: httpStatus, body: mig.Status{Code: httpStatus, Status: status, Message: msg}}
}

func errorf(httpStatus int, status, format string, args ...any) *httpError {
	return apiError(httpStatus, status, fmt.Sprintf(format, args...))
}

// fieldError is 400 INVALID_ARGUMENT naming the request field.
func fieldError(field, description string) *httpError {
	e := apiError(http.StatusBadRequest, mig.StatusInvalidArgument, field+": "+description)
	e.body.Details = []mig.ErrorDetail{{
		Type:            mig.TypeBadRequest,
		FieldViolations: []mig.FieldViolation{{Field: field, Description: description}},
	}}
	return e
}

func notFound(what, name string) *httpError {
	return errorf(http.StatusNotFound, mig.StatusNotFound, "%s %s not found", what, name)
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

// writeError answers err: an *httpError as it says, anything else as 500.
func writeError(w http.ResponseWriter, err error) {
	var he *httpError
	if !errors.As(err, &he) {
		he = apiError(http.StatusInternalServerError, mig.StatusInternal, "internal error: "+err.Error())
	}
	httpx.WriteJSON(w, he.status, mig.ErrorBody{Error: he.body})
}
