package netfab

import (
	"context"
	"encoding/json"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/iacsuite/providers/internal/framework"
)

var (
	_ ephemeral.EphemeralResourceWithClose     = (*accessTokenEphemeralResource)(nil)
	_ ephemeral.EphemeralResourceWithConfigure = (*accessTokenEphemeralResource)(nil)
)

// NewAccessTokenEphemeralResource is the netfab_access_token ephemeral
// resource: a bearer token of the provider's account for one run, for a
// tool the run drives that speaks the API itself (a provisioner's script,
// another provider's block), so that the tool never holds the secret key.
// The token is revoked when the run ends: it outlives neither the run nor
// its hour.
func NewAccessTokenEphemeralResource() ephemeral.EphemeralResource {
	return &accessTokenEphemeralResource{ephemeralBase{Name: "access_token"}}
}

type accessTokenEphemeralResource struct {
	ephemeralBase
}

type accessTokenModel struct {
	AccessToken types.String `tfsdk:"access_token"`
	TokenType   types.String `tfsdk:"token_type"`
	ExpiresAt   types.String `tfsdk:"expires_at"`
	Endpoint    types.String `tfsdk:"endpoint"`
}

// privateToken is the key of the token in the private data Close receives.
const privateToken = "access_token"

func (e *accessTokenEphemeralResource) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A bearer access token of the provider's account (its `access_key` and `secret_key`), for one " +
			"Terraform run (Terraform 1.10 and newer): never stored in the plan or the state, and revoked by the " +
			"service when the run ends (the ephemeral resource's close). Give it to a tool that calls the netfab API " +
			"itself (a `local-exec` provisioner's script, another provider's configuration) instead of the secret key.",
		Attributes: map[string]schema.Attribute{
			"access_token": schema.StringAttribute{Computed: true, Sensitive: true, Description: "The token, sent as `Authorization: Bearer <access_token>`."},
			"token_type":   schema.StringAttribute{Computed: true, Description: "Type of the token, `Bearer`."},
			"expires_at":   schema.StringAttribute{Computed: true, Description: "When the token expires (RFC 3339), unless revoked before."},
			"endpoint":     schema.StringAttribute{Computed: true, Description: "Base address of the API the token is for, from the provider's `environment`."},
		},
	}
}

func (e *accessTokenEphemeralResource) Open(ctx context.Context, _ ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	if !framework.RequireConfigured(e.PD, &resp.Diagnostics) {
		return
	}
	tok, err := e.PD.client.NewAccessToken(ctx)
	if err != nil {
		resp.Diagnostics.AddError("Could not obtain a netfab access token", framework.ErrorDetail(err))
		return
	}
	ctx = tflog.MaskMessageStrings(ctx, tok.AccessToken)
	m := accessTokenModel{
		AccessToken: types.StringValue(tok.AccessToken),
		TokenType:   types.StringValue(tok.TokenType),
		ExpiresAt:   types.StringValue(tok.Expiry.UTC().Format(time.RFC3339)),
		Endpoint:    types.StringValue(e.PD.endpoint),
	}
	resp.Diagnostics.Append(resp.Result.Set(ctx, &m)...)
	// Private data must be JSON; Terraform keeps it for the run only.
	private, _ := json.Marshal(tok.AccessToken)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateToken, private)...)
	tflog.Debug(ctx, "netfab access token issued", map[string]any{"expires_at": m.ExpiresAt.ValueString()})
}

// Close revokes the token at the end of the run.
func (e *accessTokenEphemeralResource) Close(ctx context.Context, req ephemeral.CloseRequest, resp *ephemeral.CloseResponse) {
	if !framework.RequireConfigured(e.PD, &resp.Diagnostics) {
		return
	}
	raw, d := req.Private.GetKey(ctx, privateToken)
	resp.Diagnostics.Append(d...)
	var tok string
	if len(raw) == 0 || json.Unmarshal(raw, &tok) != nil || tok == "" {
		return
	}
	if err := e.PD.client.RevokeToken(ctx, tok); err != nil {
		resp.Diagnostics.AddError("Could not revoke the netfab access token", framework.ErrorDetail(err))
		return
	}
	tflog.Debug(ctx, "netfab access token revoked")
}
