// Command sandbox runs the sandbox services, the reference implementations of
// the vendor APIs the providers talk to, on HTTPS loopback addresses:
//
//	sandbox serve [--state-dir DIR] [--netfab-addr HOST:PORT] [...]
//	sandbox env [--state-dir DIR]
//	sandbox version
//
// Every flag can also come from the environment variable SANDBOX_<FLAG>, the
// flag's name in capitals with dashes as underscores (--netfab-addr is
// SANDBOX_NETFAB_ADDR); a flag on the command line wins.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/hub"
	"github.com/iacsuite/providers/internal/sandbox/migration"
	"github.com/iacsuite/providers/internal/sandbox/netfab"
	"github.com/iacsuite/providers/internal/sandbox/orch"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// version is set at build time with -ldflags "-X main.version=...".
var version string

// common holds the settings every service shares.
type common struct {
	provisioningDelay time.Duration
	// flag is the value of a flag of serve (the generated credentials).
	flag      func(name string) string
	rateLimit float64
	rateBurst int
	stateDir  string
	stdout    io.Writer
	addr      string // the address the service listens on
}

// service is one sandbox API. serve gives it the flag --<name>-addr (default
// defaultAddr), the store file <state-dir>/<name>.db and one line of output.
// To add a service, add an entry here: its flags function declares the
// service's own flags and returns the constructor of its handler.
type service struct {
	name        string
	defaultAddr string
	flags       func(fs *flag.FlagSet) func(st *store.Store, c common) (http.Handler, error)
}

var services = []service{
	{name: "netfab", defaultAddr: "127.0.0.1:18443", flags: netfabFlags},
	{name: "migration", defaultAddr: "127.0.0.1:18444", flags: migrationFlags},
	{name: "fwmgr", defaultAddr: "127.0.0.1:18445", flags: fwmgrFlags},
	{name: "orch", defaultAddr: orchapi.DefaultAddress, flags: orchFlags},
	{name: "hub", defaultAddr: hubapi.DefaultAddress, flags: hubFlags},
}

func netfabFlags(fs *flag.FlagSet) func(*store.Store, common) (http.Handler, error) {
	accessKey := fs.String("access-key", netfab.DefaultAccessKey, "netfab API access key (client ID of the client-credentials grant)")
	secretKey := fs.String("secret-key", netfab.DefaultSecretKey, "netfab API secret key")
	return func(st *store.Store, c common) (http.Handler, error) {
		return netfab.New(netfab.Config{
			Store:     st,
			AccessKey: *accessKey,
			SecretKey: *secretKey,
			AdminKey:  c.flag("admin-key"),
			Accounts: []netfab.Account{{AccessKey: c.flag("netfab-other-access-key"), SecretKey: c.flag("netfab-other-secret-key"),
				CompanyName: netfab.OtherCompanyName}},
			ProvisioningDelay: c.provisioningDelay,
			RateLimit:         c.rateLimit,
			RateBurst:         c.rateBurst,
		})
	}
}

// migrationFlags: operations run for --provisioning-delay; the rate limit is
// the common one.
func migrationFlags(fs *flag.FlagSet) func(*store.Store, common) (http.Handler, error) {
	token := fs.String("migration-token", migration.DefaultToken, "bearer access token the migration API accepts")
	retention := fs.Duration("migration-request-id-retention", migration.DefaultRequestIDRetention, "how long the migration API remembers a requestId")
	uploadTTL := fs.Duration("migration-upload-url-ttl", migration.DefaultUploadURLTTL, "how long a signed upload address of the migration API is valid")
	return func(st *store.Store, c common) (http.Handler, error) {
		return migration.New(migration.Config{
			Store:              st,
			Token:              *token,
			Accounts:           []migration.Account{{Token: c.flag("migration-other-token"), Projects: []string{migration.OtherProject}}},
			OperationDelay:     c.provisioningDelay,
			RequestIDRetention: *retention,
			UploadURLTTL:       *uploadTTL,
			RateLimit:          c.rateLimit,
			RateBurst:          c.rateBurst,
		})
	}
}

// fwmgrFlags: the firewall OS API with its seeded administrators
// (fwmgr.DefaultAdministrators) and device.
func fwmgrFlags(fs *flag.FlagSet) func(*store.Store, common) (http.Handler, error) {
	routesIn := fs.Int("fwmgr-bgp-routes-in", 0, "grow each fwmgr cluster member's received BGP routes to at least this many (default: the seeded 2,086; for benchmarks)")
	return func(st *store.Store, c common) (http.Handler, error) {
		admins := fwmgr.DefaultAdministrators()
		for i := range admins {
			switch admins[i].Name {
			case fwmgr.DefaultUser:
				admins[i].Password = c.flag("fwmgr-admin-password")
			case fwmgr.EastUser:
				admins[i].Password, admins[i].APIKey = c.flag("fwmgr-east-password"), c.flag("fwmgr-east-api-key")
			default:
				admins[i].APIKey = c.flag("fwmgr-api-key")
			}
		}
		return fwmgr.New(fwmgr.Config{Store: st, RoutesIn: *routesIn, Administrators: admins})
	}
}

// orchFlags: the orch controller reports its listen address and the sandbox
// certificate in GET /v1/controller; without --orch-admin-password, the
// password of admin is generated at the first start and printed once.
func orchFlags(fs *flag.FlagSet) func(*store.Store, common) (http.Handler, error) {
	password := fs.String("orch-admin-password", "", "password of the orch controller's user admin (default: generated at the first start and printed once)")
	name := fs.String("orch-controller-name", orch.DefaultControllerName, "name of the orch controller")
	defaultCloud := fs.String("orch-default-cloud", orch.DefaultCloud, "cloud of the orch controller's models that name none, and of its controller model: localhost (lxd), or microk8s, the cluster cloud, to run upstream's cluster-cloud configurations")
	remotes := fs.String("orch-remote-controllers", "", "comma-separated host:port addresses of the offering controllers the orch controller may connect to for cross-controller integrations (default: none, so that consume details, which come from the caller, cannot point the controller anywhere)")
	return func(st *store.Store, c common) (http.Handler, error) {
		caCert, err := os.ReadFile(filepath.Join(c.stateDir, httpx.CertFileName))
		if err != nil {
			return nil, err
		}
		return orch.New(orch.Config{
			Store:             st,
			ControllerName:    *name,
			APIAddresses:      []string{c.addr},
			CACertPEM:         string(caCert),
			AdminPassword:     *password,
			RemoteControllers: splitList(*remotes),
			ControllerModel:   true,
			DefaultCloud:      *defaultCloud,
			Output:            c.stdout,
			ProvisioningDelay: c.provisioningDelay,
		})
	}
}

// hubFlags: the hub in front of orch controllers (docs/api/hub.md); without
// --hub-admin-client-secret, the secret of its administrator is generated at
// the first start and printed once.
func hubFlags(fs *flag.FlagSet) func(*store.Store, common) (http.Handler, error) {
	clientID := fs.String("hub-admin-client-id", hubapi.DefaultAdminClientID, "client ID of the hub's administrator service account")
	secret := fs.String("hub-admin-client-secret", "", "client secret of the hub's administrator (default: generated at the first start and printed once)")
	ttl := fs.Duration("hub-token-ttl", hub.DefaultTokenTTL, "lifetime of the hub's bearer tokens")
	return func(st *store.Store, c common) (http.Handler, error) {
		caCert, err := os.ReadFile(filepath.Join(c.stateDir, httpx.CertFileName))
		if err != nil {
			return nil, err
		}
		return hub.New(hub.Config{
			Store: st, AdminClientID: *clientID, AdminClientSecret: *secret, Output: c.stdout,
			APIAddresses: []string{c.addr}, CACertPEM: string(caCert), TokenTTL: *ttl,
			RateLimit: c.rateLimit, RateBurst: c.rateBurst,
		})
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	switch {
	case errors.Is(err, flag.ErrHelp):
	case err != nil:
		fmt.Fprintln(os.Stderr, "sandbox:", err)
		os.Exit(1)
	}
}

const usage = `usage:
  sandbox serve [flags]   run the sandbox services until SIGINT or SIGTERM
  sandbox env [--state-dir DIR]   print the provider settings of the running sandbox again
  sandbox version         print the version
`

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("missing command")
	}
	switch args[0] {
	case "serve":
		return serve(ctx, args[1:], stdout, stderr)
	case "env":
		return envCommand(args[1:], stdout, stderr)
	case "version", "--version", "-version":
		v := version
		if v == "" {
			v = "dev"
		}
		fmt.Fprintln(stdout, "sandbox", v)
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", args[0])
}

// running is a started service.
type running struct {
	name string
	srv  *http.Server
	ln   net.Listener
	st   *store.Store
}

func serve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sandbox serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	stateDir := fs.String("state-dir", ".sandbox", "directory of the state: databases, TLS certificate (sandbox-ca.pem), pid file")
	var c common
	fs.DurationVar(&c.provisioningDelay, "provisioning-delay", 2*time.Second, "time a product spends in each provisioning step")
	credentialFlags(fs)
	fs.Float64Var(&c.rateLimit, "rate-limit", 50, "requests per second per access token; 0 disables")
	fs.IntVar(&c.rateBurst, "rate-burst", 100, "burst of the rate limit")
	cpuProfile := fs.String("cpu-profile", "", "write a CPU profile (pprof) of the whole run to this file (for benchmarks)")
	requestLog := fs.String("request-log", "", "append one line per request to this file: unix-nanos service method path status (for benchmarks)")
	faults := faultFlags(fs)
	var limits httpx.ServerLimits
	fs.DurationVar(&limits.BodyGrace, "body-grace", httpx.DefaultBodyGrace, "time a request body may take beyond its length at --min-body-rate; a slower body fails and its connection closes")
	fs.Int64Var(&limits.MinBodyRate, "min-body-rate", httpx.DefaultMinBodyRate, "bytes per second a request body must arrive at, after --body-grace")
	fs.IntVar(&limits.MaxConnsPerClient, "max-conns-per-client", httpx.DefaultMaxConnsPerClient, "connections one client address may have open to each service; further ones are closed (negative: no cap)")
	addrs := make([]*string, len(services))
	builders := make([]func(*store.Store, common) (http.Handler, error), len(services))
	for i, svc := range services {
		addrs[i] = fs.String(svc.name+"-addr", svc.defaultAddr, svc.name+" listen address")
		builders[i] = svc.flags(fs)
	}
	if err := flagsFromEnv(fs); err != nil {
		return err
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	}
	if err := faults.Validate(); err != nil {
		return err
	}

	if err := httpx.PrepareStateDir(*stateDir); err != nil {
		return err
	}
	cert, err := httpx.LoadOrCreateCertificate(*stateDir)
	if err != nil {
		return err
	}
	dataKey, err := httpx.LoadOrCreateDataKey(*stateDir)
	if err != nil {
		return err
	}
	if err := fillCredentials(fs, *stateDir, stdout); err != nil {
		return err
	}
	c.flag = func(name string) string { return fs.Lookup(name).Value.String() }
	env := newEnvAnnouncer(*stateDir, stdout)
	c.stateDir, c.stdout = *stateDir, env.catcher

	if *cpuProfile != "" {
		stopProfile, err := startCPUProfile(*cpuProfile)
		if err != nil {
			return err
		}
		defer stopProfile()
	}
	var reqLog *requestLogger
	if *requestLog != "" {
		if reqLog, err = openRequestLog(*requestLog); err != nil {
			return err
		}
		defer reqLog.Close()
	}

	var started []running
	defer func() {
		for _, r := range started {
			r.ln.Close() // already closed after a shutdown; not if a later service failed to start
			r.st.Close()
		}
	}()
	for i, svc := range services {
		st, err := store.OpenWith(filepath.Join(*stateDir, svc.name+".db"), store.Options{Key: dataKey})
		if err != nil {
			return err
		}
		ln, err := httpx.Listen(*addrs[i], limits)
		if err != nil {
			st.Close()
			return fmt.Errorf("%s: %w", svc.name, err)
		}
		sc := c
		sc.addr = ln.Addr().String()
		h, err := builders[i](st, sc)
		if err != nil {
			ln.Close()
			st.Close()
			return fmt.Errorf("%s: %w", svc.name, err)
		}
		h = httpx.NewFaultInjector(svc.name, *faults).Wrap(h)
		if reqLog != nil {
			h = reqLog.wrap(svc.name, h)
		}
		srv := httpx.NewServer(h, cert, limits)
		if reqLog != nil {
			srv.ConnState = reqLog.connState(svc.name)
		}
		started = append(started, running{name: svc.name, srv: srv, ln: ln, st: st})
	}

	pidFile := filepath.Join(*stateDir, "sandbox.pid")
	if err := os.WriteFile(pidFile, []byte(strconv.Itoa(os.Getpid())+"\n"), 0o600); err != nil {
		return err
	}
	defer os.Remove(pidFile)

	errs := make(chan error, len(started))
	for _, r := range started {
		go func() {
			if err := r.srv.ServeTLS(r.ln, "", ""); !errors.Is(err, http.ErrServerClosed) {
				errs <- fmt.Errorf("%s: %w", r.name, err)
			}
		}()
		fmt.Fprintf(stdout, "%s: https://%s\n", r.name, r.ln.Addr())
	}
	if err := env.announce(fs, started); err != nil {
		return err
	}
	var serveErr error
	select {
	case <-ctx.Done():
	case serveErr = <-errs:
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, r := range started {
		if err := r.srv.Shutdown(shutdownCtx); err != nil && serveErr == nil {
			serveErr = err
		}
	}
	return serveErr
}

// flagsFromEnv sets each flag of fs from SANDBOX_<NAME> when that variable is
// set; flags parsed afterwards override it.
func flagsFromEnv(fs *flag.FlagSet) error {
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		name := "SANDBOX_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if v, ok := os.LookupEnv(name); ok && err == nil {
			if e := fs.Set(f.Name, v); e != nil {
				err = fmt.Errorf("%s: %w", name, e)
			}
		}
	})
	return err
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(v string) []string {
	var out []string
	for _, item := range strings.Split(v, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}
