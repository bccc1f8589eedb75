package providerserve

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// The framework's protocol server (terraform-plugin-framework v1.19,
// internal/proto6server) wraps the context of every RPC in
// context.WithCancel and appends the cancel function to a slice that only
// StopProvider empties, so that StopProvider can cancel what is in flight.
// Terraform calls StopProvider only when it is interrupted: every finished
// RPC's context stays reachable for the life of the process, and with it the
// loggers terraform-plugin-go puts into each request's context (about 10 KB
// an RPC). Over the apply of 500 ports that was 20 MB of live heap, and with
// the garbage collector's headroom 40 MB of the provider's 63 MB
// (docs/performance.md).
//
// ReleasingServer hands the framework a context that lets go of the
// request's context once the RPC has returned: the slice then holds a few
// hundred bytes per RPC instead of the request's whole context.

// releasableContext is the request's context until release, and after it a
// context that is canceled and holds no values. Terraform's gRPC server
// cancels the request's context when the RPC ends anyway, so what changes
// after release is only that its values are no longer reachable.
type releasableContext struct {
	parent atomic.Pointer[parentRef]
}

type parentRef struct{ ctx context.Context }

var closed = func() chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}()

func (c *releasableContext) Deadline() (time.Time, bool) {
	if p := c.parent.Load(); p != nil {
		return p.ctx.Deadline()
	}
	return time.Time{}, false
}

func (c *releasableContext) Done() <-chan struct{} {
	if p := c.parent.Load(); p != nil {
		return p.ctx.Done()
	}
	return closed
}

func (c *releasableContext) Err() error {
	if p := c.parent.Load(); p != nil {
		return p.ctx.Err()
	}
	return context.Canceled
}

// Value also answers the context package's own lookups, so that a context
// derived from this one is registered with the request's cancelation
// directly, as it would be without this wrapper.
func (c *releasableContext) Value(key any) any {
	if p := c.parent.Load(); p != nil {
		return p.ctx.Value(key)
	}
	return nil
}

// serve calls f with a context that releases ctx when f returns.
func serve[Req, Resp any](ctx context.Context, f func(context.Context, Req) (Resp, error), req Req) (Resp, error) {
	rc := &releasableContext{}
	rc.parent.Store(&parentRef{ctx: ctx})
	defer rc.parent.Store(nil)
	return f(rc, req)
}

// frameworkServer is what the framework's protocol 6 server implements,
// optional interfaces included, so that wrapping it hides none of them.
type frameworkServer interface {
	tfprotov6.ProviderServer
	tfprotov6.ListResourceServer
	tfprotov6.ActionServer
	tfprotov6.StateStoreServer
}

// ReleasingServer wraps a framework protocol 6 server so that the RPCs
// Terraform makes per resource and data source (validate, upgrade, read,
// plan, apply, import, move) do not keep their contexts after they return.
// A server that is not the framework's is returned unchanged.
func ReleasingServer(s tfprotov6.ProviderServer) tfprotov6.ProviderServer {
	fs, ok := s.(frameworkServer)
	if !ok {
		return s
	}
	return releasingServer{fs}
}

type releasingServer struct{ frameworkServer }

func (s releasingServer) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return serve(ctx, s.frameworkServer.ValidateResourceConfig, req)
}

func (s releasingServer) ValidateDataResourceConfig(ctx context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	return serve(ctx, s.frameworkServer.ValidateDataResourceConfig, req)
}

func (s releasingServer) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	return serve(ctx, s.frameworkServer.UpgradeResourceState, req)
}

func (s releasingServer) UpgradeResourceIdentity(ctx context.Context, req *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	return serve(ctx, s.frameworkServer.UpgradeResourceIdentity, req)
}

func (s releasingServer) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return serve(ctx, s.frameworkServer.ReadResource, req)
}

func (s releasingServer) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	return serve(ctx, s.frameworkServer.PlanResourceChange, req)
}

func (s releasingServer) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	return serve(ctx, s.frameworkServer.ApplyResourceChange, req)
}

func (s releasingServer) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	return serve(ctx, s.frameworkServer.ImportResourceState, req)
}

func (s releasingServer) MoveResourceState(ctx context.Context, req *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	return serve(ctx, s.frameworkServer.MoveResourceState, req)
}

func (s releasingServer) ReadDataSource(ctx context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	return serve(ctx, s.frameworkServer.ReadDataSource, req)
}
