package orch

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Local charms: a .charm archive (a zip with metadata.yaml, and optionally
// manifest.yaml and config.yaml) uploaded to a model, as `juju deploy
// ./x.charm` does. Each upload of a charm name gets the next revision of that
// name in the model; applications deploy it with charm.source "local".

const kindLocalCharm = "local-charm"

// localCharmRecord is an uploaded charm with the definition read from its
// archive, which applications deployed from it carry.
type localCharmRecord struct {
	api.LocalCharm
	DocID string   `json:"docId"`
	Def   charmDef `json:"def"`
}

var charmNameRE = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]*[a-z][a-z0-9]*)*$`)

type charmMetadata struct {
	Name        string                      `yaml:"name"`
	Summary     string                      `yaml:"summary"`
	Subordinate bool                        `yaml:"subordinate"`
	Provides    map[string]metadataRelation `yaml:"provides"`
	Requires    map[string]metadataRelation `yaml:"requires"`
	Peers       map[string]metadataRelation `yaml:"peers"`
	Containers  map[string]any              `yaml:"containers"`
}

type metadataRelation struct {
	Interface string `yaml:"interface"`
	Scope     string `yaml:"scope"`
}

type charmManifest struct {
	Bases []struct {
		Name    string `yaml:"name"`
		Channel string `yaml:"channel"`
	} `yaml:"bases"`
}

type charmConfig struct {
	Options map[string]struct {
		Type        string `yaml:"type"`
		Default     any    `yaml:"default"`
		Description string `yaml:"description"`
	} `yaml:"options"`
}

// readCharmArchive checks an uploaded archive and reads its definition.
func readCharmArchive(data []byte) (charmDef, []string, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return charmDef{}, nil, badRequest("archive", "not a zip archive (a .charm file is one): %v", err)
	}
	read := func(name string, v any) (bool, error) {
		f, err := zr.Open(name)
		if err != nil {
			return false, nil //nolint:nilerr // an absent optional file
		}
		defer func() { _ = f.Close() }()
		b, err := io.ReadAll(f)
		if err != nil {
			return true, badRequest("archive", "%s: %v", name, err)
		}
		if err := yaml.Unmarshal(b, v); err != nil {
			return true, badRequest("archive", "%s is not valid YAML: %v", name, err)
		}
		return true, nil
	}
	var meta charmMetadata
	found, err := read("metadata.yaml", &meta)
	if err != nil {
		return charmDef{}, nil, err
	}
	if !found {
		return charmDef{}, nil, badRequest("archive", "the archive has no metadata.yaml at its root")
	}
	if meta.Name == "" {
		return charmDef{}, nil, badRequest("archive", "metadata.yaml: name is required")
	}
	if !charmNameRE.MatchString(meta.Name) {
		return charmDef{}, nil, badRequest("archive", "metadata.yaml: %q is not a valid charm name (lower-case letters, digits and hyphens, starting with a letter)", meta.Name)
	}
	var manifest charmManifest
	if _, err := read("manifest.yaml", &manifest); err != nil {
		return charmDef{}, nil, err
	}
	var bases []string
	for _, b := range manifest.Bases {
		base := b.Name + "@" + b.Channel
		if err := checkBase("archive", base); err != nil {
			return charmDef{}, nil, badRequest("archive", "manifest.yaml: base %q must have a name and a channel, for example ubuntu and 22.04", base)
		}
		if !slices.Contains(bases, base) {
			bases = append(bases, base)
		}
	}
	var cfg charmConfig
	if _, err := read("config.yaml", &cfg); err != nil {
		return charmDef{}, nil, err
	}
	def := charmDef{Name: meta.Name, Summary: meta.Summary, ModelType: api.ModelTypeIAAS, Subordinate: meta.Subordinate,
		Provides: relations(meta.Provides), Requires: relations(meta.Requires), Peers: relations(meta.Peers),
		Config: map[string]api.CharmOption{}}
	if len(meta.Containers) > 0 {
		def.ModelType = api.ModelTypeCAAS
	}
	for k, o := range cfg.Options {
		opt := api.CharmOption{Type: o.Type, Description: o.Description}
		if opt.Type == "" {
			opt.Type = "string"
		}
		if o.Default != nil {
			opt.Default, opt.HasDefault = fmt.Sprint(o.Default), true
		}
		def.Config[k] = opt
	}
	return def, bases, nil
}

func relations(in map[string]metadataRelation) map[string]api.CharmEndpoint {
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

func (s *server) uploadCharm(w http.ResponseWriter, r *http.Request) error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, api.MaxCharmArchiveBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return newError(http.StatusRequestEntityTooLarge, api.CodeBadRequest, "archive",
				"the archive is larger than %d bytes", api.MaxCharmArchiveBytes)
		}
		return badRequest("archive", "%v", err)
	}
	if len(data) == 0 {
		return badRequest("archive", "required: the body is the .charm archive")
	}
	def, bases, err := readCharmArchive(data)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	var out api.LocalCharm
	err = s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModelWith(r, tx, r.PathValue("uuid"), api.ModelAccessWrite)
		if err != nil {
			return err
		}
		if def.ModelType != m.Type {
			return badRequest("archive", "charm %q deploys to %s models; model %q is a %s model", def.Name, def.ModelType, m.Name, m.Type)
		}
		n, err := tx.NextID(kindLocalCharm + ":" + m.UUID + ":" + def.Name)
		if err != nil {
			return err
		}
		rev := int(n)
		def.Revisions = []revisionDef{{Revision: rev, Bases: bases, Archs: api.Architectures}}
		out = api.LocalCharm{URL: "local:" + def.Name + "-" + strconv.Itoa(rev), Name: def.Name, Revision: rev,
			Hash: hex.EncodeToString(sum[:]), Bases: bases, Subordinate: def.Subordinate}
		rec := localCharmRecord{LocalCharm: out, DocID: childID(m.UUID, out.URL), Def: def}
		return tx.Put(kindLocalCharm, rec.DocID, m.UUID, rec)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

// resolveLocalCharm finds the uploaded charm an application spec names and
// chooses its base: the one asked for, else the model's default-base when
// the archive declares it, else the archive's first, else the default-base.
func resolveLocalCharm(tx *store.Tx, m *modelRecord, ref api.CharmRef, arch, preferred string) (*resolvedCharm, string, error) {
	if ref.Channel != "" {
		return nil, "", badRequest("charm.channel", "a local charm has no channel")
	}
	if ref.Revision <= 0 {
		return nil, "", badRequest("charm.revision", "required for a local charm: the revision its upload answered")
	}
	url := "local:" + ref.Name + "-" + strconv.Itoa(ref.Revision)
	var rec localCharmRecord
	found, err := tx.Get(kindLocalCharm, childID(m.UUID, url), &rec)
	if err != nil {
		return nil, "", err
	}
	if !found {
		return nil, "", notFoundField("charm.name", "model %q has no uploaded charm %s; upload the archive first (POST /v1/models/{uuid}/charms)", m.Name, url)
	}
	if arch == "" {
		arch = api.DefaultArchitecture
	}
	base := ref.Base
	switch {
	case base != "":
		if err := checkBase("charm.base", base); err != nil {
			return nil, "", err
		}
		if len(rec.Bases) > 0 && !slices.Contains(rec.Bases, base) {
			return nil, "", badRequest("charm.base", "charm %s does not support %s (its manifest.yaml lists %v)", url, base, rec.Bases)
		}
	case len(rec.Bases) == 0 || slices.Contains(rec.Bases, preferred):
		base = preferred
	default:
		base = rec.Bases[0]
	}
	if base == "" {
		base = jammy
	}
	def := rec.Def
	return &resolvedCharm{def: &def, rev: def.Revisions[0], base: base, arch: arch}, rec.Hash, nil
}
