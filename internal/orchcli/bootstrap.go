package orchcli

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"

	api "github.com/iacsuite/providers/internal/api/orch"
	cliapi "github.com/iacsuite/providers/internal/api/orchcli"
	client "github.com/iacsuite/providers/internal/client/orch"
)

// builtinClouds are the clouds every controller knows, with the credential
// it has for each.
var builtinClouds = map[string]struct{ typ, credential string }{
	"localhost": {api.CloudTypeLXD, "localhost"},
	"microk8s":  {api.CloudTypeKubernetes, "microk8s"},
}

// ControllerModel is the model every controller is bootstrapped with, owned
// by the admin user, holding the controller machine.
const ControllerModel = "controller"

type bootstrapArgs struct {
	cloudFile, credentialFile           string
	agentVersion, base                  string
	bootstrapCons, modelCons            string
	storagePool                         string
	format                              string
	config, controllerConfig            kvFlag
	controllerModelConfig, modelDefault kvFlag
}

var bootstrapFlags bootstrapArgs

func init() {
	commands = append(commands, &command{
		name:    cliapi.CommandBootstrap,
		summary: "start a new controller",
		usage:   "[flags] <cloud>[/<region>] [<controller-name>]",
		help: `Starts a new controller on the cloud: a process of its own, listening on a
loopback port the system chooses, with its own state directory, TLS
certificate and admin password. Then it adds the cloud and its credential,
creates the controller model ("controller") with its machine 0, the initial
storage pool and the controller configuration. When a step fails the
controller is stopped and its state removed, and the error says which step.

The clouds localhost (lxd) and microk8s (kubernetes) are built in; describe
any other with --cloud-file, a JSON object {"name", "type", "auth_types",
"endpoint", "ca_certificates", "config", "host_cloud_region", "region":
{"name", "endpoint", "identity_endpoint", "storage_endpoint"}}.
--credential-file is a JSON object {"name", "auth_type", "attributes"}; "-"
reads it from standard input, which keeps secrets off the command line.

The controller name defaults to the cloud name (and region). The details,
admin password included, are printed as JSON with --format json.

Bootstrap options (--config):` + optionList(api.BootstrapConfigKeys),
		flags: func(fs *flag.FlagSet) {
			a := &bootstrapFlags
			*a = bootstrapArgs{config: kvFlag{}, controllerConfig: kvFlag{}, controllerModelConfig: kvFlag{}, modelDefault: kvFlag{}}
			fs.StringVar(&a.cloudFile, "cloud-file", "", "JSON `file` describing the cloud (not needed for built-in clouds)")
			fs.StringVar(&a.credentialFile, "credential-file", "", "JSON `file` of the cloud credential, - for standard input (default: the built-in cloud's own)")
			fs.StringVar(&a.agentVersion, "agent-version", "", "agent `version` to run (default the latest stable, "+api.LatestAgentVersion()+")")
			fs.StringVar(&a.base, "bootstrap-base", "", "`base` of the controller machine, such as ubuntu@24.04")
			fs.StringVar(&a.bootstrapCons, "bootstrap-constraints", "", "`constraints` of the controller machine, such as \"cores=2 mem=4G\"")
			fs.StringVar(&a.modelCons, "constraints", "", "`constraints` of workload machines, set on the controller model")
			fs.StringVar(&a.storagePool, "storage-pool", "", "initial storage pool of the controller model, \"name=<name> type=<type> [<key>=<value> ...]\"")
			fs.StringVar(&a.format, "format", "human", "output `format`: human or json")
			fs.Var(a.config, "config", "bootstrap option `key=value`, or a JSON file of them (repeatable)")
			fs.Var(a.controllerConfig, "controller-config", "controller configuration `key=value`, or a JSON file of them (repeatable)")
			fs.Var(a.controllerModelConfig, "controller-model-config", "configuration `key=value` of the controller model, or a JSON file of them (repeatable)")
			fs.Var(a.modelDefault, "model-default", "configuration `key=value` every model gets unless it sets the key, or a JSON file of them (repeatable)")
		},
		run: func(ctx context.Context, e *env, _ *flag.FlagSet, args []string) error {
			return bootstrap(ctx, e, &bootstrapFlags, args)
		},
	})
}

func optionList(keys map[string]api.ModelConfigKey) string {
	names := make([]string, 0, len(keys))
	for k := range keys {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = "\n  " + n + ": " + keys[n].Description
	}
	return strings.Join(parts, "")
}

var nameCleanRE = regexp.MustCompile(`[^a-z0-9-]+`)

// bootstrapPlan is a checked bootstrap, before anything exists.
type bootstrapPlan struct {
	name, region string
	cloud        cliapi.CloudSpec
	builtin      bool
	credential   *cliapi.CredentialSpec
	spec         agentSpec
	timeout      time.Duration
	pool         *api.CreateStoragePoolRequest
	a            *bootstrapArgs
}

func planBootstrap(e *env, a *bootstrapArgs, args []string) (*bootstrapPlan, error) {
	if len(args) < 1 || len(args) > 2 {
		return nil, usagef("bootstrap takes the cloud and, optionally, the controller name")
	}
	if a.format != "human" && a.format != "json" {
		return nil, usagef("--format must be human or json, not %q", a.format)
	}
	p := &bootstrapPlan{a: a}
	cloudName, region, _ := strings.Cut(args[0], "/")
	p.region = region
	if a.cloudFile != "" {
		raw, err := os.ReadFile(a.cloudFile)
		if err != nil {
			return nil, fmt.Errorf("--cloud-file: %w", err)
		}
		if err := strictJSON(raw, &p.cloud); err != nil {
			return nil, fmt.Errorf("--cloud-file %s: %w", a.cloudFile, err)
		}
		if p.cloud.Name == "" {
			p.cloud.Name = cloudName
		}
		if p.cloud.Name != cloudName {
			return nil, usagef("the cloud %q of the command line is not the cloud %q of --cloud-file", cloudName, p.cloud.Name)
		}
		if p.cloud.Region != nil && region != "" && p.cloud.Region.Name != region {
			return nil, usagef("the region %q of the command line is not the region %q of --cloud-file", region, p.cloud.Region.Name)
		}
		if p.cloud.Region != nil {
			p.region = p.cloud.Region.Name
		}
	} else {
		b, ok := builtinClouds[cloudName]
		if !ok {
			return nil, usagef("the cloud %q is not built in (built in: localhost, microk8s): describe it with --cloud-file", cloudName)
		}
		p.cloud = cliapi.CloudSpec{Name: cloudName, Type: b.typ}
	}
	if b, ok := builtinClouds[p.cloud.Name]; ok {
		if p.cloud.Type != "" && p.cloud.Type != b.typ {
			return nil, fmt.Errorf("the built-in cloud %q is of type %s, not %s", p.cloud.Name, b.typ, p.cloud.Type)
		}
		p.builtin = true
	} else if p.cloud.Type == "" || len(p.cloud.AuthTypes) == 0 {
		return nil, fmt.Errorf("--cloud-file: the cloud %q needs a type and auth_types", p.cloud.Name)
	}

	if a.credentialFile != "" {
		var raw []byte
		var err error
		if a.credentialFile == "-" {
			raw, err = io.ReadAll(e.stdin)
		} else {
			raw, err = os.ReadFile(a.credentialFile)
		}
		if err != nil {
			return nil, fmt.Errorf("--credential-file: %w", err)
		}
		p.credential = &cliapi.CredentialSpec{}
		if err := strictJSON(raw, p.credential); err != nil {
			// The content is secret: never echo it.
			return nil, fmt.Errorf("--credential-file: not a JSON object {\"name\", \"auth_type\", \"attributes\"}: %s", jsonProblem(err))
		}
		if p.credential.Name == "" || p.credential.AuthType == "" {
			return nil, errors.New("--credential-file: the credential needs a name and an auth_type")
		}
	} else if !p.builtin {
		return nil, usagef("the cloud %q needs a credential: give it with --credential-file", p.cloud.Name)
	}

	p.name = cloudName
	if p.region != "" {
		p.name += "-" + p.region
	}
	p.name = strings.Trim(nameCleanRE.ReplaceAllString(strings.ToLower(p.name), "-"), "-")
	if len(args) == 2 {
		p.name = args[1]
	}
	if err := checkControllerName(p.name); err != nil {
		return nil, err
	}
	if e.data.exists(p.name) {
		return nil, fmt.Errorf("a controller named %q already exists in %s: choose another name, or remove it with orch destroy-controller %s", p.name, e.data, p.name)
	}

	version := a.agentVersion
	if version == "" {
		version = api.LatestAgentVersion()
	}
	if err := api.CheckAgentVersionKnown(version); err != nil {
		return nil, fmt.Errorf("--agent-version: %w", err)
	}

	// Bootstrap options.
	p.timeout = time.Minute
	for _, k := range sortedKeys(a.config) {
		key, ok := api.BootstrapConfigKeys[k]
		if !ok {
			return nil, fmt.Errorf("--config %s: not a bootstrap option (options: %s)", k, strings.Join(sortedKeys(api.BootstrapConfigKeys), ", "))
		}
		if err := api.CheckOptionValue(key.Type, a.config[k]); err != nil {
			return nil, fmt.Errorf("--config %s: %w", k, err)
		}
	}
	if v := a.config["bootstrap-timeout"]; v != "" {
		p.timeout, _ = time.ParseDuration(v)
	}
	password := a.config["admin-secret"]
	if password == "" {
		password = rand.Text()
	} else if len(password) < 8 {
		return nil, errors.New("--config admin-secret: the admin password needs at least 8 characters")
	}
	for _, k := range sortedKeys(a.controllerConfig) {
		key, ok := api.ControllerConfigKeys[k]
		if !ok {
			return nil, fmt.Errorf("--controller-config %s: not a controller configuration key (keys: %s)", k, strings.Join(sortedKeys(api.ControllerConfigKeys), ", "))
		}
		if err := api.CheckOptionValue(key.Type, a.controllerConfig[k]); err != nil {
			return nil, fmt.Errorf("--controller-config %s: %w", k, err)
		}
	}
	for flagName, cfg := range map[string]kvFlag{"--controller-model-config": a.controllerModelConfig, "--model-default": a.modelDefault} {
		for _, k := range sortedKeys(cfg) {
			key, ok := api.ModelConfigKeys[k]
			if !ok {
				return nil, fmt.Errorf("%s %s: not a model configuration key", flagName, k)
			}
			if err := api.CheckOptionValue(key.Type, cfg[k]); err != nil {
				return nil, fmt.Errorf("%s %s: %w", flagName, k, err)
			}
		}
	}
	if a.storagePool != "" {
		pool := &api.CreateStoragePoolRequest{Attributes: map[string]string{}}
		for _, f := range strings.Fields(a.storagePool) {
			k, v, ok := strings.Cut(f, "=")
			if !ok {
				return nil, usagef("--storage-pool: %q is not key=value", f)
			}
			switch k {
			case "name":
				pool.Name = v
			case "type":
				pool.Provider = v
			default:
				pool.Attributes[k] = v
			}
		}
		if pool.Name == "" || pool.Provider == "" {
			return nil, usagef("--storage-pool needs name=<name> and type=<type>")
		}
		p.pool = pool
	}
	p.spec = agentSpec{
		Name: p.name, UUID: uuid.NewString(), AgentVersion: version, AdminPassword: password,
		ModelDefaults: a.modelDefault, Address: "127.0.0.1:0", ProvisionDelay: a.config["provisioning-delay"],
	}
	return p, nil
}

func bootstrap(ctx context.Context, e *env, a *bootstrapArgs, args []string) (err error) {
	p, err := planBootstrap(e, a, args)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(e.data.controllersDir(), 0o700); err != nil {
		return err
	}
	if err := os.Mkdir(e.data.stateDir(p.name), 0o700); err != nil {
		if errors.Is(err, os.ErrExist) {
			return fmt.Errorf("a controller named %q already exists in %s", p.name, e.data)
		}
		return err
	}
	step := "writing the controller's state"
	progress := func(s string) {
		step = s
		fmt.Fprintf(e.stderr, "%s...\n", strings.ToUpper(s[:1])+s[1:])
	}
	defer func() {
		if err == nil {
			return
		}
		// Nothing of a failed bootstrap stays: the process is stopped and
		// the state removed. What cannot be undone is said.
		err = fmt.Errorf("bootstrap of controller %q failed while %s: %w", p.name, step, err)
		if serr := stopAgent(e.data, p.name); serr != nil {
			err = fmt.Errorf("%w; stopping its process also failed (%w): run orch destroy-controller %s --force", err, serr, p.name)
			return
		}
		if rerr := os.RemoveAll(e.data.stateDir(p.name)); rerr != nil {
			err = fmt.Errorf("%w; removing its state directory %s also failed (%w): remove it by hand", err, e.data.stateDir(p.name), rerr)
			return
		}
		err = fmt.Errorf("%w\nThe controller was stopped and its state removed", err)
	}()

	progress(fmt.Sprintf("creating controller %q (agent %s) in %s", p.name, p.spec.AgentVersion, e.data.stateDir(p.name)))
	if err := writeJSON(e.data.file(p.name, agentFile), p.spec); err != nil {
		return err
	}
	progress("starting the controller process")
	addr, pid, err := startAgent(e.data, p.name, p.timeout)
	if err != nil {
		return err
	}
	caPEM, err := os.ReadFile(e.data.file(p.name, "sandbox-ca.pem"))
	if err != nil {
		return err
	}
	// The process listens on the address the system chose; it keeps it
	// across restarts.
	p.spec.Address = addr
	if err := writeJSON(e.data.file(p.name, agentFile), p.spec); err != nil {
		return err
	}
	c, err := client.New(client.Config{Addresses: []string{addr}, Username: "admin", Password: p.spec.AdminPassword,
		CACertificate: string(caPEM), UserAgent: "orch/" + Version})
	if err != nil {
		return err
	}
	progress("logging in to the controller at " + addr)
	info, err := c.Login(ctx)
	if err != nil {
		return err
	}
	credentialName, err := addCloud(ctx, c, p, progress)
	if err != nil {
		return err
	}
	progress("creating the controller model")
	m, err := c.CreateModel(ctx, api.CreateModelRequest{Name: ControllerModel, Cloud: p.cloud.Name, Region: p.region,
		Credential: credentialName, Config: p.a.controllerModelConfig, Constraints: p.a.modelCons})
	if err != nil {
		return err
	}
	progress("adding the controller machine")
	if _, err := c.AddMachine(ctx, m.UUID, api.CreateMachineRequest{Base: p.a.base, Constraints: p.a.bootstrapCons}); err != nil {
		return err
	}
	if p.pool != nil {
		progress(fmt.Sprintf("adding the storage pool %q", p.pool.Name))
		if _, err := c.AddStoragePool(ctx, m.UUID, *p.pool); err != nil {
			return err
		}
	}
	progress("applying the controller configuration")
	if _, err := c.SetControllerConfig(ctx, p.a.controllerConfig, true); err != nil {
		return err
	}
	det := cliapi.Details{
		Name: p.name, UUID: info.Controller.UUID, APIAddresses: info.Controller.APIAddresses, CACert: string(caPEM),
		Username: "admin", Password: p.spec.AdminPassword, AgentVersion: info.Controller.AgentVersion,
		Cloud: p.cloud.Name, Region: m.Region, Credential: credentialName, BootstrapBase: p.a.base,
		ModelDefaults: p.a.modelDefault, ModelCons: p.a.modelCons, BootstrapCons: p.a.bootstrapCons,
		StoragePool: p.a.storagePool, CreatedAt: time.Now().UTC(),
		Bootstrap: &cliapi.BootstrapRecord{
			Cloud: p.cloud, Credential: p.credential, AgentVersion: p.spec.AgentVersion, Base: p.a.base,
			Config: p.a.config, ControllerConfig: p.a.controllerConfig, ControllerModelConfig: p.a.controllerModelConfig,
			ModelDefaults: p.a.modelDefault, BootstrapConstraints: p.a.bootstrapCons, ModelConstraints: p.a.modelCons,
		},
	}
	if p.pool != nil {
		det.Bootstrap.StoragePool = &cliapi.PoolSpec{Name: p.pool.Name, Type: p.pool.Provider, Attributes: p.pool.Attributes}
	}
	step = "recording the controller"
	if err := writeJSON(e.data.file(p.name, controllerFile), det); err != nil {
		return err
	}
	det.StateDirectory, det.Status, det.ProcessID = e.data.stateDir(p.name), "running", pid
	if p.a.format == "json" {
		// The admin password is the point; the credential given is not echoed.
		out := withoutSecrets(det)
		out.Password = det.Password
		return printJSON(e.stdout, out)
	}
	fmt.Fprintf(e.stdout, "Bootstrap complete: controller %q is running at %s (agent %s, uuid %s).\n"+
		"Log in as admin; orch show-controller %s --show-password prints the password.\n",
		p.name, strings.Join(det.APIAddresses, ","), det.AgentVersion, det.UUID, p.name)
	return nil
}

// addCloud makes sure the controller has the cloud and the credential,
// and returns the credential's name.
func addCloud(ctx context.Context, c *client.Client, p *bootstrapPlan, progress func(string)) (string, error) {
	if !p.builtin {
		progress(fmt.Sprintf("adding the cloud %q", p.cloud.Name))
		req := api.CreateCloudRequest{Name: p.cloud.Name, Type: p.cloud.Type, AuthTypes: p.cloud.AuthTypes,
			Endpoint: p.cloud.Endpoint, CACertificates: p.cloud.CACertificates}
		if r := p.cloud.Region; r != nil {
			req.Regions = []api.Region{{Name: r.Name, Endpoint: r.Endpoint, IdentityEndpoint: r.IdentityEndpoint, StorageEndpoint: r.StorageEndpoint}}
		} else if p.region != "" {
			req.Regions = []api.Region{{Name: p.region}}
		}
		if p.cloud.Type == api.CloudTypeKubernetes {
			req.Kubernetes = &api.CreateKubernetesCloud{}
		}
		if _, err := c.AddCloud(ctx, req); err != nil {
			return "", err
		}
	}
	if p.credential == nil {
		return builtinClouds[p.cloud.Name].credential, nil
	}
	progress(fmt.Sprintf("adding the credential %q", p.credential.Name))
	_, err := c.AddCredential(ctx, p.cloud.Name, api.CreateCredentialRequest{Name: p.credential.Name, AuthType: p.credential.AuthType, Attributes: p.credential.Attributes})
	var apiErr *client.APIError
	if errors.As(err, &apiErr) && apiErr.Code == api.CodeAlreadyExists {
		// A built-in cloud's credential of that name: it becomes the one given.
		_, err = c.UpdateCredential(ctx, p.cloud.Name, "admin", p.credential.Name,
			api.UpdateCredentialRequest{AuthType: p.credential.AuthType, Attributes: p.credential.Attributes})
	}
	return p.credential.Name, err
}

func strictJSON(raw []byte, v any) error {
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// jsonProblem describes a decoding error without the decoded text.
func jsonProblem(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Sprintf("syntax error at byte %d", syn.Offset)
	case errors.As(err, &typ):
		return fmt.Sprintf("field %s has the wrong type", typ.Field)
	case strings.HasPrefix(err.Error(), "json: unknown field"):
		return err.Error()
	}
	return "cannot decode it"
}

func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
