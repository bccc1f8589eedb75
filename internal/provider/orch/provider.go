// Package orch is the Terraform provider of the orchestration controller:
// clouds, credentials, models, machines, applications deployed from charms,
// integrations, offers and secrets, managed on one controller in direct mode
// (username and password), or through a hub in hub mode (OAuth 2.0 client
// credentials), which adds the hub's groups, roles, grants and controllers.
package orch

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	hubclient "github.com/iacsuite/providers/internal/client/hub"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/provider/orch/shared"
)

// DefaultControllerAddresses is where `sandbox serve` runs the controller,
// and the seed's default.
const DefaultControllerAddresses = "localhost:17070"

// Environment variables of the provider configuration.
const (
	EnvCACert              = "ORCH_CA_CERT"
	EnvClientID            = shared.EnvClientID // the hub's messages name it too
	EnvClientSecret        = shared.EnvClientSecret
	EnvControllerAddresses = "ORCH_CONTROLLER_ADDRESSES"
	EnvPassword            = "ORCH_PASSWORD"
	EnvSkipFailedDeletion  = "ORCH_SKIP_FAILED_DELETION"
	EnvUsername            = "ORCH_USERNAME"
)

var (
	_ provider.Provider                       = (*orchProvider)(nil)
	_ provider.ProviderWithListResources      = (*orchProvider)(nil)
	_ provider.ProviderWithActions            = (*orchProvider)(nil)
	_ provider.ProviderWithEphemeralResources = (*orchProvider)(nil)
)

type orchProvider struct {
	version string
}

// New returns the provider constructor that Terraform and the Pulumi bridge
// serve.
func New(version string) func() provider.Provider {
	return func() provider.Provider { return &orchProvider{version: version} }
}

type providerModel struct {
	CACertificate       types.String `tfsdk:"ca_certificate"`
	ClientID            types.String `tfsdk:"client_id"`
	ClientSecret        types.String `tfsdk:"client_secret"`
	ControllerAddresses types.String `tfsdk:"controller_addresses"`
	ControllerMode      types.Bool   `tfsdk:"controller_mode"`
	LazyAPICheck        types.Bool   `tfsdk:"lazy_api_check"`
	OfferingControllers types.Map    `tfsdk:"offering_controllers"`
	Password            types.String `tfsdk:"password"`
	SkipFailedDeletion  types.Bool   `tfsdk:"skip_failed_deletion"`
	Username            types.String `tfsdk:"username"`
}

// providerData is what Configure hands to every resource and data source.
type providerData struct {
	client             *client.Client
	skipFailedDeletion bool
	// lazyAPICheck skips the plan-time checks that ask the controller
	// when a resource is planned for creation (upstream's lazy_api_check).
	lazyAPICheck bool
	// hub is the hub's client in hub mode (client_id and client_secret),
	// nil in direct mode; client then calls the hub's model operations.
	hub *hubclient.Client
	// controllerMode: only orch_controller, which needs no client.
	controllerMode bool
	// offering are the clients of offering_controllers, by name.
	offering map[string]*client.Client
}

// resourceBase and dataSourceBase are embedded by every resource and data
// source: they name the type and receive the provider data, through Admit.
type (
	resourceBase   = framework.ResourceBase[providerData]
	dataSourceBase = framework.DataSourceBase[providerData]
	ephemeralBase  = framework.EphemeralResourceBase[providerData]
	actionBase     = framework.ActionBase[providerData]
)

// Admit is the controller_mode rule for the type orch_<name>: in controller
// mode only orch_controller is served, and orch_controller only in
// controller mode.
func (pd *providerData) Admit(name string, diags *diag.Diagnostics) bool {
	typeName := "orch_" + name
	switch {
	case typeName == enableHATypeName:
		// It connects to the controller its configuration names, with the
		// credentials given there, in either mode.
		return true
	case pd.controllerMode && typeName != controllerTypeName:
		// The summary is upstream's, which users search for; the detail
		// names the type and the way out.
		diags.AddError("when controller_mode is true this resource cannot be used.",
			typeName+" is not available in controller_mode: the provider has controller_mode = true, which restricts it to "+
				controllerTypeName+" resources. Manage "+typeName+" with a provider configuration without "+
				"controller_mode (for example an aliased provider block connecting to the bootstrapped controller with its "+
				"api_addresses, username, password and ca_cert).")
		return false
	case !pd.controllerMode && typeName == controllerTypeName:
		diags.AddError("when controller_mode is false this resource cannot be used.",
			controllerTypeName+" needs controller_mode: it bootstraps controllers with the orch CLI and is managed only by a provider configuration "+
				"with controller_mode = true, which needs no username or password. Set controller_mode = true in the "+
				"provider block (an aliased one if this configuration also manages models).")
		return false
	}
	return true
}

func (p *orchProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "orch"
	resp.Version = p.version
}

func (p *orchProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Manages an orchestration controller: clouds, credentials, models, machines, applications " +
			"deployed from charms, integrations, offers and secrets. Connects directly to a controller with " +
			"`username` and `password` (direct mode), or to a hub in front of several controllers with " +
			"`client_id` and `client_secret` (hub mode), which adds the hub's groups, roles, access grants and " +
			"registered controllers, and places models on a `target_controller`.",
		Attributes: map[string]schema.Attribute{
			"ca_certificate": schema.StringAttribute{
				Optional: true,
				Description: "PEM certificate used to identify the controller when it has a self-signed certificate. " +
					"When set, it is the only certificate authority trusted for the controller (or the hub); the system's are not. " +
					"Can be set with `" + EnvCACert + "`. Without it the system's trusted certificates are used.",
			},
			"client_id": schema.StringAttribute{
				Optional: true,
				Description: "OAuth 2.0 client ID created by an external identity provider. Setting it (with " +
					"`client_secret`) selects hub mode: `controller_addresses` are then the hub's addresses, and the " +
					"`orch_hub_*` resources and `target_controller` of models become available. Can be set with `" +
					EnvClientID + "`. Conflicts with `username` and `password`.",
				Validators: []validator.String{stringvalidator.ConflictsWith(path.MatchRoot("username"), path.MatchRoot("password"))},
			},
			"client_secret": schema.StringAttribute{
				Optional:    true,
				Sensitive:   true,
				Description: "OAuth 2.0 client secret, for hub mode. Can be set with `" + EnvClientSecret + "`.",
				Validators:  []validator.String{stringvalidator.ConflictsWith(path.MatchRoot("username"), path.MatchRoot("password"))},
			},
			"controller_addresses": schema.StringAttribute{
				Optional: true,
				Description: "Controller API addresses, `<host>:<port>,<host>:<port>,...`. Default `" +
					DefaultControllerAddresses + "`. Can be set with `" + EnvControllerAddresses + "`. When an " +
					"address does not answer, the next one is tried.",
				Validators: []validator.String{addressesValidator{}},
			},
			"controller_mode": schema.BoolAttribute{
				Optional: true,
				Description: "When true, only `orch_controller` resources may be managed (they bootstrap controllers " +
					"with the orch CLI), and no connection setting is needed; any other resource or data source is " +
					"refused. `orch_controller` is available only in controller mode.",
			},
			"offering_controllers": schema.MapNestedAttribute{
				Optional: true,
				Description: "Controllers that hold offers consumed by cross-controller integrations, keyed by " +
					"controller name; an `orch_integration` application element or the `orch_offer` data source " +
					"names one with `offering_controller`. The provider logs in there to read the offer and its " +
					"consume details, and hands them to the consuming controller, which registers the integration " +
					"with the offering controller itself. An offering controller is reached directly, with `username` and " +
					"`password` of a user of it, never through a hub.",
				Validators: []validator.Map{offeringControllersValidator{}},
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"controller_addresses": schema.StringAttribute{Required: true, Description: "`<host>:<port>,...` of the offering controller.", Validators: []validator.String{addressesValidator{}}},
					"username":             schema.StringAttribute{Optional: true, Description: "User name on the offering controller."},
					"password":             schema.StringAttribute{Optional: true, Sensitive: true, Description: "Password on the offering controller."},
					"ca_certificate":       schema.StringAttribute{Optional: true, Description: "PEM certificate of the offering controller, when it is self-signed; when set, the only certificate authority trusted for it."},
				}},
			},
			"password": schema.StringAttribute{
				Optional:    true,
				Sensitive:   true,
				Description: "Password of the user. Can be set with `" + EnvPassword + "`.",
			},
			"lazy_api_check": schema.BoolAttribute{
				Optional: true,
				Description: "When true, planning the creation of resources does not ask the controller (as upstream's " +
					"setting): the checks that need it, such as an application's `config` against its charm, run at " +
					"apply instead. Plans of updates still read the controller. The provider never connects at " +
					"configure time, with or without it. Default false.",
			},
			"skip_failed_deletion": schema.BoolAttribute{
				Optional: true,
				Description: "When a delete fails, issue a warning, forget the object and go on instead of failing. " +
					"Default false. Can be set with `" + EnvSkipFailedDeletion + "`.",
			},
			"username": schema.StringAttribute{
				Optional:    true,
				Description: "Registered user name. Can be set with `" + EnvUsername + "`.",
			},
		},
	}
}

// settings is the resolved provider configuration: attributes first, then
// their ORCH_ variables, then defaults.
type settings struct {
	addresses          []string
	username           string
	password           string
	caCertificate      string
	clientID           string
	clientSecret       string
	skipFailedDeletion bool
	hubMode            bool
	controllerMode     bool
}

func resolve(cfg providerModel) (settings, diag.Diagnostics) {
	var diags diag.Diagnostics
	s := settings{
		username:      framework.StringFromConfigOrEnv(cfg.Username, EnvUsername),
		password:      framework.StringFromConfigOrEnv(cfg.Password, EnvPassword),
		caCertificate: framework.StringFromConfigOrEnv(cfg.CACertificate, EnvCACert),
		clientID:      framework.StringFromConfigOrEnv(cfg.ClientID, EnvClientID),
		clientSecret:  framework.StringFromConfigOrEnv(cfg.ClientSecret, EnvClientSecret),
	}
	addrs := framework.StringFromConfigOrEnv(cfg.ControllerAddresses, EnvControllerAddresses)
	if addrs == "" {
		addrs = DefaultControllerAddresses
	}
	list, err := client.ParseAddresses(addrs)
	if err != nil {
		diags.AddAttributeError(path.Root("controller_addresses"), "Invalid controller_addresses",
			fmt.Sprintf("controller_addresses (or %s) is a comma-separated list of host:port addresses: %v.", EnvControllerAddresses, err))
	}
	s.addresses = list

	s.skipFailedDeletion = cfg.SkipFailedDeletion.ValueBool()
	if cfg.SkipFailedDeletion.IsNull() {
		if v, ok := os.LookupEnv(EnvSkipFailedDeletion); ok && v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				diags.AddAttributeError(path.Root("skip_failed_deletion"), "Invalid "+EnvSkipFailedDeletion,
					fmt.Sprintf("%s must be true or false, not %q.", EnvSkipFailedDeletion, v))
			}
			s.skipFailedDeletion = b
		}
	}

	s.controllerMode = cfg.ControllerMode.ValueBool()
	if s.controllerMode {
		// Bootstrapping needs no connection to a controller.
		return s, diags
	}
	if s.clientID != "" || s.clientSecret != "" {
		// Hub mode: the client credentials are the identity; a username
		// and password from the environment are not used.
		s.hubMode = true
		if s.clientID == "" {
			diags.AddAttributeError(path.Root("client_id"), "Missing client_id",
				"Hub mode needs the OAuth 2.0 client ID with the client secret: set client_id in the provider configuration or "+EnvClientID+".")
		}
		if s.clientSecret == "" {
			diags.AddAttributeError(path.Root("client_secret"), "Missing client_secret",
				"Hub mode needs the OAuth 2.0 client secret with the client ID: set client_secret in the provider configuration or "+EnvClientSecret+".")
		}
		if s.username != "" || s.password != "" {
			diags.AddWarning("username and password are not used in hub mode",
				"client_id and client_secret select hub mode, so the username and password (from "+EnvUsername+" and "+
					EnvPassword+") are ignored. Unset them to silence this warning.")
			s.username, s.password = "", ""
		}
		return s, diags
	}
	if s.username == "" {
		diags.AddAttributeError(path.Root("username"), "Missing username",
			"Direct mode needs a user: set username in the provider configuration or "+EnvUsername+".")
	}
	if s.password == "" {
		diags.AddAttributeError(path.Root("password"), "Missing password",
			"Direct mode needs the user's password: set password in the provider configuration or "+EnvPassword+".")
	}
	return s, diags
}

func (p *orchProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var cfg providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if cfg.Username.IsUnknown() || cfg.Password.IsUnknown() || cfg.ControllerAddresses.IsUnknown() ||
		cfg.CACertificate.IsUnknown() || cfg.ClientID.IsUnknown() || cfg.ClientSecret.IsUnknown() ||
		cfg.OfferingControllers.IsUnknown() {
		// Values from other resources are not known yet during plan; the
		// provider is configured again once they are.
		return
	}
	s, diags := resolve(cfg)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	if s.controllerMode {
		tflog.Debug(ctx, "orch provider configured in controller mode: orch_controller only, no controller connection")
		data := &providerData{controllerMode: true, skipFailedDeletion: s.skipFailedDeletion}
		resp.ResourceData = data
		resp.DataSourceData = data
		resp.ListResourceData = data
		resp.EphemeralResourceData = data
		resp.ActionData = data
		return
	}
	ctx = tflog.MaskFieldValuesWithFieldKeys(ctx, "password", "client_secret")
	ctx = tflog.MaskMessageStrings(ctx, s.password)
	if s.hubMode {
		data, err := p.configureHub(ctx, s)
		if err != nil {
			resp.Diagnostics.AddError("Could not create the hub client", framework.ErrorDetail(err))
			return
		}
		data.lazyAPICheck = cfg.LazyAPICheck.ValueBool()
		resp.ResourceData = data
		resp.DataSourceData = data
		resp.ListResourceData = data
		resp.EphemeralResourceData = data
		resp.ActionData = data
		return
	}
	c, err := client.New(client.Config{
		Addresses:     s.addresses,
		Username:      s.username,
		Password:      s.password,
		CACertificate: s.caCertificate,
		UserAgent:     "terraform-provider-orch/" + p.version,
	})
	if err != nil {
		resp.Diagnostics.AddError("Could not create the orch client", framework.ErrorDetail(err))
		return
	}
	tflog.Debug(ctx, "orch provider configured", map[string]any{
		"controller_addresses": strings.Join(s.addresses, ","), "username": s.username,
		"skip_failed_deletion": s.skipFailedDeletion,
	})
	offering, d := offeringControllers(ctx, cfg.OfferingControllers, "terraform-provider-orch/"+p.version)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	data := &providerData{client: c, skipFailedDeletion: s.skipFailedDeletion, offering: offering, lazyAPICheck: cfg.LazyAPICheck.ValueBool()}
	resp.ResourceData = data
	resp.DataSourceData = data
	resp.ListResourceData = data
	resp.EphemeralResourceData = data
	resp.ActionData = data
}

// configureHub makes the clients of hub mode: the hub's own client, and the
// controller client that calls the hub's model operations, sharing one
// token per client ID in the process.
func (p *orchProvider) configureHub(ctx context.Context, s settings) (*providerData, error) {
	ctx = tflog.MaskMessageStrings(ctx, s.clientSecret)
	hc, err := hubclient.New(hubclient.Config{
		Addresses:     s.addresses,
		ClientID:      s.clientID,
		ClientSecret:  s.clientSecret,
		CACertificate: s.caCertificate,
		UserAgent:     "terraform-provider-orch/" + p.version,
		Shared:        true,
	})
	if err != nil {
		return nil, err
	}
	c, err := client.New(client.Config{
		Addresses:     s.addresses,
		CACertificate: s.caCertificate,
		UserAgent:     "terraform-provider-orch/" + p.version,
		Token:         hc.Tokens().Token,
	})
	if err != nil {
		return nil, err
	}
	tflog.Debug(ctx, "orch provider configured in hub mode", map[string]any{
		"controller_addresses": strings.Join(s.addresses, ","), "client_id": s.clientID,
		"skip_failed_deletion": s.skipFailedDeletion,
	})
	return &providerData{client: c, hub: hc, skipFailedDeletion: s.skipFailedDeletion}, nil
}

func (p *orchProvider) Resources(context.Context) []func() resource.Resource {
	return resources
}

// ListResources are the list resources (Terraform 1.14+, `terraform query`).
func (p *orchProvider) ListResources(context.Context) []func() list.ListResource {
	return listResources
}

func (p *orchProvider) DataSources(context.Context) []func() datasource.DataSource {
	return dataSources
}

func (p *orchProvider) EphemeralResources(context.Context) []func() ephemeral.EphemeralResource {
	return ephemeralResources
}

func (p *orchProvider) Actions(context.Context) []func() action.Action {
	return actions
}

// addressesValidator checks `<host>:<port>,<host>:<port>,...`.
type addressesValidator struct{}

func (addressesValidator) Description(context.Context) string {
	return "must be <host>:<port> addresses separated by commas"
}

func (v addressesValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (addressesValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if _, err := client.ParseAddresses(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid controller addresses", fmt.Sprintf("%s %s.", req.Path, err))
	}
}
