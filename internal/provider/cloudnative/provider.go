// Package cloudnative is the Terraform provider of the cloud-migration
// service (API v1alpha1, docs/api/migration.md): import jobs and the import
// data files inside them, whose content is uploaded to a signed address.
package cloudnative

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	migrationapi "github.com/iacsuite/providers/internal/api/migration"
	client "github.com/iacsuite/providers/internal/client/migration"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/validate"
)

// DefaultEndpoint is the API address used when none is configured: the local
// sandbox that `sandbox serve` runs, so that a new user can try the provider
// without an account.
const DefaultEndpoint = "https://127.0.0.1:18444"

// DefaultOperationTimeout bounds the wait for one long-running operation.
const DefaultOperationTimeout = 20 * time.Minute

// Environment variables the provider configuration falls back to.
const (
	EnvAccessToken      = "CLOUDNATIVE_ACCESS_TOKEN" //nolint:gosec // G101: an environment variable name
	EnvProject          = "CLOUDNATIVE_PROJECT"
	EnvLocation         = "CLOUDNATIVE_LOCATION"
	EnvImportJobID      = "CLOUDNATIVE_IMPORT_JOB_ID"
	EnvEndpoint         = "CLOUDNATIVE_ENDPOINT"
	EnvOperationTimeout = "CLOUDNATIVE_OPERATION_TIMEOUT"
)

var (
	_ provider.ProviderWithEphemeralResources = (*cloudnativeProvider)(nil)
	_ provider.ProviderWithListResources      = (*cloudnativeProvider)(nil)
)

type cloudnativeProvider struct {
	version string
}

// New returns the provider constructor that Terraform and the Pulumi bridge
// serve.
func New(version string) func() provider.Provider {
	return func() provider.Provider { return &cloudnativeProvider{version: version} }
}

type providerModel struct {
	Project          types.String `tfsdk:"project"`
	Location         types.String `tfsdk:"location"`
	ImportJobID      types.String `tfsdk:"import_job_id"`
	Endpoint         types.String `tfsdk:"endpoint"`
	AccessToken      types.String `tfsdk:"access_token"`
	OperationTimeout types.String `tfsdk:"operation_timeout"`
}

// providerData is what Configure hands to every resource.
type providerData struct {
	client *client.Client
	// project and location are the defaults of resources that set none;
	// empty when the provider has none.
	project, location string
	// importJobID is the parent job of data files that name none; empty
	// when the provider has none.
	importJobID      string
	operationTimeout time.Duration
	accessToken      string
}

// signatureInURL matches the signature of a signed upload address, a
// credential that must not reach the logs.
var signatureInURL = regexp.MustCompile(migrationapi.QuerySignature + `=[0-9A-Fa-f]+`)

// logContext masks the provider's secrets in everything logged through ctx.
func (pd *providerData) logContext(ctx context.Context) context.Context {
	ctx = tflog.MaskFieldValuesWithFieldKeys(ctx, "access_token", "signed_uri")
	ctx = tflog.MaskAllFieldValuesRegexes(ctx, signatureInURL)
	ctx = tflog.MaskMessageRegexes(ctx, signatureInURL)
	if pd.accessToken != "" {
		ctx = tflog.MaskAllFieldValuesStrings(ctx, pd.accessToken)
		ctx = tflog.MaskMessageStrings(ctx, pd.accessToken)
	}
	return ctx
}

func (p *cloudnativeProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "cloudnative"
	resp.Version = p.version
}

func (p *cloudnativeProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Manages import jobs and import data files of the cloud-migration service (API v1alpha1, a " +
			"preview). An import data file returns a signed address to upload its content to.",
		Attributes: map[string]schema.Attribute{
			"project": schema.StringAttribute{
				Optional: true,
				Description: "Project of resources that set no `project`. Can be set with `" + EnvProject + "`. " +
					"1 to 63 lowercase letters, digits and hyphens, starting with a letter.",
				Validators: []validator.String{idValidator()},
			},
			"location": schema.StringAttribute{
				Optional: true,
				Description: "Location (region) of resources that set no `location`, such as `us-central1`. Can be set " +
					"with `" + EnvLocation + "`.",
				Validators: []validator.String{idValidator()},
			},
			"import_job_id": schema.StringAttribute{
				Optional: true,
				Description: "Import job of import data files that set no `import_job_id`: the ID (last segment of the " +
					"name) of a job in the data file's project and location, which must exist. Can be set with `" +
					EnvImportJobID + "`. With it, and `project` and `location`, a data file needs only its " +
					"`import_data_file_id`.",
				Validators: []validator.String{idValidator()},
			},
			"endpoint": schema.StringAttribute{
				Optional: true,
				Description: "https base address of the migration API. Can be set with `" + EnvEndpoint + "`. Default `" +
					DefaultEndpoint + "`, the local sandbox that `sandbox serve` runs.",
				Validators: []validator.String{httpsURLValidator()},
			},
			"access_token": schema.StringAttribute{
				Optional:  true,
				Sensitive: true,
				Description: "OAuth 2.0 bearer access token sent with every API request. Can be set with `" +
					EnvAccessToken + "` (recommended, to keep it out of the configuration). Required. The sandbox " +
					"accepts `sandbox-migration-token`.",
			},
			"operation_timeout": schema.StringAttribute{
				Optional: true,
				Description: "How long to wait for one create, update or delete operation, as a Go duration such as " +
					"`20m` or `90s`. Can be set with `" + EnvOperationTimeout + "`. Default `20m`.",
				Validators: []validator.String{durationValidator()},
			},
		},
	}
}

func (p *cloudnativeProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var cfg providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if cfg.AccessToken.IsUnknown() || cfg.Endpoint.IsUnknown() || cfg.Project.IsUnknown() ||
		cfg.Location.IsUnknown() || cfg.ImportJobID.IsUnknown() || cfg.OperationTimeout.IsUnknown() {
		// Values from other resources are not known yet during plan; the
		// provider is configured again once they are.
		return
	}
	token := framework.StringFromConfigOrEnv(cfg.AccessToken, EnvAccessToken)
	if token == "" {
		resp.Diagnostics.AddAttributeError(path.Root("access_token"), "Missing access token",
			"Set access_token in the provider configuration or the environment variable "+EnvAccessToken+".")
	}
	endpoint := framework.StringFromConfigOrEnv(cfg.Endpoint, EnvEndpoint)
	if endpoint == "" {
		endpoint = DefaultEndpoint
	} else if err := checkHTTPSURL(endpoint); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("endpoint"), "Invalid endpoint", fmt.Sprintf("endpoint %s; got %q.", err, endpoint))
	}
	project := framework.StringFromConfigOrEnv(cfg.Project, EnvProject)
	location := framework.StringFromConfigOrEnv(cfg.Location, EnvLocation)
	importJobID := framework.StringFromConfigOrEnv(cfg.ImportJobID, EnvImportJobID)
	for _, v := range []struct{ attr, value string }{{"project", project}, {"location", location}, {"import_job_id", importJobID}} {
		if v.value != "" && !migrationapi.IDRegexp.MatchString(v.value) {
			resp.Diagnostics.AddAttributeError(path.Root(v.attr), "Invalid "+v.attr,
				fmt.Sprintf("%s %q %s.", v.attr, v.value, migrationapi.IDRule))
		}
	}
	timeout := DefaultOperationTimeout
	if s := framework.StringFromConfigOrEnv(cfg.OperationTimeout, EnvOperationTimeout); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			resp.Diagnostics.AddAttributeError(path.Root("operation_timeout"), "Invalid operation_timeout",
				fmt.Sprintf("operation_timeout must be a positive Go duration such as 20m or 90s, not %q.", s))
		}
		timeout = d
	}
	if resp.Diagnostics.HasError() {
		return
	}

	pd := &providerData{project: project, location: location, importJobID: importJobID, operationTimeout: timeout, accessToken: token}
	ctx = pd.logContext(ctx)
	c, err := client.New(client.Config{
		Endpoint:    endpoint,
		AccessToken: token,
		UserAgent:   "terraform-provider-cloudnative/" + p.version,
	})
	if err != nil {
		resp.Diagnostics.AddError("Could not create the migration API client", framework.ErrorDetail(err))
		return
	}
	pd.client = c
	tflog.Debug(ctx, "cloudnative provider configured", map[string]any{
		"endpoint": c.Endpoint(), "project": project, "location": location, "import_job_id": importJobID, "operation_timeout": timeout.String(),
	})
	resp.ResourceData = pd
	resp.DataSourceData = pd
	resp.EphemeralResourceData = pd
	resp.ListResourceData = pd
}

// ListResources are the list resources (Terraform 1.14+, `terraform query`),
// each named as the resource type it lists.
func (p *cloudnativeProvider) ListResources(context.Context) []func() list.ListResource {
	return []func() list.ListResource{
		NewMigrationImportDataFileListResource,
		NewMigrationImportJobListResource,
	}
}

func (p *cloudnativeProvider) Resources(context.Context) []func() resource.Resource {
	// Every resource has an identity (Terraform 1.12+): framework.WithIdentity.
	return []func() resource.Resource{
		framework.WithIdentity(NewMigrationImportDataFileResource),
		framework.WithIdentity(NewMigrationImportJobResource),
	}
}

func (p *cloudnativeProvider) DataSources(context.Context) []func() datasource.DataSource {
	return nil
}

func (p *cloudnativeProvider) EphemeralResources(context.Context) []func() ephemeral.EphemeralResource {
	return []func() ephemeral.EphemeralResource{NewMigrationUploadEphemeralResource}
}

// checkHTTPSURL is the rule of the endpoint.
func checkHTTPSURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "https" || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		return fmt.Errorf("must be an https:// base address without a path, such as %s", DefaultEndpoint)
	}
	return nil
}

// httpsURLValidator accepts an https base address.
func httpsURLValidator() validator.String {
	return validate.StringFunc("must be an https:// base address without a path", checkHTTPSURL)
}

// durationValidator accepts a positive Go duration.
func durationValidator() validator.String {
	return validate.StringFunc("must be a positive duration such as 20m or 90s", func(s string) error {
		if d, err := time.ParseDuration(s); err != nil || d <= 0 {
			return errors.New("must be a positive Go duration such as 20m or 90s")
		}
		return nil
	})
}

// idValidator is the service's rule for project, location and resource IDs.
func idValidator() validator.String {
	return stringvalidator.RegexMatches(migrationapi.IDRegexp, migrationapi.IDRule)
}

// requestIDValidator requires a UUID that is not the all-zero UUID.
func requestIDValidator() validator.String {
	return validate.StringFunc("must be a UUID such as 7d3c1a52-9a8e-4c55-9e1a-0d0f4b5b8f11, not the all-zero UUID", func(s string) error {
		if s == "" {
			return errors.New("must be a UUID, not empty; leave it out to have one generated")
		}
		if err := migrationapi.CheckRequestID(s); err != nil {
			return fmt.Errorf("must be a valid UUID: %w", err)
		}
		return nil
	})
}
