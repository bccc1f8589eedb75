package main

import (
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
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
	// testFiles, when set, keeps only the test files (by base name) the
	// profile covers: fwmgr's upstream holds the tests of 246 management
	// resources in one package, and ours has 23 of them.
	testFiles func(base string) bool
	isTest    func(*ast.FuncDecl) bool
	env       map[string]string
	globals   map[string]any
	// selectors are package-qualified values (pkg.Name) of imported packages.
	selectors map[string]any
	funcs     map[string]func(*interp, []any) any
	// fallback stands in for families of helpers (by name) before the
	// package's own function is interpreted.
	fallback func(name string, args []any) (any, bool)
	renames  []rename
	// connection are the provider settings the sandbox's environment gives.
	connection []string
	// docFiles lists the markdown docs whose Example Usage block is a case
	// (fwmgr, whose upstream has no examples folder); nil: examples/**.
	docFiles func(src string) ([]docFile, error)
	// caseNA says why an extracted test does not apply here (a type we do
	// not have); the case keeps its configurations for -list.
	caseNA func(name string) string
	// caseEnv is the environment a case runs with besides the sandbox's.
	caseEnv func(name string) []string
	// caseType groups the cases of -list's counts ("" leaves a case out).
	caseType func(name string) string
	// serialByName: cases that name an object alike run one after the
	// other (fwmgr's management server keeps names unique per domain).
	serialByName bool
}

// docFile is one upstream doc whose Example Usage block is a case.
type docFile struct {
	path string // under the upstream's tree
	name string // the case's name
	na   string // why it does not apply here; its block is extracted all the same
	// device moves the example's device-specific values onto the sandbox's
	// device (../shared/upstream-fixtures/fwmgr-os-needs.md): upstream's
	// Gaia examples name an interface eth0, which a device need not have.
	device []rename
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
		testDir:    "checkpoint",
		testFiles: func(base string) bool {
			// provider_test.go: the package's test globals
			_, _, ok := managementTestFile(base)
			return ok || base == "provider_test.go"
		},
		isTest: isTestAcc,
		// upstream's tests read the provider's settings and their skip
		// (CHECKPOINT_CONTEXT == "web_api") from these; its CI sets them
		env: map[string]string{
			"CHECKPOINT_SERVER":   env["FWMGR_SERVER"],
			"CHECKPOINT_PORT":     env["FWMGR_PORT"],
			"CHECKPOINT_USERNAME": env["FWMGR_USERNAME"],
			"CHECKPOINT_PASSWORD": env["FWMGR_PASSWORD"],
			"CHECKPOINT_CONTEXT":  "web_api",
		},
		globals:   map[string]any{},
		selectors: map[string]any{},
		funcs: map[string]func(*interp, []any) any{
			"testAccPreCheck": func(*interp, []any) any { return nil },
		},
		docFiles:     fwmgrDocFiles,
		serialByName: true,
		caseNA: func(name string) string {
			if kind, typ, ok := managementCase(name); ok {
				return managementNA(kind, typ)
			}
			return ""
		},
		caseEnv: func(name string) []string {
			// The management API is the web_api context; ours defaults to
			// os_api where upstream's defaults to web_api. Upstream's tests
			// take the context from the environment (CHECKPOINT_CONTEXT in
			// its CI), and so do its examples, which say nothing of it: the
			// management cases run with ours from FWMGR_CONTEXT, beside the
			// sandbox's FWMGR_USERNAME and FWMGR_PASSWORD (its admin).
			if _, _, ok := managementCase(name); ok {
				return []string{"FWMGR_CONTEXT=web_api"}
			}
			return nil
		},
		caseType: func(name string) string {
			if kind, typ, ok := managementCase(name); ok {
				return kind + " " + typ
			}
			return ""
		},
		renames: []rename{
			rn(`\bcheckpoint_gaia_show_`, "fwmgr_os_show_"),
			rn(`\bcheckpoint_gaia_`, "fwmgr_os_"),
			// upstream names its data sources checkpoint_management_data_<type>
			// (checkpoint_management_time alone without data_); ours share
			// the resource's name
			rn(`\bcheckpoint_management_data_(`+strings.Join(fwmgrManagementTypes, "|")+`)\b`, "fwmgr_management_${1}"),
			rn(`\bcheckpoint_management_`, "fwmgr_management_"),
			rn(`provider "checkpoint"`, `provider "fwmgr"`),
			rn(`(?m)^(\s*)checkpoint(\s*=\s*\{)`, "${1}fwmgr${2}"),
			rn(`source\s*=\s*"(registry\.terraform\.io/)?(?i:checkpointsw)/checkpoint"`, `source = "`+addressPrefix+`/fwmgr"`),
			rn(`provider\s*=\s*checkpoint\b`, "provider = fwmgr"),
			rn(`"gaia_api"`, `"os_api"`),
		},
	}
	return map[string]*profile{"orch": orch, "netfab": netfab, "fwmgr": fwmgr}
}

// fwmgrManagementTypes are the management types of ours (issues 36 and
// 37), by upstream's type name after checkpoint_management_.
var fwmgrManagementTypes = []string{
	"host", "network", "address_range", "multicast_address_range", "group", "group_with_exclusion",
	"dns_domain", "dynamic_object", "security_zone", "wildcard", "tag", "time", "time_group",
	"service_tcp", "service_udp", "service_icmp", "service_icmp6", "service_sctp", "service_other",
	"service_group", "application_site", "application_site_category", "application_site_group",
	// Policy (issue 37).
	"package", "access_layer", "threat_layer", "https_layer", "user", "user_group", "user_template", "access_role",
	"access_rule", "access_section", "install_policy", "verify_policy",
	"nat_rule", "nat_section", "threat_rule", "https_rule", "https_section",
	"simple_gateway", "simple_cluster", "interoperable_device", "vpn_community_meshed", "vpn_community_star",
	"threat_profile", "threat_indicator", "threat_exception",
}

const (
	kindResource   = "resource"
	kindDataSource = "data source"
)

// managementTestFile is the kind and type of an upstream management test
// file (resource_checkpoint_management_host_test.go) of our types.
func managementTestFile(base string) (kind, typ string, ok bool) {
	rest, found := strings.CutSuffix(base, "_test.go")
	if !found {
		return "", "", false
	}
	if t, found := strings.CutPrefix(rest, "resource_checkpoint_management_"); found {
		kind, typ = kindResource, t
	} else if t, found := strings.CutPrefix(rest, "data_source_checkpoint_management_"); found {
		kind, typ = kindDataSource, t
	}
	return kind, typ, slices.Contains(fwmgrManagementTypes, typ)
}

// managementCase is the kind and type of a management case by its name:
// test/<file>/<test>, doc/r/checkpoint_management_<type> or
// doc/d/checkpoint_management_[data_]<type>.
func managementCase(name string) (kind, typ string, ok bool) {
	switch {
	case strings.HasPrefix(name, "test/"):
		file, _, _ := strings.Cut(strings.TrimPrefix(name, "test/"), "/")
		return managementTestFile(file + "_test.go")
	case strings.HasPrefix(name, "doc/r/checkpoint_management_"):
		kind, typ = kindResource, strings.TrimPrefix(name, "doc/r/checkpoint_management_")
	case strings.HasPrefix(name, "doc/d/checkpoint_management_"):
		kind, typ = kindDataSource, strings.TrimPrefix(strings.TrimPrefix(name, "doc/d/checkpoint_management_"), "data_")
	}
	return kind, typ, slices.Contains(fwmgrManagementTypes, typ)
}

// managementNA says why a management type's resource or data source is
// not ours yet: ours are the ones our docs list (run from the repository's
// root).
func managementNA(kind, typ string) string {
	dir := "resources"
	if kind == kindDataSource {
		dir = "data-sources"
	}
	doc := filepath.Join("docs", "fwmgr", dir, "management_"+typ+".md")
	if _, err := os.Stat(doc); err != nil {
		return fmt.Sprintf("fwmgr_management_%s is not a %s of ours (no %s)", typ, kind, filepath.ToSlash(doc))
	}
	return ""
}

// gaiaInterface is the sandbox device's interface on which the fixture
// (fwmgr-os-needs.md) says upstream's example of a Gaia resource runs, in
// place of its eth0: VLANs and IGMP on eth2 (eth1 has VLANs 100 and 200
// and runs no IGMP), a physical interface's settings and PPPoE on the
// spare eth12, the rest (aliases, ARP, LLDP, MLD, PIM, IS-IS, VXLAN, PBR)
// on eth1.
func gaiaInterface(resource string) string {
	switch {
	case resource == "vlan_interface", strings.HasPrefix(resource, "igmp_"):
		return "eth2"
	case resource == "physical_interface", resource == "pppoe_interface":
		return "eth12"
	}
	return "eth1"
}

// gaiaResourceNA says why upstream's checkpoint_gaia_<name> is not a
// resource of ours yet: ours are the ones our docs list (run from the
// repository's root).
func gaiaResourceNA(name string) string {
	doc := filepath.Join("docs", "fwmgr", "resources", "os_"+name+".md")
	if _, err := os.Stat(doc); err != nil {
		if strings.HasPrefix(name, "command_") {
			return fmt.Sprintf("fwmgr_os_%s is a one-shot command: not a resource of ours (actions, issue 38)", name)
		}
		return fmt.Sprintf("fwmgr_os_%s is not a resource of ours yet (no %s)", name, filepath.ToSlash(doc))
	}
	return ""
}

// fwmgrDocFiles: the Example Usage blocks of upstream's gaia show docs
// (its OS data sources have no acceptance tests) and of the resource and
// data-source docs of our management types.
func fwmgrDocFiles(src string) ([]docFile, error) {
	var out []docFile
	gaia, err := filepath.Glob(filepath.Join(src, "website/docs/d/checkpoint_gaia_show_*.html.markdown"))
	if err != nil {
		return nil, err
	}
	sort.Strings(gaia)
	for _, f := range gaia {
		name := strings.TrimSuffix(filepath.Base(f), ".html.markdown")
		ours := strings.Replace(name, "checkpoint_gaia_show_", "os_show_", 1)
		d := docFile{path: f, name: "doc/" + name}
		if _, err := os.Stat(filepath.Join("docs", "fwmgr", "data-sources", ours+".md")); err != nil {
			d.na = "fwmgr_" + ours + " is not a data source of ours (not in the seed)"
		}
		out = append(out, d)
	}
	// upstream's Gaia resources (issue 38): fwmgr_os_<name> once a row of
	// ours; the command_* ones are one-shot commands, which become actions
	gaiaResources, err := filepath.Glob(filepath.Join(src, "website/docs/r/checkpoint_gaia_*.html.markdown"))
	if err != nil {
		return nil, err
	}
	sort.Strings(gaiaResources)
	for _, f := range gaiaResources {
		name := strings.TrimSuffix(filepath.Base(f), ".html.markdown")
		short := strings.TrimPrefix(name, "checkpoint_gaia_")
		out = append(out, docFile{path: f, name: "doc/r/" + name, na: gaiaResourceNA(short),
			device: []rename{rn(`"eth0"`, `"`+gaiaInterface(short)+`"`)}})
	}
	for _, typ := range fwmgrManagementTypes {
		out = append(out, docFile{
			path: filepath.Join(src, "website/docs/r/checkpoint_management_"+typ+".html.markdown"),
			name: "doc/r/checkpoint_management_" + typ,
			na:   managementNA(kindResource, typ),
		})
		// upstream's data-source doc is named as its data source:
		// checkpoint_management_data_<type>, or checkpoint_management_time
		d := docFile{na: managementNA(kindDataSource, typ)}
		for _, base := range []string{"checkpoint_management_data_" + typ, "checkpoint_management_" + typ} {
			p := filepath.Join(src, "website/docs/d", base+".html.markdown")
			if _, err := os.Stat(p); err == nil {
				d.path, d.name = p, "doc/d/"+base
				break
			}
		}
		if d.path == "" {
			d.name, d.na = "doc/d/checkpoint_management_data_"+typ, "upstream has no data-source doc of "+typ
		}
		out = append(out, d)
	}
	return out, nil
}
