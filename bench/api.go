package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

// netfabAPI makes the calls that set the sandbox up for a benchmark, over
// the sandbox's own HTTP client (which trusts its certificate).
type netfabAPI struct {
	s     *sandbox
	token string
}

func newNetfabAPI(ctx context.Context, s *sandbox) (*netfabAPI, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.urls["netfab"]+"/oauth2/token",
		strings.NewReader(url.Values{"grant_type": {"client_credentials"}}.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth("sandbox-access-key", "sandbox-secret-key")
	var tok api.TokenResponse
	if err := do(s.http, req, &tok); err != nil {
		return nil, err
	}
	return &netfabAPI{s: s, token: tok.AccessToken}, nil
}

func do(c *http.Client, req *http.Request, out any) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %s: %s", req.Method, req.URL.Path, resp.Status, b)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(b, out)
}

func (a *netfabAPI) call(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, a.s.urls["netfab"]+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+a.token)
	req.Header.Set("Content-Type", "application/json")
	var env api.Envelope[json.RawMessage]
	if err := do(a.s.http, req, &env); err != nil {
		return err
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(env.Data, out)
}

// order buys the items, at most 50 an order, and returns the products.
func (a *netfabAPI) order(ctx context.Context, items []api.OrderItem) ([]api.Product, error) {
	var all []api.Product
	for len(items) > 0 {
		n := min(len(items), 50)
		var ps []api.Product
		if err := a.call(ctx, http.MethodPost, "/v3/orders", api.OrderRequest{Items: items[:n]}, &ps); err != nil {
			return all, err
		}
		all = append(all, ps...)
		items = items[n:]
	}
	return all, nil
}

func port(name string) api.OrderItem {
	return api.OrderItem{ProductType: api.ProductTypePort, ProductName: name, LocationID: 1, PortSpeed: 10000, ContractTermMonths: 12}
}
