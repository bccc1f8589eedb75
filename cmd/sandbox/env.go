package main

import (
	"bytes"
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
func sandboxEnv(fs *flag.FlagSet, stateDir string, addrs map[string]string, orchPassword string) (string, error) {
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
			line(`# netfab listens on %s, not on the address of environment "sandbox": set environment = "https://%s" in the provider block.`, a, a)
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
		export("FWMGR_PASSWORD", fwmgr.DefaultPassword)
	}
	if a, ok := addrs["orch"]; ok {
		export("ORCH_CONTROLLER_ADDRESSES", a)
		export("ORCH_USERNAME", "admin")
		if orchPassword != "" {
			export("ORCH_PASSWORD", orchPassword)
		} else {
			line("# ORCH_PASSWORD: the password of admin printed at the first start of this sandbox (or start it with --orch-admin-password)")
		}
		line(`export ORCH_CA_CERT="$(cat %s)"`, shellQuote(cert))
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
const orchPasswordNote = "orch: created the user admin with the password "

// passwordCatcher passes the orch service's output through and keeps the
// password it announces, so that the environment printed after it can
// carry it.
type passwordCatcher struct {
	w        io.Writer
	mu       sync.Mutex
	password string
}

func (p *passwordCatcher) Write(b []byte) (int, error) {
	if _, rest, ok := bytes.Cut(b, []byte(orchPasswordNote)); ok {
		if f := strings.Fields(string(rest)); len(f) > 0 {
			p.mu.Lock()
			p.password = f[0]
			p.mu.Unlock()
		}
	}
	return p.w.Write(b)
}

func (p *passwordCatcher) Password() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.password
}

// envAnnouncer prints, once the services are up, what the providers
// need to use them, and records it for `sandbox env`.
type envAnnouncer struct {
	stateDir string
	stdout   io.Writer
	// catcher is the output of the services: it keeps the password that
	// the orch service generates at its first start.
	catcher *passwordCatcher
	// previous is the ORCH_PASSWORD an earlier start recorded: the orch
	// service keeps the password of admin from its first start.
	previous string
}

func newEnvAnnouncer(stateDir string, stdout io.Writer) *envAnnouncer {
	e := &envAnnouncer{stateDir: stateDir, stdout: stdout, catcher: &passwordCatcher{w: stdout}}
	path := filepath.Join(stateDir, envFileName)
	if b, err := os.ReadFile(path); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "export ORCH_PASSWORD="); ok {
				e.previous = shellUnquote(v)
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
	password := fs.Lookup("orch-admin-password").Value.String()
	if password == "" {
		password = e.catcher.Password()
	}
	if password == "" {
		password = e.previous
	}
	text, err := sandboxEnv(fs, e.stateDir, addrs, password)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(e.stateDir, envFileName), []byte(text), 0o600); err != nil {
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
	if !alive(*stateDir) {
		return fmt.Errorf("no sandbox is running on the state directory %s; start it with: sandbox serve --state-dir %s", *stateDir, *stateDir)
	}
	b, err := os.ReadFile(filepath.Join(*stateDir, envFileName))
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
