package orch

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// TestCatalogueIsConsistent: channels release revisions that exist, default
// resource revisions are revisions of the resource, bases are supported, and
// every charm is in the contract's table.
func TestCatalogueIsConsistent(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/api/orch.md")
	require.NoError(t, err)
	for _, d := range catalogue {
		types := strings.Join(d.modelTypes(), ", ")
		if d.Subordinate {
			types += ", subordinate"
		}
		assert.Contains(t, string(doc), "| `"+d.Name+"` | "+types+" |", "charm %s is documented with its model types", d.Name)
		_, ok := d.Channels[d.DefaultChannel]
		assert.True(t, ok, "%s: default channel %s exists", d.Name, d.DefaultChannel)
		for ch, released := range d.Channels {
			_, err := normalizeChannel("", ch)
			assert.NoError(t, err, "%s: channel %s", d.Name, ch)
			for _, n := range released {
				assert.True(t, slices.ContainsFunc(d.Revisions, func(r revisionDef) bool { return r.Revision == n }), "%s: %s releases revision %d", d.Name, ch, n)
			}
		}
		for _, r := range d.Revisions {
			require.NotEmpty(t, r.Bases, "%s/%d has bases", d.Name, r.Revision)
			for _, b := range r.Bases {
				assert.Contains(t, SupportedBases, b)
			}
			for name, res := range d.Resources {
				assert.Contains(t, res.Revisions, r.Resources[name], "%s/%d: default revision of %s", d.Name, r.Revision, name)
			}
		}
		for _, opt := range d.Config {
			if opt.HasDefault {
				assert.NoError(t, api.CheckOptionValue(opt.Type, opt.Default), "%s: default %q", d.Name, opt.Default)
			}
		}
		if d.Subordinate {
			assert.True(t, slices.ContainsFunc(sortedKeys(d.Requires), func(n string) bool { return d.Requires[n].Scope == "container" }), "%s attaches over a container-scoped endpoint", d.Name)
		}
		assert.False(t, strings.Contains(d.Name, "_"))
	}
}

// TestCatalogueHoldsUpstreamCharms: every charm, channel, revision and base
// that the upstream provider's configurations deploy is found (with a
// revision and no channel, in the charm's default channel, as a deployment
// takes it).
func TestCatalogueHoldsUpstreamCharms(t *testing.T) {
	raw, err := os.ReadFile("testdata/upstream-charms.tsv")
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		require.Len(t, f, 5, line)
		q := charmQuery{Name: f[1], NameField: "name"}
		if f[2] != "-" {
			q.Channel = f[2]
		}
		if f[3] != "-" {
			q.Revision, err = strconv.Atoi(f[3])
			require.NoError(t, err, line)
		}
		if f[4] != "-" {
			q.Base = f[4]
		}
		rc, err := resolveCharm(q)
		if assert.NoError(t, err, line) && q.Revision > 0 {
			assert.Equal(t, q.Revision, rc.rev.Revision, line)
		}
	}
}

// TestCatalogueHoldsUpstreamOptionsAndEndpoints: the options and endpoints
// upstream's configurations set and integrate.
func TestCatalogueHoldsUpstreamOptionsAndEndpoints(t *testing.T) {
	for charm, options := range map[string][]string{
		"juju-qa-test": {"foo-string"}, "ubuntu": {"external-hostname"}, "conserver": {"config-file", "passwd-file"},
		"github-runner": {"runner-storage", "token"}, "juju-jimm-k8s": {"dns-name", "ssh-max-concurrent-connections"},
		// upstream's integration test sets token = "abc" on the sink
		"juju-qa-dummy-sink": {"token"},
	} {
		for _, o := range options {
			assert.Contains(t, charmIndex[charm].Config, o, "%s option %s", charm, o)
		}
	}
	for charm, endpoints := range map[string][]string{
		"wordpress": {"db"}, "mysql": {"db"}, "percona-cluster": {"server"},
		"content-cache-k8s": {"grafana-dashboard", "metrics-endpoint"}, "grafana-agent-k8s": {"metrics-endpoint", "grafana-dashboards-consumer"},
		"juju-jimm-k8s": {"ingress", "internal-ingress"}, "traefik-k8s": {"ingress"},
	} {
		for _, e := range endpoints {
			_, _, ok := charmIndex[charm].endpoint(e)
			assert.True(t, ok, "%s endpoint %s", charm, e)
		}
	}
}
