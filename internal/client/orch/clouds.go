package orch

import (
	"context"
	"net/http"

	api "github.com/iacsuite/providers/internal/api/orch"
)

func cloudPath(name string) string { return api.APIPrefix + "/clouds/" + pathEscape(name) }

// Clouds lists the clouds of the controller.
func (c *Client) Clouds(ctx context.Context) ([]api.Cloud, error) {
	l, err := get[api.List[api.Cloud]](ctx, c, api.APIPrefix+"/clouds")
	return l.Items, err
}

// Cloud returns one cloud.
func (c *Client) Cloud(ctx context.Context, name string) (api.Cloud, error) {
	return get[api.Cloud](ctx, c, cloudPath(name))
}

// AddCloud adds a cloud (superusers only); with req.Kubernetes it adds a
// container-cluster cloud and the credential the controller makes for it.
func (c *Client) AddCloud(ctx context.Context, req api.CreateCloudRequest) (api.Cloud, error) {
	return send[api.Cloud](ctx, c, http.MethodPost, api.APIPrefix+"/clouds", req)
}

// UpdateCloud sets every mutable field of a cloud.
func (c *Client) UpdateCloud(ctx context.Context, name string, req api.UpdateCloudRequest) (api.Cloud, error) {
	return send[api.Cloud](ctx, c, http.MethodPut, cloudPath(name), req)
}

// RemoveCloud removes a cloud.
func (c *Client) RemoveCloud(ctx context.Context, name string) error {
	return c.del(ctx, cloudPath(name))
}
