package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

func init() { register("P5", benchP5) }

// benchP5: each provider binary answers GetProviderSchema soon after it
// starts (its memory is measured under P2 and P4, and reported there as P5
// lines); the sandbox's
// product reads per second on one core (GOMAXPROCS=1), next to its health
// check, which touches no store.
func benchP5(ctx context.Context, c *config) ([]result, error) {
	var out []result
	for _, p := range providers {
		if !c.wantProvider(p.name) {
			continue
		}
		res := result{id: "P5", name: p.name + ": GetProviderSchema after process start", unit: unitMillis,
			goalValue: 0.1, goal: "<= 100ms"}
		for i := 0; i < max(c.runs, 5); i++ {
			d, err := schemaTime(ctx, filepath.Join(c.bin, "terraform-provider-"+p.name))
			if err != nil {
				return append(out, res), fmt.Errorf("%s: %w", p.name, err)
			}
			res.measured = append(res.measured, seconds(d))
		}
		out = append(out, res)
	}
	rate, err := c.readRate(ctx)
	return append(out, rate), err
}

// The go-plugin handshake of Terraform providers (terraform-plugin-go's
// tf6server).
const magicCookie = "TF_PLUGIN_MAGIC_COOKIE=d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2"

// schemaTime starts a provider as Terraform does, and returns how long after
// the start its GetProviderSchema answer arrived.
func schemaTime(ctx context.Context, binary string) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary)
	cmd.Env = append(os.Environ(), magicCookie, "PLUGIN_PROTOCOL_VERSIONS=6")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	// 1|6|unix|/tmp/plugin123|grpc|
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		return 0, fmt.Errorf("reading the plugin handshake: %w", err)
	}
	f := strings.Split(strings.TrimSpace(line), "|")
	if len(f) < 5 || f[4] != "grpc" {
		return 0, fmt.Errorf("unexpected plugin handshake %q", line)
	}
	target := f[3]
	if f[2] == "unix" {
		target = "unix://" + target
	}
	conn, err := grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	// The request message is empty, so its encoding is no bytes at all; the
	// answer is kept as bytes, not decoded.
	var resp rawMessage
	if err := conn.Invoke(ctx, "/tfplugin6.Provider/GetProviderSchema", &rawMessage{}, &resp, grpc.ForceCodec(rawCodec{})); err != nil {
		return 0, fmt.Errorf("GetProviderSchema: %w", err)
	}
	d := time.Since(start)
	if len(resp) == 0 {
		return 0, fmt.Errorf("GetProviderSchema answered nothing")
	}
	return d, nil
}

type rawMessage []byte

// rawCodec sends and receives protobuf messages as bytes.
type rawCodec struct{}

func (rawCodec) Marshal(v any) ([]byte, error) {
	m, ok := v.(*rawMessage)
	if !ok {
		return nil, fmt.Errorf("rawCodec cannot encode %T", v)
	}
	return *m, nil
}

func (rawCodec) Unmarshal(data []byte, v any) error {
	m, ok := v.(*rawMessage)
	if !ok {
		return fmt.Errorf("rawCodec cannot decode into %T", v)
	}
	*m = append(rawMessage(nil), data...)
	return nil
}
func (rawCodec) Name() string { return "proto" }

// readRate: a sandbox on one core holding 10 ports; 8 clients read them,
// one after another, for 3 seconds per run.
func (c *config) readRate(ctx context.Context) (result, error) {
	res := result{id: "P5", name: "sandbox on one core: product reads", unit: unitRate,
		yardName: "health checks", goalValue: 1000, atLeast: true, goal: ">= 1000/s"}
	s, err := c.startSandbox(ctx, sandboxOptions{env: []string{"GOMAXPROCS=1"}})
	if err != nil {
		return res, err
	}
	defer s.stop()
	a, err := newNetfabAPI(ctx, s)
	if err != nil {
		return res, err
	}
	var items []api.OrderItem
	for i := 0; i < 10; i++ {
		items = append(items, port(fmt.Sprintf("p5-%d", i)))
	}
	ports, err := a.order(ctx, items)
	if err != nil {
		return res, err
	}
	for i := 0; i < c.runs; i++ {
		n, err := hammer(ctx, 3*time.Second, func(i int) *http.Request {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.urls["netfab"]+"/healthz", nil)
			return req
		}, s.http)
		if err != nil {
			return res, err
		}
		res.yardstick = append(res.yardstick, n)
		n, err = hammer(ctx, 3*time.Second, func(i int) *http.Request {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet,
				s.urls["netfab"]+"/v3/products/"+url.PathEscape(ports[i%len(ports)].ProductUID), nil)
			req.Header.Set("Authorization", "Bearer "+a.token)
			return req
		}, s.http)
		if err != nil {
			return res, err
		}
		res.measured = append(res.measured, n)
	}
	return res, nil
}

// hammer sends the requests of next from 8 workers for d and returns the
// answers per second.
func hammer(ctx context.Context, d time.Duration, next func(i int) *http.Request, client *http.Client) (float64, error) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var n atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	start := time.Now()
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; ctx.Err() == nil; i += 8 {
				err := do(client, next(i), nil)
				if ctx.Err() != nil {
					return
				}
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
				n.Add(1)
			}
		}()
	}
	wg.Wait()
	return float64(n.Load()) / time.Since(start).Seconds(), firstErr
}
