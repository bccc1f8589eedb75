package framework

import (
	"context"
	"errors"

	"github.com/iacsuite/providers/internal/wait"
)

// ErrorDetail renders the error of a client call for the detail of a
// diagnostic: the whole message, which the clients write to name the
// service, the status and the field refused, and, when the call ran out of
// time, which setting gives it more.
func ErrorDetail(err error) string {
	msg := err.Error()
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, wait.ErrTimeout) {
		msg += "\n\nThe operation did not finish in the time allowed; the resource's timeouts block " +
			"(or the provider setting it overrides) gives it more."
	}
	return msg
}
