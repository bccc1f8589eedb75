package cloudnative

import (
	"context"
	"encoding/json"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	migrationapi "github.com/iacsuite/providers/internal/api/migration"
	client "github.com/iacsuite/providers/internal/client/migration"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/validate"
)

var _ ephemeral.EphemeralResourceWithClose = (*migrationUploadEphemeralResource)(nil)

// NewMigrationUploadEphemeralResource is the cloudnative_migration_upload
// ephemeral resource: a fresh signed upload address of an import data file
// for one run, for a provisioner that uploads the file, revoked when the run
// ends. The data file resource's own upload_file_info is kept in the state
// for as long as the file exists, long after it expired; this one is never
// stored and dies with the run.
func NewMigrationUploadEphemeralResource() ephemeral.EphemeralResource {
	return &migrationUploadEphemeralResource{framework.EphemeralResourceBase[providerData]{Name: "migration_upload"}}
}

type migrationUploadEphemeralResource struct {
	framework.EphemeralResourceBase[providerData]
}

type migrationUploadModel struct {
	ImportDataFile    types.String `tfsdk:"import_data_file"`
	TTLSeconds        types.Int64  `tfsdk:"ttl_seconds"`
	Name              types.String `tfsdk:"name"`
	SignedURI         types.String `tfsdk:"signed_uri"`
	Headers           types.Map    `tfsdk:"headers"`
	URIExpirationTime types.String `tfsdk:"uri_expiration_time"`
}

// privateUploadURI is the key of the address's name in the private data
// that Close receives.
const privateUploadURI = "upload_uri"

func (e *migrationUploadEphemeralResource) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A fresh signed upload address of an import data file, for one Terraform run (Terraform 1.10 and " +
			"newer): never stored in the plan or the state, and revoked by the service when the run ends (the " +
			"ephemeral resource's close), so that an upload address outlives neither the run nor its validity. " +
			"Use it in a `local-exec` provisioner that uploads the file: a PUT of the content to `signed_uri` with " +
			"exactly `headers`. " + previewDeprecation,
		DeprecationMessage: previewDeprecation,
		Attributes: map[string]schema.Attribute{
			"import_data_file": schema.StringAttribute{
				Required: true,
				Description: "Full name of the import data file, `projects/{project}/locations/{location}/importJobs/" +
					"{importJob}/importDataFiles/{importDataFile}`: the `name` of a `cloudnative_migration_import_data_file`.",
				Validators: []validator.String{validate.StringFunc("must be the full name of an import data file", func(s string) error {
					_, _, _, _, err := migrationapi.ParseImportDataFileName(s)
					return err
				})},
			},
			"ttl_seconds": schema.Int64Attribute{
				Optional:    true,
				Description: "How long the address is valid, 60 to 3600 seconds; default the service's (one hour).",
				Validators:  []validator.Int64{int64validator.Between(migrationapi.MinUploadURITTLSeconds, migrationapi.MaxUploadURITTLSeconds)},
			},
			"name": schema.StringAttribute{
				Computed:    true,
				Description: "Name of the address, `{import_data_file}/uploadUris/{id}`, which the service revokes at the end of the run.",
			},
			"signed_uri": schema.StringAttribute{
				Computed:    true,
				Sensitive:   true,
				Description: "The signed upload address: anyone holding it can upload until it expires or is revoked.",
			},
			"headers": schema.MapAttribute{
				ElementType: types.StringType,
				Computed:    true,
				Description: "Headers the address is signed with, which the upload must send: `Content-Type` and " +
					"`x-cloudnative-content-length-range`.",
			},
			"uri_expiration_time": schema.StringAttribute{Computed: true, Description: "When the address expires (RFC 3339)."},
		},
	}
}

func (e *migrationUploadEphemeralResource) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	if !framework.RequireConfigured(e.PD, &resp.Diagnostics) {
		return
	}
	ctx = e.PD.logContext(ctx)
	var m migrationUploadModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	file := m.ImportDataFile.ValueString()
	u, err := e.PD.client.CreateUploadURI(ctx, file, int(m.TTLSeconds.ValueInt64()))
	if err != nil {
		resp.Diagnostics.AddError("Could not get an upload address of "+file, framework.ErrorDetail(err))
		return
	}
	headers, d := types.MapValueFrom(ctx, types.StringType, u.Headers)
	resp.Diagnostics.Append(d...)
	m.Name = types.StringValue(u.Name)
	m.SignedURI = types.StringValue(u.SignedURI)
	m.Headers = headers
	m.URIExpirationTime = types.StringValue(u.URIExpirationTime)
	resp.Diagnostics.Append(resp.Result.Set(ctx, &m)...)
	// Private data must be JSON: the name as a JSON string.
	private, _ := json.Marshal(u.Name)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateUploadURI, private)...)
	tflog.Debug(ctx, "upload address issued", map[string]any{"name": u.Name, "uri_expiration_time": u.URIExpirationTime})
}

// Close revokes the address at the end of the run. One the service no
// longer knows (its data file was deleted in the run) is gone already.
func (e *migrationUploadEphemeralResource) Close(ctx context.Context, req ephemeral.CloseRequest, resp *ephemeral.CloseResponse) {
	if !framework.RequireConfigured(e.PD, &resp.Diagnostics) {
		return
	}
	ctx = e.PD.logContext(ctx)
	raw, d := req.Private.GetKey(ctx, privateUploadURI)
	resp.Diagnostics.Append(d...)
	var name string
	if len(raw) == 0 || json.Unmarshal(raw, &name) != nil || name == "" {
		return
	}
	if err := e.PD.client.RevokeUploadURI(ctx, name); err != nil && !client.IsNotFound(err) {
		resp.Diagnostics.AddError("Could not revoke the upload address "+name, framework.ErrorDetail(err))
		return
	}
	tflog.Debug(ctx, "upload address revoked", map[string]any{"name": name})
}
