package fwmgr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// Every command of the table has a handler, and every handler a command.
func TestHandlersCoverTheCommandTable(t *testing.T) {
	require.NoError(t, checkHandlers(api.Commands, showHandlers(), "showHandlers"))
}

// A command added to the table without its handler, or a handler left
// after its command is gone, is an error that names it (New returns it:
// the sandbox does not start).
func TestStartUpRefusesAMissingOrStrayHandler(t *testing.T) {
	handlers := showHandlers()
	delete(handlers, "show-bgp-peers")
	err := checkHandlers(api.Commands, handlers, "showHandlers")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no handler for show-bgp-peers")

	handlers = showHandlers()
	handlers["show-nothing"] = handlers["show-hostname"]
	err = checkHandlers(api.Commands, handlers, "showHandlers")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "show-nothing, which is not a command")
}

// The same holds for the set commands of api.Sets and setHandlers.
func TestStartUpRefusesAMissingOrStraySetHandler(t *testing.T) {
	require.NoError(t, checkHandlers(api.Sets, setHandlers(), "setHandlers"))

	handlers := setHandlers()
	delete(handlers, "set-ntp")
	err := checkHandlers(api.Sets, handlers, "setHandlers")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no handler for set-ntp (add it to setHandlers)")

	handlers = setHandlers()
	handlers["set-nothing"] = handlers["set-hostname"]
	err = checkHandlers(api.Sets, handlers, "setHandlers")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "set-nothing, which is not a command")
}
