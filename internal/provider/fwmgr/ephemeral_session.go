package fwmgr

import (
	"context"
	"encoding/json"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	client "github.com/iacsuite/providers/internal/client/fwmgr"
	"github.com/iacsuite/providers/internal/framework"
)

var (
	_ ephemeral.EphemeralResourceWithRenew = (*sessionEphemeralResource)(nil)
	_ ephemeral.EphemeralResourceWithClose = (*sessionEphemeralResource)(nil)
)

// NewSessionEphemeralResource is the fwmgr_session ephemeral resource: a
// session of the OS API of its own for one run, for a tool the run drives
// that sends commands itself (a provisioner's script), so that the tool
// never holds the administrator's password or API key. Terraform keeps it
// alive while the run needs it (Renew: keepalive) and the provider logs it
// out when the run ends (Close). The data sources' shared session, which the
// session file keeps for later runs, is another one and is left alone.
func NewSessionEphemeralResource() ephemeral.EphemeralResource {
	return &sessionEphemeralResource{framework.EphemeralResourceBase[providerData]{Name: "session"}}
}

type sessionEphemeralResource struct {
	framework.EphemeralResourceBase[providerData]
}

type sessionModel struct {
	SID              types.String `tfsdk:"sid"`
	URL              types.String `tfsdk:"url"`
	SessionHeader    types.String `tfsdk:"session_header"`
	SessionTimeout   types.Int64  `tfsdk:"session_timeout"`
	APIServerVersion types.String `tfsdk:"api_server_version"`
}

// privateSession is the key of the session in the private data that Renew
// and Close receive: its ID and timeout, as JSON.
const privateSession = "session"

type openSession struct {
	SID     string `json:"sid"`
	Timeout int64  `json:"timeout"`
}

// sessionOf reads the private data of an open session; ok is false when
// there is none.
func sessionOf(raw []byte) (openSession, bool) {
	var s openSession
	return s, len(raw) > 0 && json.Unmarshal(raw, &s) == nil && s.SID != ""
}

func (e *sessionEphemeralResource) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A session of the OS API of its own, logged in with the provider's credentials for one Terraform " +
			"run (Terraform 1.10 and newer): never stored in the plan or the state, kept alive while the run uses it " +
			"and logged out when the run ends. Give `sid` to a tool that sends commands itself (a `local-exec` " +
			"provisioner's script: `POST <url>/<command>` with the header `session_header: <sid>`) instead of the " +
			"password or API key. The session of the data sources, which the session file shares between runs, is " +
			"another one.",
		Attributes: map[string]schema.Attribute{
			"sid":                schema.StringAttribute{Computed: true, Sensitive: true, Description: "The session's ID."},
			"url":                schema.StringAttribute{Computed: true, Description: "The address commands are posted under, `https://<server>:<port>[/<cloud_mgmt_id>]/<context>[/v<api_version>]`."},
			"session_header":     schema.StringAttribute{Computed: true, Description: "The header that carries `sid`, `" + api.SessionHeader + "`."},
			"session_timeout":    schema.Int64Attribute{Computed: true, Description: "Seconds without a command after which the server ends the session (the provider's `session_timeout`)."},
			"api_server_version": schema.StringAttribute{Computed: true, Description: "Version of the API server."},
		},
	}
}

// renewAt is when to keep the session alive: halfway to its timeout.
func renewAt(timeout int64) time.Time {
	return time.Now().Add(time.Duration(timeout) * time.Second / 2)
}

func (e *sessionEphemeralResource) Open(ctx context.Context, _ ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	if !framework.RequireConfigured(e.PD, &resp.Diagnostics) {
		return
	}
	ctx = e.PD.client.MaskSecrets(ctx)
	s, err := e.PD.client.OpenSession(ctx)
	if err != nil {
		resp.Diagnostics.AddError("Could not open an fwmgr session", framework.ErrorDetail(err))
		return
	}
	ctx = tflog.MaskMessageStrings(ctx, s.SID)
	m := sessionModel{
		SID:              types.StringValue(s.SID),
		URL:              types.StringValue(e.PD.client.BaseURL()),
		SessionHeader:    types.StringValue(api.SessionHeader),
		SessionTimeout:   types.Int64Value(s.SessionTimeout),
		APIServerVersion: types.StringValue(s.APIServerVersion),
	}
	resp.Diagnostics.Append(resp.Result.Set(ctx, &m)...)
	private, _ := json.Marshal(openSession{SID: s.SID, Timeout: s.SessionTimeout})
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateSession, private)...)
	if s.SessionTimeout > 0 {
		resp.RenewAt = renewAt(s.SessionTimeout)
	}
	tflog.Debug(ctx, "fwmgr session opened", map[string]any{"session_timeout": s.SessionTimeout})
}

// Renew keeps the session alive (keepalive) while Terraform still needs it.
func (e *sessionEphemeralResource) Renew(ctx context.Context, req ephemeral.RenewRequest, resp *ephemeral.RenewResponse) {
	if !framework.RequireConfigured(e.PD, &resp.Diagnostics) {
		return
	}
	ctx = e.PD.client.MaskSecrets(ctx)
	raw, d := req.Private.GetKey(ctx, privateSession)
	resp.Diagnostics.Append(d...)
	s, ok := sessionOf(raw)
	if !ok {
		return
	}
	if err := e.PD.client.KeepSession(ctx, s.SID); err != nil {
		resp.Diagnostics.AddError("Could not keep the fwmgr session alive", framework.ErrorDetail(err))
		return
	}
	resp.RenewAt = renewAt(s.Timeout)
	resp.Private = req.Private
}

// Close logs the session out at the end of the run.
func (e *sessionEphemeralResource) Close(ctx context.Context, req ephemeral.CloseRequest, resp *ephemeral.CloseResponse) {
	if !framework.RequireConfigured(e.PD, &resp.Diagnostics) {
		return
	}
	ctx = e.PD.client.MaskSecrets(ctx)
	raw, d := req.Private.GetKey(ctx, privateSession)
	resp.Diagnostics.Append(d...)
	s, ok := sessionOf(raw)
	if !ok {
		return
	}
	if err := e.PD.client.CloseSession(ctx, s.SID); err != nil {
		// A session the server no longer knows (it expired, as when the run
		// outlived its timeout between renewals) is already what Close wants.
		if client.IsSessionRejected(err) {
			tflog.Debug(ctx, "fwmgr session already ended", map[string]any{"error": err.Error()})
			return
		}
		resp.Diagnostics.AddError("Could not log out the fwmgr session", framework.ErrorDetail(err))
		return
	}
	tflog.Debug(ctx, "fwmgr session logged out")
}
