package orch

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCatalogueIsConsistent: channels release revisions that exist, default
// resource revisions are revisions of the resource, bases are supported, and
// every charm is in the contract's table.
func TestCatalogueIsConsistent(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/api/orch.md")
	require.NoError(t, err)
	for _, d := range catalogue {
		assert.Contains(t, string(doc), "| `"+d.Name+"` |", "charm %s is documented", d.Name)
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
				assert.NoError(t, checkValue(opt.Type, opt.Default), "%s: default %q", d.Name, opt.Default)
			}
		}
		if d.Subordinate {
			assert.True(t, slices.ContainsFunc(sortedKeys(d.Requires), func(n string) bool { return d.Requires[n].Scope == "container" }), "%s attaches over a container-scoped endpoint", d.Name)
		}
		assert.False(t, strings.Contains(d.Name, "_"))
	}
}
