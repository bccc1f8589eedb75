package orch

import (
	"context"
	"net/http"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// ControllerConfig reads the controller's configuration, defaults included
// (superusers only).
func (c *Client) ControllerConfig(ctx context.Context) (map[string]string, error) {
	out, err := get[api.ControllerConfig](ctx, c, api.APIPrefix+"/controller/config")
	return out.Config, err
}

// SetControllerConfig sets the given keys; keys not given keep their
// values. bootstrap marks the bootstrap's own configuration, the only one
// that may set bootstrap-only keys.
func (c *Client) SetControllerConfig(ctx context.Context, config map[string]string, bootstrap bool) (map[string]string, error) {
	path := api.APIPrefix + "/controller/config"
	if bootstrap {
		path += "?bootstrap=true"
	}
	out, err := send[api.ControllerConfig](ctx, c, http.MethodPatch, path, api.UpdateControllerConfigRequest{Config: config})
	return out.Config, err
}

// AddStoragePool creates a storage pool in a model.
func (c *Client) AddStoragePool(ctx context.Context, modelUUID string, req api.CreateStoragePoolRequest) (api.StoragePool, error) {
	return send[api.StoragePool](ctx, c, http.MethodPost, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/storage-pools", req)
}

// ForceDestroyModel removes a model even when an application in it blocks
// its removal, and waits until it is gone.
func (c *Client) ForceDestroyModel(ctx context.Context, uuid string) error {
	p := api.APIPrefix + "/models/" + pathEscape(uuid)
	if err := c.del(ctx, p+"?force=true"); err != nil {
		return err
	}
	return c.waitGone(ctx, p)
}
