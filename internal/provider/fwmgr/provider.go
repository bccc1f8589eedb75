// Package fwmgr is the Terraform provider of a firewall management server
// and of a firewall operating system: the management API's objects,
// services, policy and gateways (one session per provider process, every
// change published before its resource returns), and the OS API's show data
// sources and settings, inside one server-side session that parallel runs
// can share through a session file.
package fwmgr

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
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

	client "github.com/iacsuite/providers/internal/client/fwmgr"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/validate"
)

// EnvPrefix prefixes the environment variable of every setting:
// session_timeout is read from FWMGR_SESSION_TIMEOUT.
const EnvPrefix = "FWMGR_"

var (
	_ provider.ProviderWithEphemeralResources = (*fwmgrProvider)(nil)
	_ provider.ProviderWithListResources      = (*fwmgrProvider)(nil)
	_ provider.ProviderWithActions            = (*fwmgrProvider)(nil)
)

type fwmgrProvider struct {
	version string
}

// New returns the provider constructor that Terraform and the Pulumi bridge
// serve.
func New(version string) func() provider.Provider {
	return func() provider.Provider { return &fwmgrProvider{version: version} }
}

type providerModel struct {
	APIKey                  types.String `tfsdk:"api_key"`
	AutoPublishBatchSize    types.Int64  `tfsdk:"auto_publish_batch_size"`
	CloudMgmtID             types.String `tfsdk:"cloud_mgmt_id"`
	Context                 types.String `tfsdk:"context"`
	Domain                  types.String `tfsdk:"domain"`
	IgnoreServerCertificate types.Bool   `tfsdk:"ignore_server_certificate"`
	Password                types.String `tfsdk:"password"`
	Port                    types.Int64  `tfsdk:"port"`
	ProxyHost               types.String `tfsdk:"proxy_host"`
	ProxyPort               types.Int64  `tfsdk:"proxy_port"`
	Server                  types.String `tfsdk:"server"`
	SessionDescription      types.String `tfsdk:"session_description"`
	SessionFileName         types.String `tfsdk:"session_file_name"`
	SessionName             types.String `tfsdk:"session_name"`
	SessionTimeout          types.Int64  `tfsdk:"session_timeout"`
	Timeout                 types.Int64  `tfsdk:"timeout"`
	Username                types.String `tfsdk:"username"`
}

// providerData is what Configure hands to every data source.
type providerData struct {
	client *client.Client
	// mgmt runs the management API's changes of this provider process in
	// one session and publishes them (auto_publish_batch_size).
	mgmt *client.Management
}

func (p *fwmgrProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "fwmgr"
	resp.Version = p.version
}

// env names the environment variable of a setting.
func env(attr string) string { return EnvPrefix + strings.ToUpper(attr) }

// SettingEnvVars maps every provider setting to its environment variable
// (the Pulumi package declares them too).
func SettingEnvVars() map[string]string {
	var s provider.SchemaResponse
	(&fwmgrProvider{}).Schema(context.Background(), provider.SchemaRequest{}, &s)
	m := map[string]string{}
	for name := range s.Schema.Attributes {
		m[name] = env(name)
	}
	return m
}

func described(attr, text string) string {
	return fmt.Sprintf("%s Can be set with `%s`.", text, env(attr))
}

func (p *fwmgrProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	port := []validator.Int64{int64validator.Between(1, 65535)}
	resp.Schema = schema.Schema{
		Description: "Manages a firewall management server through its management API (`context = \"web_api\"`: objects, " +
			"services, policy, gateways, publish), and reads and configures a firewall operating system through its OS API " +
			"(the default: show data sources of interfaces, routing, clusters and system state; host name, DNS, NTP and time zone).",
		Attributes: map[string]schema.Attribute{
			"api_key": schema.StringAttribute{Optional: true, Sensitive: true,
				Description: described("api_key", "Administrator API key; instead of `username` and `password`."),
				Validators: []validator.String{stringvalidator.ConflictsWith(path.MatchRoot("username"), path.MatchRoot("password")),
					stringvalidator.LengthAtLeast(1)}},
			"auto_publish_batch_size": schema.Int64Attribute{Optional: true,
				Description: described("auto_publish_batch_size", "Number of changes after which the session is published "+
					"automatically (management API, `web_api`). The show data sources change nothing, so it has no effect on them."),
				Validators: []validator.Int64{int64validator.AtLeast(1)}},
			"cloud_mgmt_id": schema.StringAttribute{Optional: true,
				Description: described("cloud_mgmt_id", "Cloud management UID of a cloud-managed server; it prefixes every API path.")},
			"context": schema.StringAttribute{Optional: true,
				Description: described("context", fmt.Sprintf("Access context: `%s` (the OS API, the default; every show data "+
					"source needs it) or `%s` (the management API).", client.ContextOS, client.ContextWeb)),
				Validators: []validator.String{stringvalidator.OneOf(client.ContextOS, client.ContextWeb)}},
			"domain": schema.StringAttribute{Optional: true,
				Description: described("domain", "Log in to this domain, by name or UID.")},
			"ignore_server_certificate": schema.BoolAttribute{Optional: true,
				Description: described("ignore_server_certificate", "Do not check the server's certificate. By default it must be "+
					"trusted by the system (or `SSL_CERT_FILE`).")},
			"password": schema.StringAttribute{Optional: true, Sensitive: true,
				Description: described("password", "Administrator password, with `username`.")},
			"port": schema.Int64Attribute{Optional: true,
				Description: described("port", fmt.Sprintf("Port of the API server; default %d.", client.DefaultPort)),
				Validators:  port},
			"proxy_host": schema.StringAttribute{Optional: true,
				Description: described("proxy_host", "HTTP proxy host name or address, without a scheme (`proxy.example`, not `http://proxy.example`)."),
				Validators:  []validator.String{stringvalidator.RegexMatches(noScheme, "must be a host name or address without a scheme")}},
			"proxy_port": schema.Int64Attribute{Optional: true,
				Description: described("proxy_port", "HTTP proxy port; required with `proxy_host`."),
				Validators:  port},
			"server": schema.StringAttribute{Optional: true,
				Description: described("server", "Host name or IP address of the API server (management server or gateway), "+
					"without a scheme or path (`fw.example`, not `https://fw.example`); the port is `port`. Required."),
				Validators: []validator.String{validate.StringFunc("must be a host name or IP address without a scheme, path or port",
					client.CheckServer)}},
			"session_description": schema.StringAttribute{Optional: true,
				Description: described("session_description", "Purpose of the session, shown to other administrators.")},
			"session_file_name": schema.StringAttribute{Optional: true,
				Description: described("session_file_name", "File that stores the session ID, so that later runs, and runs "+
					"started at the same time, reuse one session instead of logging in again. Without it every run logs in.")},
			"session_name": schema.StringAttribute{Optional: true,
				Description: described("session_name", "Unique name of the session.")},
			"session_timeout": schema.Int64Attribute{Optional: true,
				Description: described("session_timeout", fmt.Sprintf("Seconds of inactivity after which the server ends the "+
					"session, %d to %d; the server's default (600) when unset.", client.MinSessionTimeout, client.MaxSessionTimeout)),
				Validators: []validator.Int64{int64validator.Between(client.MinSessionTimeout, client.MaxSessionTimeout)}},
			"timeout": schema.Int64Attribute{Optional: true,
				Description: described("timeout", fmt.Sprintf("Seconds allowed for one command, its login and retries included; "+
					"default %d, so that a server that never answers ends the run with an error naming it.", int(client.DefaultTimeout/time.Second))),
				Validators: []validator.Int64{int64validator.AtLeast(1)}},
			"username": schema.StringAttribute{Optional: true,
				Description: described("username", "Administrator name, with `password`.")},
		},
	}
}

func (p *fwmgrProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var cfg providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	r := settingReader{diags: &resp.Diagnostics}
	c := client.Config{
		Server:                  r.str(cfg.Server, "server"),
		Port:                    int(r.int(cfg.Port, "port", 1, 65535)),
		Context:                 r.str(cfg.Context, "context"),
		CloudMgmtID:             r.str(cfg.CloudMgmtID, "cloud_mgmt_id"),
		Username:                r.str(cfg.Username, "username"),
		Password:                r.str(cfg.Password, "password"),
		APIKey:                  r.str(cfg.APIKey, "api_key"),
		Domain:                  r.str(cfg.Domain, "domain"),
		SessionName:             r.str(cfg.SessionName, "session_name"),
		SessionDescription:      r.str(cfg.SessionDescription, "session_description"),
		SessionTimeout:          int(r.int(cfg.SessionTimeout, "session_timeout", client.MinSessionTimeout, client.MaxSessionTimeout)),
		SessionFileName:         r.str(cfg.SessionFileName, "session_file_name"),
		ProxyHost:               r.str(cfg.ProxyHost, "proxy_host"),
		ProxyPort:               int(r.int(cfg.ProxyPort, "proxy_port", 1, 65535)),
		IgnoreServerCertificate: r.bool(cfg.IgnoreServerCertificate, "ignore_server_certificate"),
		Timeout:                 time.Duration(r.int(cfg.Timeout, "timeout", 1, 1<<31)) * time.Second,
		UserAgent:               "terraform-provider-fwmgr/" + p.version,
	}
	batchSize := r.int(cfg.AutoPublishBatchSize, "auto_publish_batch_size", 1, 1<<31)
	if r.unknown {
		// Settings that come from other resources are not known during
		// plan; the provider is configured again once they are.
		return
	}
	if c.Context != "" && c.Context != client.ContextOS && c.Context != client.ContextWeb {
		resp.Diagnostics.AddAttributeError(path.Root("context"), "Invalid context",
			fmt.Sprintf("context (or %s) must be %q or %q, not %q.", env("context"), client.ContextOS, client.ContextWeb, c.Context))
	}
	if c.Server == "" {
		resp.Diagnostics.AddAttributeError(path.Root("server"), "Missing server",
			fmt.Sprintf("Set server in the provider configuration or %s.", env("server")))
	} else if err := client.CheckServer(c.Server); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("server"), "Invalid server",
			fmt.Sprintf("server (or %s) %s.", env("server"), err))
	}
	if c.APIKey == "" && (c.Username == "" || c.Password == "") {
		resp.Diagnostics.AddError("Missing credentials",
			fmt.Sprintf("Set api_key (%s), or username and password (%s, %s).", env("api_key"), env("username"), env("password")))
	}
	if c.APIKey != "" && c.Username != "" {
		resp.Diagnostics.AddAttributeError(path.Root("api_key"), "Two kinds of credentials",
			"api_key and username are mutually exclusive (one may come from the environment); set one kind.")
	}
	if c.ProxyHost != "" && c.ProxyPort == 0 {
		resp.Diagnostics.AddAttributeError(path.Root("proxy_port"), "Missing proxy port",
			fmt.Sprintf("proxy_port (or %s) is required with proxy_host.", env("proxy_port")))
	}
	if resp.Diagnostics.HasError() {
		return
	}
	cl, err := client.New(c)
	if err != nil {
		resp.Diagnostics.AddError("Could not configure the fwmgr provider", framework.ErrorDetail(err))
		return
	}
	tflog.Debug(ctx, "fwmgr provider configured", map[string]any{"server": c.Server, "port": c.Port, "context": cl.Context(),
		"session_file_name": c.SessionFileName})
	data := &providerData{client: cl, mgmt: cl.NewManagement(client.ManagementConfig{BatchSize: int(batchSize)})}
	resp.DataSourceData = data
	resp.ResourceData = data
	resp.EphemeralResourceData = data
	resp.ListResourceData = data
	resp.ActionData = data
}

func (p *fwmgrProvider) EphemeralResources(context.Context) []func() ephemeral.EphemeralResource {
	return []func() ephemeral.EphemeralResource{NewSessionEphemeralResource}
}

// settingReader reads each setting from the configuration or, when the
// configuration leaves it out, from its environment variable, reporting a
// malformed variable against the setting it belongs to.
type settingReader struct {
	diags   *diag.Diagnostics
	unknown bool
}

func (r *settingReader) str(v types.String, attr string) string {
	if v.IsUnknown() {
		r.unknown = true
		return ""
	}
	if !v.IsNull() {
		return v.ValueString()
	}
	return os.Getenv(env(attr))
}

func (r *settingReader) int(v types.Int64, attr string, min, max int64) int64 {
	if v.IsUnknown() {
		r.unknown = true
		return 0
	}
	if !v.IsNull() {
		return v.ValueInt64()
	}
	s, ok := os.LookupEnv(env(attr))
	if !ok || s == "" {
		return 0
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < min || n > max {
		r.diags.AddAttributeError(path.Root(attr), "Invalid "+env(attr),
			fmt.Sprintf("%s must be a whole number between %d and %d, not %q.", env(attr), min, max, s))
		return 0
	}
	return n
}

func (r *settingReader) bool(v types.Bool, attr string) bool {
	if v.IsUnknown() {
		r.unknown = true
		return false
	}
	if !v.IsNull() {
		return v.ValueBool()
	}
	s, ok := os.LookupEnv(env(attr))
	if !ok || s == "" {
		return false
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		r.diags.AddAttributeError(path.Root(attr), "Invalid "+env(attr),
			fmt.Sprintf("%s must be true or false, not %q.", env(attr), s))
	}
	return b
}

func (p *fwmgrProvider) Resources(context.Context) []func() resource.Resource {
	// The command resources (publish, install and verify policy) are
	// upstream's, kept for its configurations and superseded by actions.
	commands := []func() resource.Resource{newMgmtPublishResource, newInstallPolicyResource, newVerifyPolicyResource}
	return append(append(append(mgmtResources(), commands...), mgmtRuleResources()...), osResources()...)
}

func (p *fwmgrProvider) ListResources(context.Context) []func() list.ListResource {
	return append(append(mgmtListResources(), mgmtRuleListResources()...), osListResources()...)
}

func (p *fwmgrProvider) Actions(context.Context) []func() action.Action { return mgmtActions() }

func (p *fwmgrProvider) DataSources(context.Context) []func() datasource.DataSource {
	out := make([]func() datasource.DataSource, 0, len(showTable))
	for _, spec := range showTable {
		out = append(out, newShowDataSource(spec))
	}
	return append(append(out, mgmtDataSources()...), mgmtRuleDataSources()...)
}

var noScheme = regexp.MustCompile(`^[^/:]+$`)
