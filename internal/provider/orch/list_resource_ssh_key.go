package orch

import (
	"context"
	"iter"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

type sshKeyListFilter struct {
	ModelUUID   types.String `tfsdk:"model_uuid"`
	Fingerprint types.String `tfsdk:"fingerprint"`
	Type        types.String `tfsdk:"type"`
}

// sshKeyOfModel is a listed key with the model it is in.
type sshKeyOfModel struct {
	modelUUID string
	api.SSHKey
}

// md5FingerprintPattern is an MD5 fingerprint as ssh-keygen -l -E md5
// prints it, without its MD5: prefix.
var md5FingerprintPattern = regexp.MustCompile(`^(?:[0-9a-f]{2}:){15}[0-9a-f]{2}$`)

// NewSSHKeyListResource is the orch_ssh_key list resource: the SSH keys
// authorised on the machines of a model.
var NewSSHKeyListResource = framework.NewList(framework.ListResource[providerData, sshKeyListFilter, sshKeyOfModel, sshKeyModel]{
	Name:  "ssh_key",
	Label: "SSH keys",
	Description: "The SSH keys of a model, for `terraform query` (Terraform 1.14+). Each result's identity is " +
		"`sshkey:<model_uuid>:<fingerprint>`; with `include_resource` the resource holds the key as the controller has it.",
	Filters: map[string]schema.Attribute{
		"model_uuid": listModelUUID("SSH keys"),
		"fingerprint": schema.StringAttribute{
			Optional:    true,
			Description: "Only the key of this MD5 fingerprint, `ab:cd:...` (`ssh-keygen -l -E md5`, without `MD5:`).",
			Validators: []validator.String{stringvalidator.RegexMatches(md5FingerprintPattern,
				"must be an MD5 fingerprint: 16 colon-separated pairs of lower-case hex digits")},
		},
		"type": schema.StringAttribute{
			Optional:    true,
			Description: "Only the keys of this type, such as `ssh-ed25519` or `ssh-rsa`.",
			Validators:  []validator.String{stringvalidator.RegexMatches(regexp.MustCompile(`^[a-z0-9@.-]+$`), "must be an SSH key type, such as ssh-ed25519")},
		},
	},
	Identity: (&sshKeyResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f sshKeyListFilter, _ bool) iter.Seq2[sshKeyOfModel, error] {
		uuid := f.ModelUUID.ValueString()
		return func(yield func(sshKeyOfModel, error) bool) {
			for k, err := range pd.client.EachSSHKey(ctx, uuid) {
				if err != nil || matches(f.Fingerprint, k.Fingerprint) && matches(f.Type, k.Type) {
					if !yield(sshKeyOfModel{uuid, k}, err) || err != nil {
						return
					}
				}
			}
		}
	},
	DisplayName: func(k sshKeyOfModel) string {
		if k.Comment != "" {
			return k.Comment + " (" + k.Fingerprint + ")"
		}
		return k.Fingerprint
	},
	Model: func(_ context.Context, _ *providerData, k sshKeyOfModel, _ bool, m *sshKeyModel) diag.Diagnostics {
		// What Read sets after an import: the key as the controller has it.
		m.ID = types.StringValue("sshkey:" + k.modelUUID + ":" + k.Fingerprint)
		m.ModelUUID = types.StringValue(k.modelUUID)
		m.Payload = types.StringValue(k.Key)
		return nil
	},
})
