package netfab_test

import (
	"context"
	"path/filepath"
	"testing"

	api "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// The client's hot paths against the real sandbox over HTTPS loopback, as a
// provider calls them: what one port create (validate, order) and one read
// cost, token and connections reused.

func benchClient(b *testing.B) *client.Client {
	b.Helper()
	st, err := store.Open(filepath.Join(b.TempDir(), "netfab.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	h, err := sandbox.New(sandbox.Config{Store: st})
	if err != nil {
		b.Fatal(err)
	}
	c, err := client.New(client.Config{BaseURL: sandboxtest.Serve(b, h), AccessKey: sandbox.DefaultAccessKey, SecretKey: sandbox.DefaultSecretKey})
	if err != nil {
		b.Fatal(err)
	}
	return c
}

var benchPort = api.OrderItem{ProductType: api.ProductTypePort, ProductName: "bench", LocationID: 1, PortSpeed: 10000, ContractTermMonths: 12}

func BenchmarkClientOrderPort(b *testing.B) {
	c := benchClient(b)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := c.ValidateOrder(ctx, benchPort); err != nil {
			b.Fatal(err)
		}
		if _, err := c.Order(ctx, "", benchPort); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkClientProduct(b *testing.B) {
	c := benchClient(b)
	ctx := context.Background()
	ps, err := c.Order(ctx, "", benchPort)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := c.Product(ctx, ps[0].ProductUID); err != nil {
				b.Fatal(err)
			}
		}
	})
}
