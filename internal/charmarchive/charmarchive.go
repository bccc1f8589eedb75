// Package charmarchive reads a .charm archive (a zip holding metadata.yaml,
// and optionally manifest.yaml and config.yaml), for the orch provider's
// plan-time checks of a local charm and the orch sandbox's upload endpoint,
// which apply the same rules. Declarations gives what an archive declares in
// the shape the controller describes a store charm in, so that an
// application is checked against either with the same code.
package charmarchive

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// MaxBytes is the largest archive the controller accepts.
const MaxBytes = 8 << 20

// optionTypes are the types of config.yaml options.
var optionTypes = []string{api.OptionString, api.OptionInt, api.OptionFloat, api.OptionBool, api.OptionSecret}

var nameRE = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]*[a-z][a-z0-9]*)*$`)

// Charm is what an archive declares.
type Charm struct {
	Name        string
	Summary     string
	Subordinate bool
	Provides    map[string]Relation
	Requires    map[string]Relation
	Peers       map[string]Relation
	// Containers makes it a charm of cluster (caas) models.
	Containers bool
	// Bases are the manifest's bases as <os>@<channel>, in its order.
	Bases   []string
	Options map[string]Option
	// Resources are metadata.yaml's resources.
	Resources map[string]Resource
	// Hash is the SHA-256 of the archive, in hex.
	Hash string
}

// Relation is an endpoint of metadata.yaml.
type Relation struct {
	Interface string `yaml:"interface"`
	Scope     string `yaml:"scope"`
}

// Resource is a resource of metadata.yaml: Type is file (the default) or
// oci-image; a file resource names its Filename.
type Resource struct {
	Type        string `yaml:"type"`
	Filename    string `yaml:"filename"`
	Description string `yaml:"description"`
}

// Option is a config option of config.yaml; Default is nil when it has none.
type Option struct {
	Type        string `yaml:"type"`
	Default     any    `yaml:"default"`
	Description string `yaml:"description"`
}

type metadata struct {
	Name        string              `yaml:"name"`
	Summary     string              `yaml:"summary"`
	Subordinate bool                `yaml:"subordinate"`
	Provides    map[string]Relation `yaml:"provides"`
	Requires    map[string]Relation `yaml:"requires"`
	Peers       map[string]Relation `yaml:"peers"`
	Containers  map[string]any      `yaml:"containers"`
	Resources   map[string]Resource `yaml:"resources"`
}

type manifest struct {
	Bases []struct {
		Name    string `yaml:"name"`
		Channel string `yaml:"channel"`
	} `yaml:"bases"`
}

type config struct {
	Options map[string]Option `yaml:"options"`
}

// Read checks an archive and reads its declarations. The errors say what is
// wrong with the archive, without naming it.
func Read(data []byte) (*Charm, error) {
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("the archive is larger than %d bytes", MaxBytes)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("not a zip archive (a .charm file is one): %w", err)
	}
	files := map[string]*zip.File{}
	for _, f := range zr.File {
		files[f.Name] = f
	}
	read := func(name string, v any) (bool, error) {
		f, ok := files[name]
		if !ok {
			return false, nil
		}
		rc, err := f.Open()
		if err != nil {
			return true, fmt.Errorf("%s: %w", name, err)
		}
		defer func() { _ = rc.Close() }()
		b, err := io.ReadAll(io.LimitReader(rc, MaxBytes))
		if err != nil {
			return true, fmt.Errorf("%s: %w", name, err)
		}
		if err := yaml.Unmarshal(b, v); err != nil {
			return true, fmt.Errorf("%s is not valid YAML: %w", name, err)
		}
		return true, nil
	}
	var meta metadata
	found, err := read("metadata.yaml", &meta)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("the archive has no metadata.yaml at its root")
	}
	if meta.Name == "" {
		return nil, fmt.Errorf("metadata.yaml: name is required")
	}
	if !nameRE.MatchString(meta.Name) {
		return nil, fmt.Errorf("metadata.yaml: %q is not a valid charm name (lower-case letters, digits and hyphens, starting with a letter)", meta.Name)
	}
	var man manifest
	if _, err := read("manifest.yaml", &man); err != nil {
		return nil, err
	}
	var cfg config
	if _, err := read("config.yaml", &cfg); err != nil {
		return nil, err
	}
	for _, k := range slices.Sorted(maps.Keys(cfg.Options)) {
		o := cfg.Options[k]
		if o.Type == "" {
			o.Type = api.OptionString
			cfg.Options[k] = o
		}
		if !slices.Contains(optionTypes, o.Type) {
			return nil, fmt.Errorf("config.yaml: option %q has type %q; the types are %s", k, o.Type, strings.Join(optionTypes, ", "))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(meta.Resources)) {
		r := meta.Resources[k]
		if r.Type == "" {
			r.Type = api.ResourceTypeFile
			meta.Resources[k] = r
		}
		switch {
		case r.Type != api.ResourceTypeFile && r.Type != api.ResourceTypeOCIImage:
			return nil, fmt.Errorf("metadata.yaml: resource %q has type %q; the types are %s and %s", k, r.Type, api.ResourceTypeFile, api.ResourceTypeOCIImage)
		case r.Type == api.ResourceTypeFile && r.Filename == "":
			return nil, fmt.Errorf("metadata.yaml: resource %q of type %s needs a filename", k, api.ResourceTypeFile)
		}
	}
	sum := sha256.Sum256(data)
	c := &Charm{Name: meta.Name, Summary: meta.Summary, Subordinate: meta.Subordinate, Provides: meta.Provides,
		Requires: meta.Requires, Peers: meta.Peers, Containers: len(meta.Containers) > 0, Options: cfg.Options,
		Resources: meta.Resources, Hash: hex.EncodeToString(sum[:])}
	for _, b := range man.Bases {
		if b.Name == "" || b.Channel == "" {
			return nil, fmt.Errorf("manifest.yaml: base %q must have a name and a channel, for example ubuntu and 22.04", b.Name+"@"+b.Channel)
		}
		if base := b.Name + "@" + b.Channel; !slices.Contains(c.Bases, base) {
			c.Bases = append(c.Bases, base)
		}
	}
	return c, nil
}

// Declarations is the charm as the controller describes a store charm
// (GET /v1/charms/{name}): its model type, bases, endpoints (scope global
// unless given), config options (a default rendered as a string) and
// resources, which have no store revisions.
func (c *Charm) Declarations() api.Charm {
	d := api.Charm{Name: c.Name, Summary: c.Summary, Subordinate: c.Subordinate, ModelType: api.ModelTypeIAAS,
		Bases: slices.Clone(c.Bases), Provides: endpoints(c.Provides), Requires: endpoints(c.Requires), Peers: endpoints(c.Peers),
		Config: map[string]api.CharmOption{}, Resources: map[string]api.CharmResource{}}
	if c.Containers {
		d.ModelType = api.ModelTypeCAAS
	}
	d.ModelTypes = []string{d.ModelType}
	for k, o := range c.Options {
		opt := api.CharmOption{Type: o.Type, Description: o.Description}
		if o.Default != nil {
			opt.Default, opt.HasDefault = fmt.Sprint(o.Default), true
		}
		d.Config[k] = opt
	}
	for k, r := range c.Resources {
		d.Resources[k] = api.CharmResource{Type: r.Type, Filename: r.Filename, Description: r.Description, Revisions: []int{}}
	}
	return d
}

func endpoints(in map[string]Relation) map[string]api.CharmEndpoint {
	out := make(map[string]api.CharmEndpoint, len(in))
	for k, r := range in {
		scope := r.Scope
		if scope == "" {
			scope = "global"
		}
		out[k] = api.CharmEndpoint{Interface: r.Interface, Scope: scope}
	}
	return out
}
