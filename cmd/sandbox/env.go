package main

import (
	"bytes"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// envFileName is the file, in the state directory, holding what `sandbox
// serve` printed for the providers; `sandbox env` prints it again. It
// holds credentials of the sandbox, hence its mode 0600.
const envFileName = "sandbox.env"

// defaultNetfabAddr is the address of the netfab provider's environment
// "sandbox"; on another one, the provider block must name the URL.
const defaultNetfabAddr = "127.0.0.1:18443"

// sandboxEnv is the shell text that points each provider at the running
// services: the certificate to trust, their addresses and credentials.
func sandboxEnv(fs *flag.FlagSet, stateDir string, addrs map[string]string, secrets generated) (string, error) {
	dir, err := filepath.Abs(stateDir)
	if err != nil {
		return "", err
	}
	flagValue := func(name string) string { return fs.Lookup(name).Value.String() }
	cert := filepath.Join(dir, httpx.CertFileName)
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	export := func(name, value string) { line("export %s=%s", name, shellQuote(value)) }

	line("# The providers against this sandbox (sandbox env --state-dir %s prints this again):", shellQuote(dir))
	export("SSL_CERT_FILE", cert)
	if a, ok := addrs["netfab"]; ok {
		export("NETFAB_ACCESS_KEY", flagValue("access-key"))
		export("NETFAB_SECRET_KEY", flagValue("secret-key"))
		export("NETFAB_ACCEPT_PURCHASE_TERMS", "true")
		if a != defaultNetfabAddr {
			// Not the address of the provider's environment "sandbox".
			export("NETFAB_ENVIRONMENT", "https://"+a)
		}
	}
	if a, ok := addrs["migration"]; ok {
		export("CLOUDNATIVE_ENDPOINT", "https://"+a)
		export("CLOUDNATIVE_ACCESS_TOKEN", flagValue("migration-token"))
	}
	if a, ok := addrs["fwmgr"]; ok {
		host, port, err := net.SplitHostPort(a)
		if err != nil {
			return "", err
		}
		export("FWMGR_SERVER", host)
		export("FWMGR_PORT", port)
		export("FWMGR_USERNAME", fwmgr.DefaultUser)
		export("FWMGR_PASSWORD", flagValue("fwmgr-admin-password"))
	}
	if a, ok := addrs["orch"]; ok {
		export("ORCH_CONTROLLER_ADDRESSES", a)
		export("ORCH_USERNAME", "admin")
		if secrets.orchPassword != "" {
			export("ORCH_PASSWORD", secrets.orchPassword)
		} else {
			line("# ORCH_PASSWORD: the password of admin printed at the first start of this sandbox (or start it with --orch-admin-password)")
		}
		line(`export ORCH_CA_CERT="$(cat %s)"`, shellQuote(cert))
	}
	if a, ok := addrs["hub"]; ok {
		// The provider has one set of ORCH_* variables: hub mode takes the
		// hub's settings in place of the controller's.
		line("# The orch provider in hub mode: ORCH_CONTROLLER_ADDRESSES=$ORCH_HUB_ADDRESSES ORCH_CLIENT_ID=$ORCH_HUB_CLIENT_ID")
		line("# ORCH_CLIENT_SECRET=$ORCH_HUB_CLIENT_SECRET, without ORCH_USERNAME and ORCH_PASSWORD (ORCH_CA_CERT is the same).")
		export("ORCH_HUB_ADDRESSES", a)
		export("ORCH_HUB_CLIENT_ID", flagValue("hub-admin-client-id"))
		if secrets.hubClientSecret != "" {
			export("ORCH_HUB_CLIENT_SECRET", secrets.hubClientSecret)
		} else {
			line("# ORCH_HUB_CLIENT_SECRET: the client secret printed at the first start of this sandbox (or start it with --hub-admin-client-secret)")
		}
	}
	line("# The sandbox's other credentials (generated at its first start unless given; as SANDBOX_<FLAG>, a restart takes them):")
	for _, c := range generatedCredentials {
		export("SANDBOX_"+strings.ToUpper(strings.ReplaceAll(c.flag, "-", "_")), flagValue(c.flag))
	}
	return b.String(), nil
}

// shellQuote quotes s for a POSIX shell, unless it needs no quotes.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:@,+=") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// orchPasswordNote is how the orch service announces the password it
// generated for admin at the first start.
const orchPasswordNote = "orch: created the user admin with the password " //nolint:gosec // G101: the text before a generated password in the log

// hubSecretNote is how the hub announces the client secret it generated
// for its administrator at the first start (after the client ID).
const hubSecretNote = " with the client secret "

// generated are the credentials the services make up at their first start.
type generated struct {
	orchPassword    string
	hubClientSecret string
}

// passwordCatcher passes the services' output through and keeps the
// credentials they announce, so that the environment printed after it can
// carry them.
type passwordCatcher struct {
	w    io.Writer
	mu   sync.Mutex
	seen generated
}

func (p *passwordCatcher) Write(b []byte) (int, error) {
	catch := func(note string, into *string) {
		if _, rest, ok := bytes.Cut(b, []byte(note)); ok {
			if f := strings.Fields(string(rest)); len(f) > 0 {
				p.mu.Lock()
				*into = f[0]
				p.mu.Unlock()
			}
		}
	}
	catch(orchPasswordNote, &p.seen.orchPassword)
	if bytes.HasPrefix(b, []byte("hub: created the service account ")) {
		catch(hubSecretNote, &p.seen.hubClientSecret)
	}
	return p.w.Write(b)
}

func (p *passwordCatcher) Seen() generated {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.seen
}

// envAnnouncer prints, once the services are up, what the providers
// need to use them, and records it for `sandbox env`.
type envAnnouncer struct {
	stateDir string
	stdout   io.Writer
	// catcher is the output of the services: it keeps the password that
	// the orch service generates at its first start.
	catcher *passwordCatcher
	// previous are the ORCH_PASSWORD and ORCH_HUB_CLIENT_SECRET an earlier
	// start recorded: the services keep them from their first start.
	previous generated
}

func newEnvAnnouncer(stateDir string, stdout io.Writer) *envAnnouncer {
	e := &envAnnouncer{stateDir: stateDir, stdout: stdout, catcher: &passwordCatcher{w: stdout}}
	path := filepath.Join(stateDir, envFileName)
	if b, err := httpx.ReadStateFile(path); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "export ORCH_PASSWORD="); ok {
				e.previous.orchPassword = shellUnquote(v)
			}
			if v, ok := strings.CutPrefix(l, "export ORCH_HUB_CLIENT_SECRET="); ok {
				e.previous.hubClientSecret = shellUnquote(v)
			}
		}
	}
	// Until the services are up, `sandbox env` says so rather than print
	// what an earlier start recorded.
	_ = os.Remove(path)
	return e
}

// announce prints the environment for the started services and records it.
func (e *envAnnouncer) announce(fs *flag.FlagSet, started []running) error {
	addrs := map[string]string{}
	for _, r := range started {
		addrs[r.name] = r.ln.Addr().String()
	}
	seen := e.catcher.Seen()
	secrets := generated{
		orchPassword:    cmp.Or(fs.Lookup("orch-admin-password").Value.String(), seen.orchPassword, e.previous.orchPassword),
		hubClientSecret: cmp.Or(fs.Lookup("hub-admin-client-secret").Value.String(), seen.hubClientSecret, e.previous.hubClientSecret),
	}
	text, err := sandboxEnv(fs, e.stateDir, addrs, secrets)
	if err != nil {
		return err
	}
	if err := httpx.WriteStateFile(filepath.Join(e.stateDir, envFileName), []byte(text)); err != nil {
		return err
	}
	_, err = io.WriteString(e.stdout, text)
	return err
}

// shellUnquote undoes shellQuote.
func shellUnquote(s string) string {
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return strings.ReplaceAll(s[1:len(s)-1], `'\''`, "'")
	}
	return s
}

// envCommand is `sandbox env`: it prints again what `sandbox serve`
// printed for the providers, for the sandbox running on the state
// directory.
func envCommand(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sandbox env", flag.ContinueOnError)
	fs.SetOutput(stderr)
	stateDir := fs.String("state-dir", ".sandbox", "state directory of the running sandbox")
	if err := flagsFromEnv(fs); err != nil {
		return err
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	}
	// What it prints is evaluated by a shell: only from the running
	// user's own state directory.
	if err := httpx.CheckStateDir(*stateDir); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if !alive(*stateDir) {
		return fmt.Errorf("no sandbox is running on the state directory %s; start it with: sandbox serve --state-dir %s", *stateDir, *stateDir)
	}
	b, err := httpx.ReadStateFile(filepath.Join(*stateDir, envFileName))
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("the sandbox on %s is still starting; try again", *stateDir)
	}
	if err != nil {
		return err
	}
	_, err = stdout.Write(b)
	return err
}

// alive reports whether the process of the state directory's pid file
// is alive.
func alive(stateDir string) bool {
	b, err := os.ReadFile(filepath.Join(stateDir, "sandbox.pid"))
	if err != nil {
		return false
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return false
	}
	return syscall.Kill(pid, 0) == nil || errors.Is(syscall.Kill(pid, 0), syscall.EPERM)
}
