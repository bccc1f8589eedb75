package main

import (
	"go/ast"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// profile says how one upstream's tests and examples become configurations
// of ours: where its tests are, which of its functions are tests, the
// environment its tests read (the sandbox's settings, under the upstream's
// variable names), stand-ins for helpers that ask the upstream's service,
// and the renaming of types (docs/<p>/index.md and the seeds).
type profile struct {
	name     string // our provider
	upstream string // its prefix
	testDir  string
	docsGlob string // fwmgr: markdown docs with example blocks
	isTest   func(*ast.FuncDecl) bool
	env      map[string]string
	globals  map[string]any
	// selectors are package-qualified values (pkg.Name) of imported packages.
	selectors map[string]any
	funcs     map[string]func(*interp, []any) any
	// fallback stands in for families of helpers (by name) before the
	// package's own function is interpreted.
	fallback func(name string, args []any) (any, bool)
	renames  []rename
	// connection are the provider settings the sandbox's environment gives.
	connection []string
	// include keeps only the docs/examples whose type we have (fwmgr).
	include func(name string) bool
}

type rename struct {
	re   *regexp.Regexp
	repl string
}

func rn(re, repl string) rename { return rename{regexp.MustCompile(re), repl} }

func (p *profile) rename(hcl string) string {
	for _, r := range p.renames {
		hcl = r.re.ReplaceAllString(hcl, r.repl)
	}
	return hcl
}

// renameExample renames an example, whose provider settings are
// placeholders, and drops those settings.
func (p *profile) renameExample(hcl string) string {
	return stripProviderSettings(p.rename(hcl), p.name, p.connection)
}

// stripProviderSettings drops the connection settings (addresses,
// credentials, certificates) from the provider blocks of our provider: the
// upstream's examples hold placeholders there ("access_key",
// "10.225.205.241:17070", file("~/ca-cert.pem")) that a user replaces with
// their own, and the sandbox's come from the environment.
func stripProviderSettings(hcl, name string, keys []string) string {
	if len(keys) == 0 {
		return hcl
	}
	lines := strings.Split(hcl, "\n")
	out := lines[:0]
	depth, in := 0, false
	head := regexp.MustCompile(`^\s*provider\s+"` + regexp.QuoteMeta(name) + `"\s*\{`)
	for _, l := range lines {
		if !in && head.MatchString(l) {
			in, depth = true, 0
		}
		if in {
			if depth == 1 {
				k := strings.TrimSpace(strings.SplitN(l, "=", 2)[0])
				drop := false
				for _, key := range keys {
					if k == key && strings.Contains(l, "=") {
						drop = true
					}
				}
				if drop {
					depth += strings.Count(l, "{") - strings.Count(l, "}")
					continue
				}
			}
			depth += strings.Count(l, "{") - strings.Count(l, "}")
			if depth <= 0 {
				in = false
			}
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

func isTestAcc(fd *ast.FuncDecl) bool {
	return fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "TestAcc") && fd.Type.Params != nil &&
		len(fd.Type.Params.List) == 1
}

// The providers' source addresses (GNUmakefile ADDRESS_PREFIX).
const addressPrefix = "iacsuite.example/iacsuite"

// profileOptions are the passes of the orch suite besides the default one
// (machine cloud, one controller).
type profileOptions struct {
	cloud    string            // lxd or microk8s: upstream's TEST_CLOUD
	offering map[string]string // the offering controller's sandbox.env, for the cross-controller pass
}

// offeringControllerName is the name of the offering controller of the
// cross-controller pass (upstream's OFFERING_CONTROLLER_NAME).
const offeringControllerName = "offering"

func profiles(env map[string]string, hub bool, opts profileOptions) map[string]*profile {
	if opts.cloud == "" {
		opts.cloud = "lxd"
	}
	opaqueVal := func(why string) func(*interp, []any) any {
		return func(*interp, []any) any { return opaque{why} }
	}
	orchEnv := map[string]string{
		"TEST_CLOUD":         opts.cloud,
		"JUJU_AGENT_VERSION": "3.6.20",
		// upstream's provider settings under its names
		"JUJU_CONTROLLER_ADDRESSES": env["ORCH_CONTROLLER_ADDRESSES"],
		"JUJU_USERNAME":             env["ORCH_USERNAME"],
		"JUJU_PASSWORD":             env["ORCH_PASSWORD"],
		"JUJU_CA_CERT":              env["ORCH_CA_CERT"],
	}
	if opts.offering != nil {
		// upstream's cross-controller tests read the offering controller
		// from these (its CROSS_CONTROLLER_TESTS document)
		orchEnv["CROSS_CONTROLLERS_TESTS"] = "true"
		orchEnv["OFFERING_CONTROLLER_NAME"] = offeringControllerName
		orchEnv["OFFERING_CONTROLLER_ADDRESSES"] = opts.offering["ORCH_CONTROLLER_ADDRESSES"]
		orchEnv["OFFERING_CONTROLLER_CA_CERT"] = opts.offering["ORCH_CA_CERT"]
		orchEnv["OFFERING_CONTROLLER_USERNAME"] = opts.offering["ORCH_USERNAME"]
		orchEnv["OFFERING_CONTROLLER_PASSWORD"] = opts.offering["ORCH_PASSWORD"]
	}
	if hub {
		orchEnv["IS_JAAS"] = "true"
		orchEnv["JUJU_CLIENT_ID"] = env["ORCH_CLIENT_ID"]
		orchEnv["JUJU_CLIENT_SECRET"] = env["ORCH_CLIENT_SECRET"]
	}
	orch := &profile{
		name:     "orch",
		upstream: "juju",
		connection: []string{"controller_addresses", "username", "password", "ca_certificate",
			"client_id", "client_secret"},
		testDir: "internal/provider",
		isTest:  isTestAcc,
		env:     orchEnv,
		globals: map[string]any{
			"testingCloud": opts.cloud,
			// a machine added over SSH needs a host the sandbox cannot provide
			"testAddMachineIP":   "",
			"testSSHPubKeyPath":  "",
			"testSSHPrivKeyPath": "",
		},
		selectors: map[string]any{},
		funcs: map[string]func(*interp, []any) any{
			"testAccPreCheck":        func(*interp, []any) any { return nil },
			"testAccPreCheckWithK8s": func(*interp, []any) any { return nil },
			"getFakeCloudCACert":     opaqueVal("CA certificate of the upstream's test cloud"),
		},
		renames: []rename{
			rn(`\bjuju_jaas_`, "orch_hub_"),
			// the seed's name of upstream's Kubernetes cloud
			rn(`\bjuju_kubernetes_cloud\b`, "orch_cluster_cloud"),
			rn(`\bjuju_`, "orch_"),
			rn(`provider "juju"`, `provider "orch"`),
			rn(`(?m)^(\s*)juju(\s*=\s*\{)`, "${1}orch${2}"),
			rn(`source\s*=\s*"(registry\.terraform\.io/)?juju/juju"`, `source = "`+addressPrefix+`/orch"`),
			rn(`provider\s*=\s*juju\b`, "provider = orch"),
		},
	}
	netfab := &profile{
		name:       "netfab",
		upstream:   "megaport",
		connection: []string{"access_key", "secret_key", "environment"},
		testDir:    "internal/provider",
		isTest:     isTestAcc,
		env: map[string]string{
			"MEGAPORT_ACCESS_KEY": env["NETFAB_ACCESS_KEY"],
			"MEGAPORT_SECRET_KEY": env["NETFAB_SECRET_KEY"],
			"TF_ACC":              "1",
		},
		globals:   map[string]any{},
		selectors: map[string]any{},
		funcs: map[string]func(*interp, []any) any{
			"acquireAccTestSlot": func(*interp, []any) any {
				return &funcVal{lit: &ast.FuncLit{Type: &ast.FuncType{}, Body: &ast.BlockStmt{}}}
			},
			// The upstream's tests look their locations up in its staging
			// service; the sandbox's locations 1 to 3 (Sydney, Melbourne, ...)
			// have every product at every speed.
			"findPortTestLocation": func(*interp, []any) any { return tuple{1, "Sandbox Location 1"} },
			"findMCRTestLocation":  func(*interp, []any) any { return tuple{1, "Sandbox Location 1"} },
			"findMVETestLocation":  func(*interp, []any) any { return tuple{1, "Sandbox Location 1"} },
			"findTestLocation":     func(*interp, []any) any { return tuple{1, "Sandbox Location 1"} },
			// The NAT gateway tests read the speed/session matrix from the
			// upstream's service: the sandbox's first pair (GET
			// /v3/nat-gateways/sessions), and one above its fastest speed.
			"getNATGatewayTestConfig":    func(*interp, []any) any { return tuple{1000, 32768, nil} },
			"findInvalidNATGatewaySpeed": func(*interp, []any) any { return tuple{10001, 32768, nil} },
		},
		fallback: func(name string, args []any) (any, bool) {
			if !strings.HasPrefix(name, "find") || !strings.Contains(name, "Location") {
				return nil, false
			}
			// Several locations: the sandbox's first ones.
			if strings.HasSuffix(name, "Locations") || strings.Contains(name, "LocationsWith") {
				n := 2
				if len(args) > 1 {
					if c, ok := args[1].(int); ok && c > 0 {
						n = c
					}
				}
				out := []any{}
				for i := 1; i <= n; i++ {
					out = append(out, i)
				}
				return out, true
			}
			if strings.Contains(name, "Cisco") || strings.Contains(name, "PaloAlto") {
				return opaque{"the MVE image is looked up in the upstream's staging service"}, true
			}
			return tuple{1, "Sandbox Location 1"}, true
		},
		renames: []rename{
			rn(`\bmegaport_`, "netfab_"),
			rn(`provider "megaport"`, `provider "netfab"`),
			rn(`(?m)^(\s*)megaport(\s*=\s*\{)`, "${1}netfab${2}"),
			rn(`source\s*=\s*"(registry\.terraform\.io/)?megaport/megaport"`, `source = "`+addressPrefix+`/netfab"`),
			// the tests' provider block names the upstream's staging
			// service; without it the provider reaches the sandbox (from
			// NETFAB_ENVIRONMENT), as README says
			rn(`(?m)^[ \t]*environment\s*=\s*"staging"[ \t]*\n`, ""),
		},
	}
	fwmgr := &profile{
		name:       "fwmgr",
		upstream:   "checkpoint",
		connection: []string{"server", "username", "password", "api_key", "port"},
		// the data sources we have are the ones our docs list (run from the
		// repository's root)
		include: func(name string) bool {
			_, err := os.Stat(filepath.Join("docs", "fwmgr", "data-sources", strings.TrimPrefix(name, "fwmgr_")+".md"))
			return err == nil
		},
		docsGlob: "website/docs/d/checkpoint_gaia_show_*.html.markdown",
		isTest:   func(*ast.FuncDecl) bool { return false },
		env:      map[string]string{},
		renames: []rename{
			rn(`\bcheckpoint_gaia_show_`, "fwmgr_os_show_"),
			rn(`\bcheckpoint_management_`, "fwmgr_"),
			rn(`provider "checkpoint"`, `provider "fwmgr"`),
			rn(`"gaia_api"`, `"os_api"`),
		},
	}
	return map[string]*profile{"orch": orch, "netfab": netfab, "fwmgr": fwmgr}
}
