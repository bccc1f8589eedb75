package orchcli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	cliapi "github.com/iacsuite/providers/internal/api/orchcli"
	client "github.com/iacsuite/providers/internal/client/orch"
)

var (
	showFormat      string
	showPassword    bool
	listFormat      string
	upgradeVersion  string
	upgradeFormat   string
	destroyFlags    cliapi.DestroyFlags
	destroyNoPrompt bool
	runStateDir     string
)

func init() {
	commands = append(commands,
		&command{
			name:    "controllers",
			summary: "list the controllers of the data directory",
			usage:   "[--format human|json]",
			help:    "Lists the controllers this data directory holds, with their status: running, stopped (no process) or incomplete (a bootstrap that did not finish).",
			flags: func(fs *flag.FlagSet) {
				fs.StringVar(&listFormat, "format", "human", "output `format`: human or json")
			},
			run: listControllers,
		},
		&command{
			name:    cliapi.CommandShowController,
			summary: "show the details of controllers",
			usage:   "[--format human|json] [--show-password] [<controller-name> ...]",
			help: `Shows the details of the named controllers (all of them when none is
named): API addresses, CA certificate, UUID, admin user, agent version,
cloud, status and process. With --format json the answer is an object keyed
by controller name. The admin password is shown only with --show-password.`,
			flags: func(fs *flag.FlagSet) {
				fs.StringVar(&showFormat, "format", "human", "output `format`: human or json")
				fs.BoolVar(&showPassword, "show-password", false, "include the admin password")
			},
			run: showControllers,
		},
		&command{
			name:    cliapi.CommandUpgradeController,
			summary: "upgrade a controller to a newer patch version",
			usage:   "<controller-name> --agent-version <version>",
			help: `Upgrades the controller in place to a higher patch version of its own
major.minor series (3.6.9 to 3.6.23, never 3.6 to 3.7, never down): its
agent restarts with the new version on the same address, keeping its state,
models and credentials. Available versions: ` + strings.Join(api.AgentVersions, ", ") + `.`,
			flags: func(fs *flag.FlagSet) {
				fs.StringVar(&upgradeVersion, "agent-version", "", "the `version` to upgrade to (required)")
				fs.StringVar(&upgradeFormat, "format", "human", "output `format`: human or json")
			},
			run: upgradeController,
		},
		&command{
			name:    cliapi.CommandDestroyController,
			summary: "destroy a controller and remove its state",
			usage:   "<controller-name> [flags]",
			help: `Destroys the controller: its process stops and its state directory is
removed. A controller that still hosts models (besides its controller model)
is destroyed only with --destroy-all-models; when those models hold storage,
--destroy-storage or --release-storage says what becomes of it. --force goes
on when a model cannot be destroyed cleanly, or when the controller does not
answer. Asks for confirmation unless --no-prompt is given.`,
			flags: func(fs *flag.FlagSet) {
				destroyFlags = cliapi.DestroyFlags{}
				fs.BoolVar(&destroyFlags.DestroyAllModels, cliapi.FlagDestroyAllModels, false, "destroy the models the controller hosts")
				fs.BoolVar(&destroyFlags.DestroyStorage, cliapi.FlagDestroyStorage, false, "destroy the storage of those models")
				fs.BoolVar(&destroyFlags.ReleaseStorage, cliapi.FlagReleaseStorage, false, "release the storage of those models from the controller, without destroying it")
				fs.BoolVar(&destroyFlags.Force, cliapi.FlagForce, false, "go on despite errors")
				fs.DurationVar(&destroyFlags.ModelTimeout, cliapi.FlagModelTimeout, 0, "how long to wait for each model to be destroyed (`duration`; default no limit)")
				fs.BoolVar(&destroyNoPrompt, "no-prompt", false, "do not ask for confirmation")
			},
			run: destroyController,
		},
		&command{
			name:    "run-controller",
			summary: "run a controller's process (started by bootstrap; not for direct use)",
			usage:   "<controller-name>",
			help:    "Runs the process of a bootstrapped controller until SIGTERM or until its state directory is removed. bootstrap and upgrade-controller start it.",
			hidden:  true,
			flags: func(fs *flag.FlagSet) {
				fs.StringVar(&runStateDir, "state-dir", "", "the controller's state `directory` (named so that process listings show it)")
			},
			run: func(ctx context.Context, e *env, _ *flag.FlagSet, args []string) error {
				if len(args) != 1 {
					return usagef("run-controller takes the controller name")
				}
				return runController(ctx, e.data, args[0])
			},
		},
	)
}

func listControllers(_ context.Context, e *env, _ *flag.FlagSet, args []string) error {
	if len(args) > 0 {
		return usagef("controllers takes no arguments")
	}
	if listFormat != "human" && listFormat != "json" {
		return usagef("--format must be human or json, not %q", listFormat)
	}
	names, err := e.data.names()
	if err != nil {
		return err
	}
	all := map[string]cliapi.Details{}
	for _, n := range names {
		d, err := e.data.details(n)
		if err != nil {
			return err
		}
		all[n] = withoutSecrets(d)
	}
	if listFormat == "json" {
		return printJSON(e.stdout, all)
	}
	if len(names) == 0 {
		fmt.Fprintf(e.stdout, "No controllers in %s. Bootstrap one with orch bootstrap.\n", e.data)
		return nil
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "Controller\tStatus\tCloud/Region\tVersion\tAddresses")
	for _, n := range names {
		d := all[n]
		cloud := d.Cloud
		if d.Region != "" {
			cloud += "/" + d.Region
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", n, d.Status, cloud, d.AgentVersion, strings.Join(d.APIAddresses, ","))
	}
	return tw.Flush()
}

func showControllers(_ context.Context, e *env, _ *flag.FlagSet, args []string) error {
	if showFormat != "human" && showFormat != "json" {
		return usagef("--format must be human or json, not %q", showFormat)
	}
	names := args
	if len(names) == 0 {
		var err error
		if names, err = e.data.names(); err != nil {
			return err
		}
	}
	all := map[string]cliapi.Details{}
	for _, n := range names {
		d, err := e.data.details(n)
		if err != nil {
			return err
		}
		if !showPassword {
			d = withoutSecrets(d)
		}
		all[n] = d
	}
	if showFormat == "json" {
		return printJSON(e.stdout, all)
	}
	for i, n := range names {
		d := all[n]
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		fmt.Fprintf(e.stdout, "%s:\n  status: %s\n", n, d.Status)
		if d.ProcessID != 0 {
			fmt.Fprintf(e.stdout, "  process: %d\n", d.ProcessID)
		}
		if d.UUID != "" {
			fmt.Fprintf(e.stdout, "  controller-uuid: %s\n  api-endpoints: %s\n  agent-version: %s\n  cloud: %s\n  region: %s\n  user: %s\n",
				d.UUID, strings.Join(d.APIAddresses, ", "), d.AgentVersion, d.Cloud, d.Region, d.Username)
			if showPassword {
				fmt.Fprintf(e.stdout, "  password: %s\n", d.Password)
			}
			fmt.Fprintf(e.stdout, "  ca-cert: |\n    %s\n", strings.ReplaceAll(strings.TrimSpace(d.CACert), "\n", "\n    "))
		}
		fmt.Fprintf(e.stdout, "  state-directory: %s\n", d.StateDirectory)
	}
	return nil
}

func upgradeController(ctx context.Context, e *env, _ *flag.FlagSet, args []string) error {
	if len(args) != 1 {
		return usagef("upgrade-controller takes the controller name")
	}
	if upgradeVersion == "" {
		return usagef("--agent-version is required")
	}
	name := args[0]
	d, err := e.data.details(name)
	if err != nil {
		return err
	}
	if d.Status == "incomplete" {
		return fmt.Errorf("controller %q was not bootstrapped completely; destroy it with orch destroy-controller %s", name, name)
	}
	if err := api.CheckAgentUpgrade(d.AgentVersion, upgradeVersion); err != nil {
		return err
	}
	if err := api.CheckAgentVersionKnown(upgradeVersion); err != nil {
		return err
	}
	spec, err := e.data.readAgent(name)
	if err != nil {
		return err
	}
	from := spec.AgentVersion
	spec.AgentVersion = upgradeVersion
	if len(d.APIAddresses) > 0 {
		spec.Address = d.APIAddresses[0]
	}
	// The agent restarts with the new version, on the same address and
	// store: the same controller, upgraded.
	if err := stopAgent(e.data, name); err != nil {
		return err
	}
	if err := writeJSON(e.data.file(name, agentFile), spec); err != nil {
		return err
	}
	if _, _, err := startAgent(e.data, name, time.Minute); err != nil {
		return fmt.Errorf("the controller %q did not restart with agent %s: %w (its state is kept in %s)", name, upgradeVersion, err, e.data.stateDir(name))
	}
	d.AgentVersion = upgradeVersion
	stored := d
	stored.StateDirectory, stored.Status, stored.ProcessID = "", "", 0
	if err := writeJSON(e.data.file(name, controllerFile), stored); err != nil {
		return err
	}
	if upgradeFormat == "json" {
		return printJSON(e.stdout, cliapi.Upgrade{Controller: name, From: from, To: upgradeVersion})
	}
	fmt.Fprintf(e.stdout, "Controller %q upgraded from %s to %s.\n", name, from, upgradeVersion)
	return nil
}

func destroyController(ctx context.Context, e *env, _ *flag.FlagSet, args []string) error {
	if len(args) != 1 {
		return usagef("destroy-controller takes the controller name")
	}
	f := destroyFlags
	if f.DestroyStorage && f.ReleaseStorage {
		return usagef("--destroy-storage and --release-storage exclude each other")
	}
	name := args[0]
	d, err := e.data.details(name)
	if err != nil {
		return err
	}
	if !destroyNoPrompt {
		fmt.Fprintf(e.stderr, "This destroys the controller %q and removes its state in %s.\nContinue? (y/N): ", name, d.StateDirectory)
		answer, _ := bufio.NewReader(e.stdin).ReadString('\n')
		if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
			return errors.New("controller not destroyed")
		}
	}
	if d.Status == "running" {
		if err := destroyModels(ctx, e, d, f); err != nil {
			if !f.Force {
				return err
			}
			fmt.Fprintf(e.stderr, "WARNING %v; going on (--force)\n", err)
		}
	}
	if err := stopAgent(e.data, name); err != nil {
		return err
	}
	if err := os.RemoveAll(d.StateDirectory); err != nil {
		return fmt.Errorf("the controller %q is stopped, but removing its state directory failed: %w", name, err)
	}
	fmt.Fprintf(e.stdout, "Controller %q destroyed.\n", name)
	return nil
}

// destroyModels destroys the models the controller hosts, as the flags
// allow.
func destroyModels(ctx context.Context, e *env, d cliapi.Details, f cliapi.DestroyFlags) error {
	c, err := client.New(client.Config{Addresses: d.APIAddresses, Username: d.Username, Password: d.Password,
		CACertificate: d.CACert, UserAgent: "orch/" + Version})
	if err != nil {
		return err
	}
	models, err := c.Models(ctx, "", "")
	if err != nil {
		return fmt.Errorf("cannot reach controller %q: %w (--force removes it anyway)", d.Name, err)
	}
	var hosted []api.Model
	for _, m := range models {
		if m.Name == ControllerModel && m.Owner == d.Username {
			continue
		}
		hosted = append(hosted, m)
	}
	if len(hosted) == 0 {
		return nil
	}
	var names []string
	withStorage := false
	for _, m := range hosted {
		names = append(names, m.Owner+"/"+m.Name)
		apps, err := c.Applications(ctx, m.UUID)
		if err != nil {
			return err
		}
		for _, a := range apps {
			if len(a.Storage) > 0 {
				withStorage = true
			}
		}
	}
	if !f.DestroyAllModels {
		return fmt.Errorf("controller %q hosts %d model(s) (%s): destroy them first, or use --destroy-all-models", d.Name, len(hosted), strings.Join(names, ", "))
	}
	if withStorage && !f.DestroyStorage && !f.ReleaseStorage {
		return fmt.Errorf("the models of controller %q hold storage: use --destroy-storage to destroy it or --release-storage to release it", d.Name)
	}
	for _, m := range hosted {
		fmt.Fprintf(e.stderr, "Destroying model %s/%s...\n", m.Owner, m.Name)
		mctx, cancel := ctx, context.CancelFunc(func() {})
		if f.ModelTimeout > 0 {
			mctx, cancel = context.WithTimeout(ctx, f.ModelTimeout)
		}
		if f.Force {
			err = c.ForceDestroyModel(mctx, m.UUID)
		} else {
			err = c.DestroyModel(mctx, m.UUID)
		}
		cancel()
		if err != nil && !client.IsNotFound(err) {
			return fmt.Errorf("destroying model %s/%s: %w", m.Owner, m.Name, err)
		}
	}
	return nil
}
