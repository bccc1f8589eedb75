package orch

import (
	"errors"
	"io"
	"net/http"
	"slices"
	"strconv"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/charmarchive"
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

// charmDefOf is the definition of an uploaded charm: what its archive
// declares (its resources have no store revisions).
func charmDefOf(c *charmarchive.Charm) charmDef {
	d := c.Declarations()
	def := charmDef{Name: d.Name, Summary: d.Summary, ModelType: d.ModelType, Subordinate: d.Subordinate,
		Provides: d.Provides, Requires: d.Requires, Peers: d.Peers, Config: d.Config, Resources: map[string]resourceDef{}}
	for k, r := range d.Resources {
		def.Resources[k] = resourceDef{Type: r.Type, Filename: r.Filename, Description: r.Description}
	}
	return def
}

func (s *server) uploadCharm(w http.ResponseWriter, r *http.Request) error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, charmarchive.MaxBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return newError(http.StatusRequestEntityTooLarge, api.CodeBadRequest, "archive",
				"the archive is larger than %d bytes", charmarchive.MaxBytes)
		}
		return badRequest("archive", "%v", err)
	}
	if len(data) == 0 {
		return badRequest("archive", "required: the body is the .charm archive")
	}
	c, err := charmarchive.Read(data)
	if err != nil {
		return badRequest("archive", "%v", err)
	}
	def, bases := charmDefOf(c), c.Bases
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
			Hash: c.Hash, Bases: bases, Subordinate: def.Subordinate}
		rec := localCharmRecord{LocalCharm: out, DocID: childID(m.UUID, out.URL), Def: def}
		if err := tx.Put(kindLocalCharm, rec.DocID, m.UUID, rec); err != nil {
			return err
		}
		return rememberCreated(r, tx, out)
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
