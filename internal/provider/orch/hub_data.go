package orch

import (
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/provider/orch/hub"
)

// The hub's types (package hub, registered in registry.go) get this
// provider's data through hub.Data: the hub package cannot import this one,
// which imports it.
var _ hub.Data = (*providerData)(nil)

// HubClient is the hub's client in hub mode, nil in direct mode.
func (pd *providerData) HubClient() *hubclient.Client { return pd.hub }

// OrchClient is the controller client (in hub mode, the hub's model
// operations).
func (pd *providerData) OrchClient() *client.Client { return pd.client }

// SkipFailedDeletion is the provider's skip_failed_deletion.
func (pd *providerData) SkipFailedDeletion() bool { return pd.skipFailedDeletion }
