package orch

import (
	"context"
	"net/http"
	"net/url"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// Model operations. A model's removal is asynchronous: DestroyModel returns
// once the model is gone, or with the controller's reason when its removal
// is blocked.

// DefaultRemovalTimeout bounds the waits for removals.
const DefaultRemovalTimeout = 10 * time.Minute

// CreateModel adds a model.
func (c *Client) CreateModel(ctx context.Context, req api.CreateModelRequest) (api.Model, error) {
	return send[api.Model](ctx, c, http.MethodPost, api.APIPrefix+"/models", req)
}

// Model returns the model with the given UUID.
func (c *Client) Model(ctx context.Context, uuid string) (api.Model, error) {
	return get[api.Model](ctx, c, api.APIPrefix+"/models/"+pathEscape(uuid))
}

// Models lists the models the user can see, filtered by owner and name
// when they are not empty.
func (c *Client) Models(ctx context.Context, owner, name string) ([]api.Model, error) {
	q := url.Values{}
	if owner != "" {
		q.Set("owner", owner)
	}
	if name != "" {
		q.Set("name", name)
	}
	p := api.APIPrefix + "/models"
	if len(q) > 0 {
		p += "?" + q.Encode()
	}
	l, err := get[api.List[api.Model]](ctx, c, p)
	return l.Items, err
}

// UpdateModel changes the given fields of a model.
func (c *Client) UpdateModel(ctx context.Context, uuid string, req api.UpdateModelRequest) (api.Model, error) {
	return send[api.Model](ctx, c, http.MethodPatch, api.APIPrefix+"/models/"+pathEscape(uuid), req)
}

// ModelConfig returns every configuration key of a model with its source.
func (c *Client) ModelConfig(ctx context.Context, uuid string) (map[string]api.ConfigValue, error) {
	return get[map[string]api.ConfigValue](ctx, c, api.APIPrefix+"/models/"+pathEscape(uuid)+"/config")
}

// DestroyModel removes a model and waits until it is gone.
func (c *Client) DestroyModel(ctx context.Context, uuid string) error {
	p := api.APIPrefix + "/models/" + pathEscape(uuid)
	if err := c.del(ctx, p); err != nil {
		return err
	}
	return c.waitGone(ctx, p)
}

// StoragePool returns a storage pool of a model.
func (c *Client) StoragePool(ctx context.Context, modelUUID, name string) (api.StoragePool, error) {
	return get[api.StoragePool](ctx, c, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/storage-pools/"+pathEscape(name))
}

// StoragePools lists the storage pools of a model, built-in ones included.
func (c *Client) StoragePools(ctx context.Context, modelUUID string) ([]api.StoragePool, error) {
	l, err := get[api.List[api.StoragePool]](ctx, c, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/storage-pools")
	return l.Items, err
}

// UpdateStoragePool replaces the attributes of a storage pool.
func (c *Client) UpdateStoragePool(ctx context.Context, modelUUID, name string, attributes map[string]string) (api.StoragePool, error) {
	return send[api.StoragePool](ctx, c, http.MethodPut, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/storage-pools/"+pathEscape(name),
		api.UpdateStoragePoolRequest{Attributes: attributes})
}

// RemoveStoragePool removes a storage pool that no application uses.
func (c *Client) RemoveStoragePool(ctx context.Context, modelUUID, name string) error {
	return c.del(ctx, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/storage-pools/"+pathEscape(name))
}
