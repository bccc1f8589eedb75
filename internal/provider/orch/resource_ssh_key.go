package orch

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"golang.org/x/crypto/ssh"

	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/validate"
)

var _ resource.ResourceWithImportState = (*sshKeyResource)(nil)

// NewSSHKeyResource is the orch_ssh_key resource: a public key authorised
// on the machines of a model.
func NewSSHKeyResource() resource.Resource {
	return &sshKeyResource{resourceBase{Name: "ssh_key"}}
}

type sshKeyResource struct{ resourceBase }

type sshKeyModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	Payload   types.String `tfsdk:"payload"`
}

// sshKeyIDPattern is upstream's ID: sshkey:<model_uuid>:<MD5 fingerprint>.
var sshKeyIDPattern = regexp.MustCompile(`^sshkey:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):((?:[0-9a-f]{2}:){15}[0-9a-f]{2})$`)

// parsePublicKey parses one authorized_keys line (a trailing newline, as
// file() reads it, is not part of it).
func parsePublicKey(s string) (ssh.PublicKey, error) {
	s = strings.TrimSpace(s)
	if strings.ContainsAny(s, "\r\n") {
		return nil, fmt.Errorf("must be one public key on one line")
	}
	pub, _, options, rest, err := ssh.ParseAuthorizedKey([]byte(s))
	if err != nil {
		return nil, fmt.Errorf("must be a public key in authorized_keys form, <type> <base64> [comment]: %w", err)
	}
	if len(options) > 0 || len(rest) > 0 {
		return nil, fmt.Errorf("must be a key without options, alone on its line")
	}
	return pub, nil
}

var sshPayloadValidator = summarized("Malformed SSH Key", validate.StringFunc("must be a public key in authorized_keys form", func(s string) error {
	_, err := parsePublicKey(s)
	return err
}))

func (r *sshKeyResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Resource representing an SSH key: a public key authorised on the machines of a model. A key is " +
			"unique in a model by its fingerprint. Import it with `sshkey:<model_uuid>:<fingerprint>` (the MD5 fingerprint, " +
			"`ab:cd:...`).",
		Attributes: map[string]schema.Attribute{
			"id":         idAttribute("sshkey:<model_uuid>:<fingerprint>"),
			"model_uuid": modelUUIDAttribute("SSH key"),
			"payload": schema.StringAttribute{
				Required: true,
				Description: "SSH key payload, in authorized_keys form (`<type> <base64> [comment]`, as in a `.pub` file). " +
					"Another key replaces the resource; the same key with another comment is changed in place (the controller keeps the key).",
				Validators:    []validator.String{sshPayloadValidator},
				PlanModifiers: []planmodifier.String{replaceForAnotherKey},
			},
		},
	}
}

// Identity is upstream's: the ID.
func (r *sshKeyResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{{
		Name: "id", Description: "sshkey:<model_uuid>:<fingerprint>.", Shape: "sshkey:<model_uuid>:<MD5 fingerprint ab:cd:...>",
		Valid: sshKeyIDPattern.MatchString,
	}}}
}

func (r *sshKeyResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan sshKeyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	k, err := r.PD.client.AddSSHKey(ctx, plan.ModelUUID.ValueString(), strings.TrimSuffix(plan.Payload.ValueString(), "\n"))
	if err != nil {
		resp.Diagnostics.AddError("Could not add the SSH key to model "+plan.ModelUUID.ValueString(), framework.ErrorDetail(err))
		return
	}
	plan.ID = types.StringValue("sshkey:" + plan.ModelUUID.ValueString() + ":" + k.Fingerprint)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *sshKeyResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state sshKeyModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	m := sshKeyIDPattern.FindStringSubmatch(state.ID.ValueString())
	if m == nil {
		resp.Diagnostics.AddError("Invalid SSH key ID", fmt.Sprintf("%q is not sshkey:<model_uuid>:<fingerprint>", state.ID.ValueString()))
		return
	}
	k, err := r.PD.client.SSHKey(ctx, m[1], m[2])
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read SSH key "+state.ID.ValueString(), framework.ErrorDetail(err))
		return
	}
	state.ModelUUID = types.StringValue(m[1])
	// The configured spelling stays (a trailing newline, another comment
	// of the same key); an import takes the key as the controller has it.
	if state.Payload.IsNull() {
		state.Payload = types.StringValue(k.Key)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Update only records another spelling of the same key: any other change
// replaces the resource.
func (r *sshKeyResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan sshKeyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *sshKeyResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state sshKeyModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	m := sshKeyIDPattern.FindStringSubmatch(state.ID.ValueString())
	if m == nil {
		return
	}
	if err := r.PD.client.RemoveSSHKey(ctx, m[1], m[2]); err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "SSH key "+state.ID.ValueString(), err, &resp.Diagnostics)
	}
}

// ImportState accepts upstream's sshkey:<model_uuid>:<fingerprint>.
func (r *sshKeyResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	m := sshKeyIDPattern.FindStringSubmatch(req.ID)
	if m == nil {
		resp.Diagnostics.AddError("Invalid import identifier", fmt.Sprintf("The import ID of orch_ssh_key is sshkey:<model_uuid>:<fingerprint>, "+
			"with the key's MD5 fingerprint (ssh-keygen -l -E md5), such as sshkey:0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:f7:d6:fb:2a:16:99:8f:3c:bd:58:d7:0b:1e:24:d5:42; got %q.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("model_uuid"), m[1])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}

// sameKey tells whether two payloads are the same key, whatever their
// comments and spacing: such a change is not a new key (upstream compares
// them the same way) and is made in place, in the state only.
func sameKey(a, b string) bool {
	ka, errA := parsePublicKey(a)
	kb, errB := parsePublicKey(b)
	return errA == nil && errB == nil && string(ka.Marshal()) == string(kb.Marshal())
}

// replaceForAnotherKey replaces the resource when the payload is another key.
var replaceForAnotherKey = stringplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !sameKey(req.StateValue.ValueString(), req.PlanValue.ValueString())
}, "Another key replaces the resource; the same key with another comment is changed in place.",
	"Another key replaces the resource; the same key with another comment is changed in place.")
