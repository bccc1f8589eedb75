package orch

import api "github.com/iacsuite/providers/internal/api/orch"

// The seeded charm store: the charms that the upstream provider's
// documentation and acceptance tests deploy, with their channels, revisions,
// bases, endpoints, typed options, resources and storage, so that its users'
// configurations find them here.

type charmDef struct {
	Name      string
	Summary   string
	ModelType string
	// Kubernetes: a machine charm whose revisions also run in a workload
	// container on a cluster (caas) model, as the real charms that
	// upstream's suite deploys on its cluster controller do.
	Kubernetes  bool
	Subordinate bool
	// DefaultChannel is the channel of lookups that name none.
	DefaultChannel string
	Provides       map[string]api.CharmEndpoint
	Requires       map[string]api.CharmEndpoint
	Peers          map[string]api.CharmEndpoint
	Config         map[string]api.CharmOption
	Storage        map[string]api.CharmStorage
	Resources      map[string]resourceDef
	Revisions      []revisionDef
	// Channels lists, per channel, the revisions released to it, oldest
	// first: the last one that fits a base and architecture is current.
	Channels map[string][]int
}

type resourceDef struct {
	Type        string
	Filename    string
	Description string
	Revisions   []int
}

type revisionDef struct {
	Revision int
	Bases    []string
	Archs    []string
	// Resources are the resource revisions this charm revision uses by
	// default.
	Resources map[string]int
}

const (
	focal = "ubuntu@20.04"
	jammy = "ubuntu@22.04"
	noble = "ubuntu@24.04"
)

// SupportedBases are the bases machines and charms use (upstream's
// configurations use focal too, which the upstream controller supports).
var SupportedBases = []string{focal, jammy, noble}

var (
	archAll  = []string{"amd64", "arm64", "ppc64el", "s390x"}
	archMain = []string{"amd64", "arm64"}
	bothBase = []string{jammy, noble}
	jammyOne = []string{jammy}
)

func ep(iface string) api.CharmEndpoint { return api.CharmEndpoint{Interface: iface, Scope: "global"} }
func cep(iface string) api.CharmEndpoint {
	return api.CharmEndpoint{Interface: iface, Scope: "container"}
}

func str(def, desc string) api.CharmOption {
	return api.CharmOption{Type: api.OptionString, Default: def, HasDefault: true, Description: desc}
}
func strNoDefault(desc string) api.CharmOption {
	return api.CharmOption{Type: api.OptionString, Description: desc}
}
func integer(def, desc string) api.CharmOption {
	return api.CharmOption{Type: api.OptionInt, Default: def, HasDefault: true, Description: desc}
}
func boolean(def, desc string) api.CharmOption {
	return api.CharmOption{Type: api.OptionBool, Default: def, HasDefault: true, Description: desc}
}
func float(def, desc string) api.CharmOption {
	return api.CharmOption{Type: api.OptionFloat, Default: def, HasDefault: true, Description: desc}
}

func fs(location string, minCount, maxCount, minSize int) api.CharmStorage {
	return api.CharmStorage{Type: "filesystem", Location: location, MinCount: minCount, MaxCount: maxCount, MinSize: minSize}
}

func revs(bases, archs []string, res map[string]int, numbers ...int) []revisionDef {
	out := make([]revisionDef, len(numbers))
	for i, n := range numbers {
		out[i] = revisionDef{Revision: n, Bases: bases, Archs: archs, Resources: res}
	}
	return out
}

func join(parts ...[]revisionDef) []revisionDef {
	var out []revisionDef
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

var catalogue = []charmDef{
	{
		Name: "juju-qa-test", Summary: "A charm for testing deployments, refreshes and resources.", ModelType: api.ModelTypeIAAS, Kubernetes: true,
		DefaultChannel: "latest/stable",
		Config: map[string]api.CharmOption{
			"foo-file":     boolean("false", "write the content of the foo-file resource to the unit's status"),
			"thing":        str("🎁", "a thing, shown in the unit's status"),
			"fail-removal": boolean("false", "make the stop hook fail, so that removing a unit is blocked until the application is removed with force"),
			"foo-string":   str("", "a string shown in the unit's status"),
		},
		Resources: map[string]resourceDef{
			"foo-file": {Type: api.ResourceTypeFile, Filename: "foo-file.txt", Description: "a file for testing resources", Revisions: []int{1, 2, 3, 4}},
		},
		Revisions: join(
			[]revisionDef{{Revision: 19, Bases: jammyOne, Archs: archAll, Resources: map[string]int{"foo-file": 1}}},
			[]revisionDef{{Revision: 20, Bases: jammyOne, Archs: archAll, Resources: map[string]int{"foo-file": 2}}},
			[]revisionDef{{Revision: 21, Bases: bothBase, Archs: archAll, Resources: map[string]int{"foo-file": 3}}},
			[]revisionDef{{Revision: 22, Bases: bothBase, Archs: archAll, Resources: map[string]int{"foo-file": 4}}},
			[]revisionDef{{Revision: 23, Bases: bothBase, Archs: archAll, Resources: map[string]int{"foo-file": 4}}},
		),
		Channels: map[string][]int{
			"latest/stable": {19, 20}, "latest/candidate": {20, 21}, "latest/beta": {21}, "latest/edge": {20, 21},
			"2.0/stable": {22}, "2.0/candidate": {22}, "2.0/edge": {22, 23},
		},
	},
	{
		Name: "ubuntu", Summary: "A pristine Ubuntu machine.", ModelType: api.ModelTypeIAAS, DefaultChannel: "latest/stable",
		Config: map[string]api.CharmOption{
			"hostname":          strNoDefault("host name the unit reports"),
			"external-hostname": strNoDefault("host name the unit is reached at from outside"),
		},
		Storage:   map[string]api.CharmStorage{"files": fs("/srv/files", 0, 8, 0)},
		Revisions: join(revs([]string{focal, jammy}, archAll, nil, 21), revs(bothBase, archAll, nil, 24, 25)),
		Channels:  map[string][]int{"latest/stable": {21, 24}, "latest/candidate": {24}, "latest/edge": {24, 25}},
	},
	{
		Name: "ubuntu-lite", Summary: "A minimal Ubuntu charm that installs nothing.", ModelType: api.ModelTypeIAAS, Kubernetes: true, DefaultChannel: "latest/stable",
		// The endpoints upstream's binding tests bind to spaces.
		Provides:  map[string]api.CharmEndpoint{"ubuntu": ep("ubuntu")},
		Requires:  map[string]api.CharmEndpoint{"another": ep("another")},
		Config:    map[string]api.CharmOption{"status": str("ready", "workload status message")},
		Revisions: join(revs(jammyOne, archAll, nil, 2), revs(bothBase, archAll, nil, 4, 5)),
		Channels:  map[string][]int{"latest/stable": {2, 4}, "latest/edge": {4, 5}},
	},
	{
		Name: "juju-qa-dummy-source", Summary: "Provides a token to the sink.", ModelType: api.ModelTypeIAAS, Kubernetes: true, DefaultChannel: "latest/stable",
		Provides:  map[string]api.CharmEndpoint{"sink": ep("dummy-token")},
		Config:    map[string]api.CharmOption{"token": strNoDefault("the token handed to the sink")},
		Revisions: revs(bothBase, archAll, nil, 4, 6),
		Channels:  map[string][]int{"latest/stable": {4, 6}, "latest/edge": {6}},
	},
	{
		Name: "juju-qa-dummy-sink", Summary: "Consumes the token of a source.", ModelType: api.ModelTypeIAAS, DefaultChannel: "latest/stable",
		Requires: map[string]api.CharmEndpoint{"source": ep("dummy-token")},
		// token: the real charm has the option too (upstream's integration
		// test sets it); the token the sink checks comes over the relation
		Config: map[string]api.CharmOption{"poll-interval": integer("10", "seconds between token checks"),
			"token": str("", "a token for the sink itself; the one it checks comes from the source")},
		Revisions: revs(bothBase, archAll, nil, 5, 7),
		Channels:  map[string][]int{"latest/stable": {5, 7}, "latest/edge": {7}},
	},
	{
		Name: "apache2", Summary: "The Apache HTTP server.", ModelType: api.ModelTypeIAAS, DefaultChannel: "latest/stable",
		Provides: map[string]api.CharmEndpoint{"website": ep("http"), "apache-website": ep("apache-website"), "logs": ep("logs")},
		Requires: map[string]api.CharmEndpoint{"reverseproxy": ep("http"), "balancer": ep("http")},
		Config: map[string]api.CharmOption{
			"servername":              strNoDefault("ServerName of the default site"),
			"enable_modules":          str("", "space-separated modules to enable"),
			"mpm_type":                str("worker", "multi-processing module"),
			"mpm_max_request_workers": integer("150", "MaxRequestWorkers"),
			"keepalive_timeout":       float("5", "KeepAliveTimeout in seconds"),
		},
		Revisions: join(revs(jammyOne, archMain, nil, 55), revs(bothBase, archMain, nil, 59)),
		Channels:  map[string][]int{"latest/stable": {55, 59}, "latest/edge": {59}},
	},
	{
		Name: "ntp", Summary: "Network time for the machine it is attached to.", ModelType: api.ModelTypeIAAS, Subordinate: true,
		DefaultChannel: "latest/stable",
		Requires:       map[string]api.CharmEndpoint{"juju-info": cep("juju-info")},
		Provides:       map[string]api.CharmEndpoint{"ntpmaster": ep("ntp")},
		Config: map[string]api.CharmOption{
			"source":             str("", "space-separated NTP servers"),
			"pools":              str("0.ubuntu.pool.ntp.org 1.ubuntu.pool.ntp.org", "space-separated NTP pools"),
			"verify_ntp_servers": boolean("false", "check the servers before use"),
			"orphan_stratum":     integer("6", "stratum used when no server is reachable"),
		},
		Revisions: join(revs(jammyOne, archAll, nil, 49), revs(bothBase, archAll, nil, 50)),
		Channels:  map[string][]int{"latest/stable": {49, 50}, "latest/edge": {50}},
	},
	{
		Name: "nrpe", Summary: "Nagios remote plugin executor.", ModelType: api.ModelTypeIAAS, Subordinate: true, DefaultChannel: "latest/stable",
		Requires: map[string]api.CharmEndpoint{"general-info": cep("juju-info"), "local-monitors": cep("local-monitors")},
		Provides: map[string]api.CharmEndpoint{"monitors": ep("monitors"), "nrpe-external-master": cep("nrpe-external-master")},
		Config: map[string]api.CharmOption{
			"nagios_hostname_type":      str("unit", "how the host is named in Nagios"),
			"server_port":               integer("5666", "NRPE listen port"),
			"export_nagios_definitions": boolean("false", "export check definitions"),
		},
		Revisions: join(revs(jammyOne, archAll, nil, 73), revs(bothBase, archAll, nil, 75, 96)),
		Channels:  map[string][]int{"latest/stable": {73, 75}, "latest/edge": {75, 96}},
	},
	{
		Name: "telegraf", Summary: "Metrics agent for the machine it is attached to.", ModelType: api.ModelTypeIAAS, Subordinate: true,
		DefaultChannel: "latest/stable",
		Requires:       map[string]api.CharmEndpoint{"juju-info": cep("juju-info")},
		Provides:       map[string]api.CharmEndpoint{"prometheus-client": ep("prometheus")},
		Config: map[string]api.CharmOption{
			"interval":               str("10s", "collection interval"),
			"hostname":               str("", "host name in metrics"),
			"prometheus_output_port": integer("9103", "port of the prometheus output"),
		},
		Revisions: revs(bothBase, archAll, nil, 60, 64, 73, 75),
		Channels:  map[string][]int{"latest/stable": {60, 64, 73}, "latest/edge": {64, 75}},
	},
	{
		Name: "postgresql", Summary: "PostgreSQL database.", ModelType: api.ModelTypeIAAS, DefaultChannel: "14/stable",
		Provides: map[string]api.CharmEndpoint{"database": ep("postgresql_client"), "db": ep("pgsql"), "db-admin": ep("pgsql"), "cos-agent": ep("cos_agent")},
		Peers:    map[string]api.CharmEndpoint{"database-peers": ep("postgresql_peers")},
		Config: map[string]api.CharmOption{
			"profile":                      str("production", "production or testing"),
			"profile-limit-memory":         integer("0", "memory limit in MiB for the testing profile; 0 for none"),
			"plugin_pg_trgm_enable":        boolean("false", "enable pg_trgm"),
			"experimental_max_connections": integer("100", "maximum connections"),
		},
		Storage:   map[string]api.CharmStorage{"pgdata": fs("/var/snap/charmed-postgresql/common", 1, 1, 0)},
		Revisions: join(revs(jammyOne, archMain, nil, 429, 553, 560), revs([]string{noble}, archMain, nil, 700)),
		Channels:  map[string][]int{"14/stable": {429, 553}, "14/candidate": {553}, "14/edge": {553, 560}, "16/edge": {700}},
	},
	{
		Name: "mysql", Summary: "MySQL database.", ModelType: api.ModelTypeIAAS, DefaultChannel: "8.0/stable",
		Provides: map[string]api.CharmEndpoint{"database": ep("mysql_client"), "mysql": ep("mysql"), "db": ep("mysql"), "db-router": ep("mysql-root")},
		Peers:    map[string]api.CharmEndpoint{"database-peers": ep("mysql_peers")},
		Config: map[string]api.CharmOption{
			"cluster-name":         strNoDefault("name of the InnoDB cluster"),
			"profile":              str("production", "production or testing"),
			"profile-limit-memory": integer("0", "memory limit in MiB for the testing profile; 0 for none"),
		},
		Storage:   map[string]api.CharmStorage{"database": fs("/var/snap/charmed-mysql/common", 1, 1, 0)},
		Revisions: revs(jammyOne, archMain, nil, 196, 240),
		Channels:  map[string][]int{"8.0/stable": {196, 240}, "8.0/edge": {240}},
	},
	{
		Name: "wordpress", Summary: "WordPress blog.", ModelType: api.ModelTypeIAAS, DefaultChannel: "latest/stable",
		Requires: map[string]api.CharmEndpoint{"db": ep("mysql"), "nfs": ep("mount"), "cache": ep("memcache")},
		Provides: map[string]api.CharmEndpoint{"website": ep("http")},
		Peers:    map[string]api.CharmEndpoint{"loadbalancer": ep("reversenginx")},
		Config: map[string]api.CharmOption{
			"tuning":     str("single", "single, optimized or bare"),
			"engine":     str("nginx", "web server"),
			"debug":      boolean("false", "enable debugging"),
			"wp-content": str("", "repository of wp-content"),
		},
		Revisions: revs(bothBase, archMain, nil, 18),
		Channels:  map[string][]int{"latest/stable": {18}, "latest/edge": {18}},
	},
	{
		Name: "percona-cluster", Summary: "Percona XtraDB cluster.", ModelType: api.ModelTypeIAAS, DefaultChannel: "latest/stable",
		Provides: map[string]api.CharmEndpoint{"shared-db": ep("mysql-shared"), "db": ep("mysql"), "server": ep("mysql"), "db-admin": ep("mysql-root")},
		Peers:    map[string]api.CharmEndpoint{"cluster": ep("percona-cluster")},
		Config: map[string]api.CharmOption{
			"max-connections": integer("-1", "maximum connections; -1 for the server default"),
			"root-password":   strNoDefault("root password; generated when empty"),
		},
		Revisions: revs(jammyOne, archMain, nil, 302),
		Channels:  map[string][]int{"latest/stable": {302}},
	},
	{
		Name: "haproxy", Summary: "HAProxy load balancer.", ModelType: api.ModelTypeIAAS, DefaultChannel: "latest/stable",
		Provides: map[string]api.CharmEndpoint{"website": ep("http")},
		Requires: map[string]api.CharmEndpoint{"reverseproxy": ep("http")},
		Peers:    map[string]api.CharmEndpoint{"peer": ep("haproxy-peer")},
		Config: map[string]api.CharmOption{
			"default_timeouts":  str("queue 20000, client 50000, connect 5000, server 50000", "default timeouts"),
			"enable_monitoring": boolean("false", "enable the statistics page"),
			"monitoring_port":   integer("10000", "port of the statistics page"),
		},
		Revisions: revs(bothBase, archMain, nil, 66, 75),
		Channels:  map[string][]int{"latest/stable": {66, 75}},
	},

	// Cluster (caas) charms.
	{
		Name: "coredns", Summary: "CoreDNS for the cluster.", ModelType: api.ModelTypeCAAS, DefaultChannel: "latest/stable",
		Provides: map[string]api.CharmEndpoint{"dns-provider": ep("kube-dns")},
		Config: map[string]api.CharmOption{
			"domain":        str("cluster.local", "cluster domain"),
			"forward":       str("/etc/resolv.conf", "upstream resolvers"),
			"extra_servers": str("", "extra server blocks"),
		},
		Resources: map[string]resourceDef{
			"coredns-image": {Type: api.ResourceTypeOCIImage, Description: "CoreDNS OCI image", Revisions: []int{59, 60, 69, 74}},
		},
		Revisions: join(
			[]revisionDef{{Revision: 18, Bases: []string{focal}, Archs: archMain, Resources: map[string]int{"coredns-image": 59}}},
			[]revisionDef{{Revision: 191, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"coredns-image": 60}}},
			[]revisionDef{{Revision: 199, Bases: bothBase, Archs: archMain, Resources: map[string]int{"coredns-image": 69}}},
			[]revisionDef{{Revision: 210, Bases: bothBase, Archs: archMain, Resources: map[string]int{"coredns-image": 74}}},
		),
		Channels: map[string][]int{
			"latest/stable": {191, 199}, "latest/candidate": {199}, "latest/beta": {199}, "latest/edge": {199, 210},
			"1.25/stable": {18, 199}, "1.34/stable": {199}, "1.35/stable": {210},
		},
	},
	{
		Name: "hello-juju", Summary: "A hello-world web application.", ModelType: api.ModelTypeCAAS, DefaultChannel: "latest/stable",
		Requires: map[string]api.CharmEndpoint{"db": ep("pgsql")},
		Provides: map[string]api.CharmEndpoint{"website": ep("http")},
		Config: map[string]api.CharmOption{
			"port":             integer("8080", "listen port"),
			"application-repo": str("https://github.com/juju/hello-juju-app", "repository of the application"),
		},
		Resources: map[string]resourceDef{
			"application-image": {Type: api.ResourceTypeOCIImage, Description: "hello-juju OCI image", Revisions: []int{1, 2}},
		},
		Revisions: []revisionDef{{Revision: 8, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"application-image": 2}}},
		Channels:  map[string][]int{"latest/stable": {8}},
	},
	{
		Name: "postgresql-k8s", Summary: "PostgreSQL on the cluster.", ModelType: api.ModelTypeCAAS, DefaultChannel: "14/stable",
		Provides: map[string]api.CharmEndpoint{"database": ep("postgresql_client"), "db": ep("pgsql"), "db-admin": ep("pgsql")},
		Peers:    map[string]api.CharmEndpoint{"database-peers": ep("postgresql_peers"), "restart": ep("rolling_op")},
		Config: map[string]api.CharmOption{
			"profile":              str("production", "production or testing"),
			"profile-limit-memory": integer("0", "memory limit in MiB for the testing profile; 0 for none"),
		},
		Storage: map[string]api.CharmStorage{"pgdata": fs("/var/lib/postgresql/data", 1, 1, 0)},
		Resources: map[string]resourceDef{
			"postgresql-image": {Type: api.ResourceTypeOCIImage, Description: "PostgreSQL OCI image", Revisions: []int{149, 159, 164}},
		},
		Revisions: join(
			[]revisionDef{{Revision: 281, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"postgresql-image": 149}}},
			[]revisionDef{{Revision: 300, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"postgresql-image": 159}}},
			[]revisionDef{{Revision: 310, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"postgresql-image": 164}}},
		),
		Channels: map[string][]int{"14/stable": {281, 300}, "14/edge": {300, 310}},
	},
	{
		Name: "mysql-k8s", Summary: "MySQL on the cluster.", ModelType: api.ModelTypeCAAS, DefaultChannel: "8.0/stable",
		Provides: map[string]api.CharmEndpoint{"database": ep("mysql_client"), "mysql-root": ep("mysql_root")},
		Peers:    map[string]api.CharmEndpoint{"database-peers": ep("mysql_peers"), "restart": ep("rolling_op")},
		Config: map[string]api.CharmOption{
			"cluster-name": strNoDefault("name of the InnoDB cluster"),
			"profile":      str("production", "production or testing"),
		},
		Storage: map[string]api.CharmStorage{"database": fs("/var/lib/mysql", 1, 1, 0)},
		Resources: map[string]resourceDef{
			"mysql-image": {Type: api.ResourceTypeOCIImage, Description: "MySQL OCI image", Revisions: []int{109, 113}},
		},
		Revisions: join(
			[]revisionDef{{Revision: 153, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"mysql-image": 109}}},
			[]revisionDef{{Revision: 180, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"mysql-image": 113}}},
		),
		Channels: map[string][]int{"8.0/stable": {153, 180}, "8.0/edge": {180}},
	},
	{
		Name: "grafana-agent-k8s", Summary: "Grafana Agent on the cluster.", ModelType: api.ModelTypeCAAS, DefaultChannel: "latest/stable",
		Requires: map[string]api.CharmEndpoint{
			"send-remote-write": ep("prometheus_remote_write"), "logging-consumer": ep("loki_push_api"),
			"metrics-endpoint": ep("prometheus_scrape"), "grafana-dashboards-provider": ep("grafana_dashboard"),
		},
		Provides: map[string]api.CharmEndpoint{"logging-provider": ep("loki_push_api"), "grafana-dashboards-consumer": ep("grafana_dashboard")},
		Config: map[string]api.CharmOption{
			"log_level":                str("info", "agent log level"),
			"tls_insecure_skip_verify": boolean("false", "skip TLS verification of targets"),
			"scrape_interval_factor":   float("1.0", "multiplier of scrape intervals"),
		},
		Storage: map[string]api.CharmStorage{"data": fs("/tmp/agent/data", 1, 1, 0)},
		Resources: map[string]resourceDef{
			"agent-image": {Type: api.ResourceTypeOCIImage, Description: "Grafana Agent OCI image", Revisions: []int{42, 45}},
		},
		Revisions: join(
			[]revisionDef{{Revision: 80, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"agent-image": 42}}},
			[]revisionDef{{Revision: 93, Bases: bothBase, Archs: archMain, Resources: map[string]int{"agent-image": 45}}},
			[]revisionDef{{Revision: 164, Bases: bothBase, Archs: archMain, Resources: map[string]int{"agent-image": 45}}},
		),
		Channels: map[string][]int{"latest/stable": {80, 93}, "latest/edge": {93}, "1/stable": {164}},
	},

	// Charms that the upstream provider's configurations deploy besides
	// (../shared/upstream-fixtures/orch-catalogue.tsv; testdata/upstream-charms.tsv).
	{
		Name: "conserver", Summary: "Console server for the machines of a model.", ModelType: api.ModelTypeIAAS, Kubernetes: true, DefaultChannel: "latest/stable",
		Config: map[string]api.CharmOption{
			"config-file": str("", "content of conserver.cf; generated when empty"),
			"passwd-file": str("", "content of conserver.passwd"),
		},
		Revisions: revs(bothBase, archMain, nil, 7, 9),
		Channels:  map[string][]int{"latest/stable": {7, 9}, "latest/edge": {9}},
	},
	{
		Name: "github-runner", Summary: "Self-hosted runners of a GitHub repository or organisation.", ModelType: api.ModelTypeIAAS,
		DefaultChannel: "latest/stable",
		Config: map[string]api.CharmOption{
			"path":             strNoDefault("organisation or repository of the runners"),
			"token":            strNoDefault("GitHub token the runners register with"),
			"runner-storage":   str("juju-storage", "where the runners' disks live: juju-storage or memory"),
			"virtual-machines": integer("1", "number of runners"),
		},
		Revisions: revs(jammyOne, archMain, nil, 88, 96),
		Channels:  map[string][]int{"latest/stable": {88}, "latest/edge": {88, 96}},
	},
	{
		Name: "content-cache-k8s", Summary: "A content cache on the cluster.", ModelType: api.ModelTypeCAAS, DefaultChannel: "latest/stable",
		Provides: map[string]api.CharmEndpoint{"grafana-dashboard": ep("grafana_dashboard"), "metrics-endpoint": ep("prometheus_scrape")},
		Requires: map[string]api.CharmEndpoint{"ingress": ep("ingress")},
		Config: map[string]api.CharmOption{
			"backend":        strNoDefault("URL of the backend to cache"),
			"cache_max_size": str("10G", "size of the cache"),
		},
		Resources: map[string]resourceDef{
			"content-cache-image": {Type: api.ResourceTypeOCIImage, Description: "content cache OCI image", Revisions: []int{30, 33}},
		},
		Revisions: join(
			[]revisionDef{{Revision: 44, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"content-cache-image": 30}}},
			[]revisionDef{{Revision: 49, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"content-cache-image": 33}}},
		),
		Channels: map[string][]int{"latest/stable": {44, 49}, "latest/edge": {49}},
	},
	{
		Name: "juju-jimm-k8s", Summary: "The hub of controllers, on the cluster.", ModelType: api.ModelTypeCAAS, DefaultChannel: "3/stable",
		Requires: map[string]api.CharmEndpoint{
			"ingress": ep("ingress"), "internal-ingress": ep("ingress"), "database": ep("postgresql_client"),
		},
		Provides: map[string]api.CharmEndpoint{"metrics-endpoint": ep("prometheus_scrape")},
		Config: map[string]api.CharmOption{
			"dns-name":                       strNoDefault("host name the hub is reached at"),
			"ssh-max-concurrent-connections": integer("100", "concurrent SSH connections the hub proxies"),
			"log-level":                      str("info", "log level"),
		},
		Resources: map[string]resourceDef{
			"jimm-image": {Type: api.ResourceTypeOCIImage, Description: "hub OCI image", Revisions: []int{40, 55, 60}},
		},
		Revisions: join(
			[]revisionDef{{Revision: 50, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"jimm-image": 40}}},
			[]revisionDef{{Revision: 90, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"jimm-image": 55}}},
			[]revisionDef{{Revision: 104, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"jimm-image": 60}}},
		),
		Channels: map[string][]int{"3/stable": {50, 90}, "3/edge": {90, 104}},
	},
	{
		Name: "traefik-k8s", Summary: "Ingress for the applications of the cluster.", ModelType: api.ModelTypeCAAS, DefaultChannel: "latest/stable",
		Provides: map[string]api.CharmEndpoint{"ingress": ep("ingress"), "traefik-route": ep("traefik_route")},
		Config: map[string]api.CharmOption{
			"external_hostname": strNoDefault("host name the ingress answers for"),
			"routing_mode":      str("path", "path or subdomain"),
		},
		Resources: map[string]resourceDef{
			"traefik-image": {Type: api.ResourceTypeOCIImage, Description: "Traefik OCI image", Revisions: []int{160, 165}},
		},
		Revisions: join(
			[]revisionDef{{Revision: 194, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"traefik-image": 160}}},
			[]revisionDef{{Revision: 203, Bases: jammyOne, Archs: archMain, Resources: map[string]int{"traefik-image": 165}}},
		),
		Channels: map[string][]int{"latest/stable": {194, 203}, "latest/edge": {203}},
	},
}
