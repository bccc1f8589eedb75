package orch

import (
	"context"
	"iter"
	"net/http"
	"net/url"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/httpclient"
)

// ListPageSize is the pageSize the streaming listings ask for.
var ListPageSize = api.DefaultPageSize

// each streams the items of a paged list (docs/api/orch.md, Paging) with
// httpclient.QueryPages: one page (request) at a time.
func each[T any](ctx context.Context, c *Client, path string, q url.Values) iter.Seq2[T, error] {
	return httpclient.QueryPages(q, pageParams, ListPageSize, func(v url.Values) ([]T, string, error) {
		var page api.List[T]
		err := c.doRequest(ctx, httpclient.Request{Method: http.MethodGet, Path: path, Query: v}, &page)
		return page.Items, page.NextPageToken, err
	})
}

// pageParams are the query parameters of the paging.
var pageParams = httpclient.PageParams{Size: api.QueryPageSize, Token: api.QueryPageToken}

// EachModel streams the models the caller may see, of owner and named name
// when they are not empty.
func (c *Client) EachModel(ctx context.Context, owner, name string) iter.Seq2[api.Model, error] {
	return each[api.Model](ctx, c, api.APIPrefix+"/models", url.Values{"owner": {owner}, "name": {name}})
}

// EachApplication streams the applications of a model.
func (c *Client) EachApplication(ctx context.Context, modelUUID string) iter.Seq2[api.Application, error] {
	return each[api.Application](ctx, c, applicationsPath(modelUUID), nil)
}

// EachMachine streams the machines of a model.
func (c *Client) EachMachine(ctx context.Context, modelUUID string) iter.Seq2[api.Machine, error] {
	return each[api.Machine](ctx, c, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/machines", nil)
}

// EachIntegration streams the integrations of a model, those of one
// application or endpoint ("app" or "app:endpoint") when endpoint is not
// empty.
func (c *Client) EachIntegration(ctx context.Context, modelUUID, endpoint string) iter.Seq2[api.Integration, error] {
	return each[api.Integration](ctx, c, integrationsPath(modelUUID), url.Values{"endpoint": {endpoint}})
}

// EachOffer streams the offers of a model.
func (c *Client) EachOffer(ctx context.Context, modelUUID string) iter.Seq2[api.Offer, error] {
	return each[api.Offer](ctx, c, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/offers", nil)
}

// EachSecret streams the secrets of a model, the one named name when it is
// not empty, with their values when reveal is true.
func (c *Client) EachSecret(ctx context.Context, modelUUID, name string, reveal bool) iter.Seq2[api.Secret, error] {
	q := url.Values{"name": {name}}
	if reveal {
		q.Set("reveal", "true")
	}
	return each[api.Secret](ctx, c, secretsPath(modelUUID), q)
}

// EachCloud streams the clouds of the controller.
func (c *Client) EachCloud(ctx context.Context) iter.Seq2[api.Cloud, error] {
	return each[api.Cloud](ctx, c, api.APIPrefix+"/clouds", nil)
}

// EachCredential streams the credentials of a cloud the caller may see, of
// owner when it is not empty.
func (c *Client) EachCredential(ctx context.Context, cloud, owner string) iter.Seq2[api.Credential, error] {
	return each[api.Credential](ctx, c, api.APIPrefix+"/clouds/"+pathEscape(cloud)+"/credentials", url.Values{"owner": {owner}})
}

// EachUser streams the users the caller may see: every user to a
// superuser, itself to anyone else.
func (c *Client) EachUser(ctx context.Context) iter.Seq2[api.User, error] {
	return each[api.User](ctx, c, api.APIPrefix+"/users", nil)
}

// EachSSHKey streams the SSH keys of a model.
func (c *Client) EachSSHKey(ctx context.Context, modelUUID string) iter.Seq2[api.SSHKey, error] {
	return each[api.SSHKey](ctx, c, sshKeysPath(modelUUID), nil)
}

// EachStoragePool streams the storage pools of a model.
func (c *Client) EachStoragePool(ctx context.Context, modelUUID string) iter.Seq2[api.StoragePool, error] {
	return each[api.StoragePool](ctx, c, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/storage-pools", nil)
}

// EachModelAccess streams the grants of a model the caller may see, of one
// level when access is not empty.
func (c *Client) EachModelAccess(ctx context.Context, modelUUID, access string) iter.Seq2[api.AccessGrant, error] {
	return each[api.AccessGrant](ctx, c, modelAccessPath(modelUUID), url.Values{"access": {access}})
}

// EachOfferAccess streams the grants of an offer the caller may see.
func (c *Client) EachOfferAccess(ctx context.Context, offerURL string) iter.Seq2[api.AccessGrant, error] {
	p, err := offerPath(offerURL)
	if err != nil {
		return func(yield func(api.AccessGrant, error) bool) { yield(api.AccessGrant{}, err) }
	}
	return each[api.AccessGrant](ctx, c, p+"/access", nil)
}
