package orchcli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"strings"

	api "github.com/iacsuite/providers/internal/api/orch"
	cliapi "github.com/iacsuite/providers/internal/api/orchcli"
	client "github.com/iacsuite/providers/internal/client/orch"
)

// The commands that change a bootstrapped controller's secrets in place:
// at the controller and in the CLI's records of it, so that show-controller,
// a restart (upgrade-controller) and whoever reads the records later see the
// new ones. Secrets come in files (or standard input), never on the command
// line.

var (
	passwordFile      string
	updateCredentialF string
)

func init() {
	commands = append(commands,
		&command{
			name:    cliapi.CommandChangeAdminPassword,
			summary: "change the admin password of a controller",
			usage:   "<controller-name> --password-file <file>",
			help: `Changes the password of the controller's user admin, at the controller and
in this data directory's records of it. The new password (at least 8
characters) is the content of --password-file ("-" for standard input),
without its final newline.`,
			flags: func(fs *flag.FlagSet) {
				fs.StringVar(&passwordFile, "password-file", "", "`file` holding the new password, - for standard input (required)")
			},
			run: changeAdminPassword,
		},
		&command{
			name:    cliapi.CommandUpdateCredential,
			summary: "update the cloud credential of a controller",
			usage:   "<controller-name> --credential-file <file>",
			help: `Replaces the attributes (and auth type) of the cloud credential the controller
was bootstrapped with, at the controller and in this data directory's
records of it. --credential-file is a JSON object {"name", "auth_type",
"attributes"} ("-" for standard input) whose name is the bootstrapped
credential's.`,
			flags: func(fs *flag.FlagSet) {
				fs.StringVar(&updateCredentialF, "credential-file", "", "JSON `file` of the credential, - for standard input (required)")
			},
			run: updateCredential,
		},
	)
}

func readSecretFile(e *env, flagName, p string) ([]byte, error) {
	if p == "" {
		return nil, usagef("--%s is required", flagName)
	}
	var raw []byte
	var err error
	if p == "-" {
		raw, err = io.ReadAll(e.stdin)
	} else {
		raw, err = os.ReadFile(p)
	}
	if err != nil {
		return nil, fmt.Errorf("--%s: %w", flagName, err)
	}
	return raw, nil
}

// runningController is the details of a controller whose process runs, and
// a client logged in to it as admin with the recorded password.
func runningController(e *env, name string) (cliapi.Details, *client.Client, error) {
	d, err := e.data.details(name)
	if err != nil {
		return d, nil, err
	}
	if d.Status != "running" {
		return d, nil, fmt.Errorf("controller %q is %s: its process does not run", name, d.Status)
	}
	c, err := client.New(client.Config{Addresses: d.APIAddresses, Username: d.Username, Password: d.Password,
		CACertificate: d.CACert, UserAgent: "orch/" + Version})
	if err != nil {
		return d, nil, err
	}
	return d, c, nil
}

// storeDetails writes the controller's records back (without what
// details adds of the moment).
func storeDetails(e *env, d cliapi.Details) error {
	d.StateDirectory, d.Status, d.ProcessID = "", "", 0
	return writeJSON(e.data.file(d.Name, controllerFile), d)
}

func changeAdminPassword(ctx context.Context, e *env, _ *flag.FlagSet, args []string) error {
	if len(args) != 1 {
		return usagef("%s takes the controller name", cliapi.CommandChangeAdminPassword)
	}
	raw, err := readSecretFile(e, "password-file", passwordFile)
	if err != nil {
		return err
	}
	password := strings.TrimSuffix(strings.TrimSuffix(string(raw), "\n"), "\r")
	if len(password) < 8 {
		return errors.New("--password-file: the admin password needs at least 8 characters")
	}
	name := args[0]
	d, c, err := runningController(e, name)
	if err != nil {
		return err
	}
	spec, err := e.data.readAgent(name)
	if err != nil {
		return err
	}
	if _, err := c.UpdateUser(ctx, d.Username, api.UpdateUserRequest{Password: &password}); err != nil {
		return fmt.Errorf("controller %q: %w", name, err)
	}
	// The agent sets the admin password from its spec at every start.
	spec.AdminPassword = password
	if err := writeJSON(e.data.file(name, agentFile), spec); err != nil {
		return err
	}
	d.Password = password
	if d.Bootstrap != nil {
		if _, ok := d.Bootstrap.Config["admin-secret"]; ok {
			b := *d.Bootstrap
			b.Config = maps.Clone(b.Config)
			b.Config["admin-secret"] = password
			d.Bootstrap = &b
		}
	}
	if err := storeDetails(e, d); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "Changed the password of %s on controller %q.\n", d.Username, name)
	return nil
}

func updateCredential(ctx context.Context, e *env, _ *flag.FlagSet, args []string) error {
	if len(args) != 1 {
		return usagef("%s takes the controller name", cliapi.CommandUpdateCredential)
	}
	raw, err := readSecretFile(e, "credential-file", updateCredentialF)
	if err != nil {
		return err
	}
	var cred cliapi.CredentialSpec
	if err := strictJSON(raw, &cred); err != nil {
		// The content is secret: never echo it.
		return fmt.Errorf("--credential-file: not a JSON object {\"name\", \"auth_type\", \"attributes\"}: %s", jsonProblem(err))
	}
	name := args[0]
	d, c, err := runningController(e, name)
	if err != nil {
		return err
	}
	if d.Bootstrap == nil || d.Bootstrap.Credential == nil {
		return fmt.Errorf("controller %q was bootstrapped with its cloud's built-in credential, which cannot be updated", name)
	}
	if cred.Name != d.Bootstrap.Credential.Name || cred.AuthType == "" {
		return fmt.Errorf("--credential-file: give the name of the bootstrapped credential, %q, and an auth_type", d.Bootstrap.Credential.Name)
	}
	if _, err := c.UpdateCredential(ctx, d.Bootstrap.Cloud.Name, d.Username, cred.Name,
		api.UpdateCredentialRequest{AuthType: cred.AuthType, Attributes: cred.Attributes}); err != nil {
		return fmt.Errorf("controller %q: %w", name, err)
	}
	b := *d.Bootstrap
	b.Credential = &cred
	d.Bootstrap = &b
	if err := storeDetails(e, d); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "Updated the credential %q of controller %q.\n", cred.Name, name)
	return nil
}
