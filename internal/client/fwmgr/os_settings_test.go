package fwmgr

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

func TestSetOSAnswersTheShowAndChangesOneMember(t *testing.T) {
	d := newDevice(t)
	c := newClient(t, d.config())
	ctx := context.Background()

	before, err := c.ShowOS(ctx, "show-hostname", api.Member{MemberID: "1"})
	require.NoError(t, err)
	answer, err := c.SetOS(ctx, "set-hostname", api.SetHostnameRequest{Name: "client-set-2", Member: api.Member{MemberID: "2"}})
	require.NoError(t, err)
	assert.Equal(t, "client-set-2", answer["name"], "the set answers the show's answer")

	two, err := c.ShowOS(ctx, "show-hostname", api.Member{MemberID: "2"})
	require.NoError(t, err)
	assert.Equal(t, "client-set-2", two["name"])
	one, err := c.ShowOS(ctx, "show-hostname", api.Member{MemberID: "1"})
	require.NoError(t, err)
	assert.Equal(t, before["name"], one["name"], "member 1 keeps its host name")
}

func TestSetOSRefusals(t *testing.T) {
	d := newDevice(t)
	c := newClient(t, d.config())
	ctx := context.Background()

	_, err := c.SetOS(ctx, "set-hostname", api.SetHostnameRequest{Name: "10.0.0.1"})
	var apiErr *APIError
	require.True(t, errors.As(err, &apiErr), "an API error: %v", err)
	assert.Equal(t, 400, apiErr.StatusCode)
	assert.Contains(t, apiErr.Message, "name")

	_, err = c.SetOS(ctx, "show-hostname", api.Member{})
	require.ErrorContains(t, err, "not a set command")
	_, err = c.ShowOS(ctx, "set-hostname", api.Member{})
	require.ErrorContains(t, err, "not a show command")

	cfg := d.config()
	cfg.Context = ContextWeb
	web := newClient(t, cfg)
	_, err = web.SetOS(ctx, "set-hostname", api.SetHostnameRequest{Name: "x"})
	require.ErrorContains(t, err, "exists in context \"os_api\" only")
}
