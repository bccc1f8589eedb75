package orch

import (
	"context"
	"net/url"
	"strconv"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// CharmQuery selects a charm revision in the store; empty fields take the
// store's defaults.
type CharmQuery struct {
	Name         string
	Channel      string
	Revision     int
	Base         string
	Architecture string
	StoreURL     string
}

// Charm resolves a charm in the controller's charm store.
func (c *Client) Charm(ctx context.Context, q CharmQuery) (api.Charm, error) {
	v := url.Values{}
	if q.Channel != "" {
		v.Set("channel", q.Channel)
	}
	if q.Revision != 0 {
		v.Set("revision", strconv.Itoa(q.Revision))
	}
	if q.Base != "" {
		v.Set("base", q.Base)
	}
	if q.Architecture != "" {
		v.Set("architecture", q.Architecture)
	}
	if q.StoreURL != "" {
		v.Set("storeUrl", q.StoreURL)
	}
	p := api.APIPrefix + "/charms/" + pathEscape(q.Name)
	if len(v) > 0 {
		p += "?" + v.Encode()
	}
	return get[api.Charm](ctx, c, p)
}

// UploadCharm uploads a .charm archive to a model; the answer names the
// revision that applications deploy with charm source "local".
func (c *Client) UploadCharm(ctx context.Context, modelUUID string, archive []byte) (api.LocalCharm, error) {
	var out api.LocalCharm
	err := c.upload(ctx, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/charms", "application/zip", archive, &out)
	return out, err
}
