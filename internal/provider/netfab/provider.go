// Package netfab is the Terraform provider of the netfab network-connectivity
// service: it orders and manages cloud routers, ports, internet-exchange
// connections and NAT gateways, and reads the vendor's catalogue.
package netfab

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/float64validator"
	"github.com/hashicorp/terraform-plugin-framework/action"
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

	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/validate"
)

// Environments maps each named environment to its API address. Besides
// these names, `environment` accepts an https URL, which is how the local
// sandbox on another port, or a test's sandbox, is reached.
var Environments = map[string]string{
	"sandbox":    "https://127.0.0.1:18443",
	"staging":    "https://api-staging.netfab.example",
	"production": "https://api.netfab.example",
}

// DefaultEnvironment is used when `environment` is not set: the local
// sandbox that `sandbox serve` runs, so that a new user can try the provider
// without an account.
const DefaultEnvironment = "sandbox"

// DefaultWaitTime is how long create and update wait for provisioning.
const DefaultWaitTime = 10 * time.Minute

var (
	_ provider.Provider                       = (*netfabProvider)(nil)
	_ provider.ProviderWithListResources      = (*netfabProvider)(nil)
	_ provider.ProviderWithActions            = (*netfabProvider)(nil)
	_ provider.ProviderWithEphemeralResources = (*netfabProvider)(nil)
)

type netfabProvider struct {
	version string
}

// New returns the provider constructor that Terraform and the Pulumi bridge
// serve.
func New(version string) func() provider.Provider {
	return func() provider.Provider { return &netfabProvider{version: version} }
}

type providerModel struct {
	AcceptPurchaseTerms types.Bool    `tfsdk:"accept_purchase_terms"`
	AccessKey           types.String  `tfsdk:"access_key"`
	Environment         types.String  `tfsdk:"environment"`
	SecretKey           types.String  `tfsdk:"secret_key"`
	WaitTime            types.Float64 `tfsdk:"wait_time"`
}

// providerData is what Configure hands to every resource and data source.
type providerData struct {
	client   *client.Client
	waitTime time.Duration
	// endpoint is the API's base address, which netfab_access_token
	// hands to other tools with its token.
	endpoint string
}

// The bases every resource, data source, ephemeral resource and action
// embeds: its type name and the provider data, so that it has no Metadata or
// Configure of its own.
type (
	resourceBase   = framework.ResourceBase[providerData]
	dataSourceBase = framework.DataSourceBase[providerData]
	ephemeralBase  = framework.EphemeralResourceBase[providerData]
	actionBase     = framework.ActionBase[providerData]
)

func (p *netfabProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "netfab"
	resp.Version = p.version
}

func (p *netfabProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Orders and manages netfab network-connectivity products: cloud routers (MCR), ports, " +
			"internet-exchange connections, NAT gateways and their filters, and reads the vendor's catalogue.",
		Attributes: map[string]schema.Attribute{
			"accept_purchase_terms": schema.BoolAttribute{
				Optional: true,
				Description: "Indicates acceptance of the API terms; ordering products costs money. Must be true to use " +
					"the provider. Can be set with `NETFAB_ACCEPT_PURCHASE_TERMS`.",
			},
			"access_key": schema.StringAttribute{
				Optional:    true,
				Description: "API access key. Can be set with `NETFAB_ACCESS_KEY`.",
			},
			"secret_key": schema.StringAttribute{
				Optional:    true,
				Sensitive:   true,
				Description: "API secret key. Can be set with `NETFAB_SECRET_KEY`.",
			},
			"environment": schema.StringAttribute{
				Optional: true,
				Description: "Target environment: `sandbox` (the default, the local reference service that " +
					"`sandbox serve` runs on https://127.0.0.1:18443), `staging`, `production`, or the https base URL " +
					"of an API endpoint. Can be set with `NETFAB_ENVIRONMENT`.",
				Validators: []validator.String{environmentValidator()},
			},
			"wait_time": schema.Float64Attribute{
				Optional: true,
				Description: "Minutes to wait for a product to be provisioned on create and update; fractions are allowed. " +
					"Default 10. When the wait runs out, the product stays in state and the next apply waits again.",
				Validators: []validator.Float64{float64validator.AtLeast(0.01)},
			},
		},
	}
}

func (p *netfabProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var cfg providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if cfg.AccessKey.IsUnknown() || cfg.SecretKey.IsUnknown() || cfg.Environment.IsUnknown() {
		// Values from other resources are not known yet during plan; the
		// provider is configured again once they are.
		return
	}

	accepted := cfg.AcceptPurchaseTerms.ValueBool()
	if cfg.AcceptPurchaseTerms.IsNull() {
		if v, ok := os.LookupEnv("NETFAB_ACCEPT_PURCHASE_TERMS"); ok {
			b, err := strconv.ParseBool(v)
			if err != nil {
				resp.Diagnostics.AddAttributeError(path.Root("accept_purchase_terms"), "Invalid NETFAB_ACCEPT_PURCHASE_TERMS",
					fmt.Sprintf("NETFAB_ACCEPT_PURCHASE_TERMS must be true or false, not %q.", v))
				return
			}
			accepted = b
		}
	}
	if !accepted {
		resp.Diagnostics.AddAttributeError(path.Root("accept_purchase_terms"), "Purchase terms not accepted",
			"accept_purchase_terms must be true (or NETFAB_ACCEPT_PURCHASE_TERMS=true): the provider orders products that are billed.")
	}
	accessKey := framework.StringFromConfigOrEnv(cfg.AccessKey, "NETFAB_ACCESS_KEY")
	secretKey := framework.StringFromConfigOrEnv(cfg.SecretKey, "NETFAB_SECRET_KEY")
	if accessKey == "" {
		resp.Diagnostics.AddAttributeError(path.Root("access_key"), "Missing access key",
			"Set access_key in the provider configuration or NETFAB_ACCESS_KEY.")
	}
	if secretKey == "" {
		resp.Diagnostics.AddAttributeError(path.Root("secret_key"), "Missing secret key",
			"Set secret_key in the provider configuration or NETFAB_SECRET_KEY.")
	}
	if resp.Diagnostics.HasError() {
		return
	}

	environment := framework.StringFromConfigOrEnv(cfg.Environment, EnvEnvironment)
	if environment == "" {
		environment = DefaultEnvironment
	}
	if cfg.Environment.IsNull() && environment != DefaultEnvironment {
		// The attribute's validator has not seen a value from the
		// environment variable.
		if err := validateEnvironment(environment); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("environment"), "Invalid "+EnvEnvironment,
				fmt.Sprintf("%s %s, not %q.", EnvEnvironment, err, environment))
			return
		}
	}
	baseURL := environmentURL(environment)

	waitTime := DefaultWaitTime
	if !cfg.WaitTime.IsNull() {
		waitTime = time.Duration(cfg.WaitTime.ValueFloat64() * float64(time.Minute))
	}

	ctx = tflog.MaskFieldValuesWithFieldKeys(ctx, "secret_key")
	ctx = tflog.MaskMessageStrings(ctx, secretKey)
	c, err := client.New(client.Config{
		BaseURL:   baseURL,
		AccessKey: accessKey,
		SecretKey: secretKey,
		UserAgent: "terraform-provider-netfab/" + p.version,
	})
	if err != nil {
		resp.Diagnostics.AddError("Could not create the netfab client", framework.ErrorDetail(err))
		return
	}
	tflog.Debug(ctx, "netfab provider configured", map[string]any{"endpoint": baseURL, "wait_time": waitTime.String()})
	data := &providerData{client: c, waitTime: waitTime, endpoint: baseURL}
	resp.ResourceData = data
	resp.DataSourceData = data
	resp.ListResourceData = data
	resp.ActionData = data
	resp.EphemeralResourceData = data
}

func (p *netfabProvider) EphemeralResources(context.Context) []func() ephemeral.EphemeralResource {
	return []func() ephemeral.EphemeralResource{NewAccessTokenEphemeralResource}
}

func (p *netfabProvider) Resources(context.Context) []func() resource.Resource {
	// Every resource has an identity (Terraform 1.12+): framework.WithIdentity.
	return []func() resource.Resource{
		framework.WithIdentity(NewIxResource),
		framework.WithIdentity(NewLagPortResource),
		framework.WithIdentity(NewMcrResource),
		framework.WithIdentity(NewMcrIpsecAddonResource),
		framework.WithIdentity(NewMcrPrefixFilterListResource),
		framework.WithIdentity(NewMveResource),
		framework.WithIdentity(NewNatGatewayResource),
		framework.WithIdentity(NewNatGatewayPacketFilterResource),
		framework.WithIdentity(NewNatGatewayPrefixListResource),
		framework.WithIdentity(NewPortResource),
		framework.WithIdentity(NewServiceKeyResource),
		framework.WithIdentity(NewVxcResource),
	}
}

// ListResources are the list resources (Terraform 1.14+, `terraform query`),
// each named as the resource type it lists.
func (p *netfabProvider) ListResources(context.Context) []func() list.ListResource {
	return []func() list.ListResource{
		NewIxListResource,
		NewLagPortListResource,
		NewMcrListResource,
		NewMcrIpsecAddonListResource,
		NewMcrPrefixFilterListListResource,
		NewMveListResource,
		NewNatGatewayListResource,
		NewNatGatewayPacketFilterListResource,
		NewNatGatewayPrefixListListResource,
		NewPortListResource,
		NewServiceKeyListResource,
		NewVxcListResource,
	}
}

// Actions are the operations that are not resources (Terraform 1.14+).
func (p *netfabProvider) Actions(context.Context) []func() action.Action {
	return []func() action.Action{
		NewProductLockAction,
	}
}

func (p *netfabProvider) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{
		NewLocationDataSource,
		NewMcrPrefixFilterListsDataSource,
		NewMcrsDataSource,
		NewMveImagesDataSource,
		NewMveSizesDataSource,
		NewMvesDataSource,
		NewNatGatewaySessionsDataSource,
		NewPartnerDataSource,
		NewVxcsDataSource,
	}
}

// environmentURL resolves an environment name or URL to the API address.
func environmentURL(environment string) string {
	if u, ok := Environments[environment]; ok {
		return u
	}
	return environment
}

// EnvEnvironment sets environment when the provider block does not, so
// that a configuration runs unchanged against a sandbox on another address
// (`sandbox env` prints it then).
const EnvEnvironment = "NETFAB_ENVIRONMENT"

// environmentValidator accepts a named environment or an https URL.
func environmentValidator() validator.String {
	return validate.StringFunc("must be sandbox, staging, production or an https URL", validateEnvironment)
}

func validateEnvironment(s string) error {
	if _, ok := Environments[s]; ok {
		return nil
	}
	if u, err := url.Parse(s); err == nil && u.Scheme == "https" && u.Host != "" {
		return nil
	}
	return errors.New("must be one of sandbox, staging, production, or an https:// URL")
}
