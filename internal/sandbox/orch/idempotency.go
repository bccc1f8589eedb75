package orch

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/charmarchive"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// keys honours Idempotency-Key on every authenticated create (POST) but
// logout and consume: machines, integrations and secrets get IDs the
// controller assigns, and a named object created by a request whose answer
// was lost would otherwise answer its retry with a conflict
// (docs/api/orch.md). A consume answer holds a new consume token, which is
// stored only hashed: remembered for a replay it would be kept in plain text,
// and a retry that mints another token is harmless. api wraps every
// authenticated route with it.
func (s *server) keys() *httpx.Idempotency {
	return &httpx.Idempotency{
		Store: s.st,
		Now:   s.now,
		// The largest body of a create is a local charm's upload.
		MaxBody: charmarchive.MaxBytes,
		Applies: func(r *http.Request) bool {
			return r.Method == http.MethodPost && r.URL.Path != api.APIPrefix+"/logout" && !isConsumePath(r.URL.Path)
		},
		// A removal is finished when a request comes (reap): an object
		// whose removal is due is gone, though its document may still be
		// there.
		Exists: func(tx *store.Tx, obj httpx.ObjectRef) (bool, error) {
			if err := s.reap(tx, s.now()); err != nil {
				return false, err
			}
			var doc json.RawMessage
			return tx.Get(obj.Kind, obj.ID, &doc)
		},
		Conflict: func(r *http.Request, key string, _ time.Time) *httpx.Error {
			return newError(http.StatusConflict, api.CodeConflict, "", "Idempotency-Key %q was already used for a different request", key)
		},
	}
}

// isConsumePath: the path is POST /v1/offers/{owner}/{name}/consume's.
func isConsumePath(p string) bool {
	rest, ok := strings.CutPrefix(p, api.APIPrefix+"/offers/")
	return ok && strings.Count(rest, "/") == 2 && strings.HasSuffix(rest, "/consume")
}

// rememberCreated remembers a create's answer, 201 with v, under the
// request's Idempotency-Key in tx: the create's own transaction, so that the
// change and its key are committed together (httpx.RememberInTx). Remembered
// after the commit instead, a crash of the controller between the two would
// keep the object and lose the key, and the client's retry would make a
// second machine, secret or integration, or be refused as a conflict. Each
// create ends its transaction with it and then answers the same.
//
// The answer of a create whose object createdObject knows (models,
// machines, applications, integrations, offers, secrets) is remembered with
// that object: a retry is answered from the key only while the object
// exists (httpx.RememberObjectInTx), never for one that is gone.
func rememberCreated(r *http.Request, tx *store.Tx, v any) error {
	if obj, ok := createdObject(v); ok {
		return httpx.RememberObjectInTx(r.Context(), tx, http.StatusCreated, v, obj)
	}
	return httpx.RememberInTx(r.Context(), tx, http.StatusCreated, v)
}

// forgetCreated takes back, in tx, the key that rememberCreated committed
// for the request: for a create that undoes its own commit (an integration
// that the offering controller did not register), in the transaction that
// undoes it, so that the client's retry is served anew instead of being
// answered with the object that is gone (httpx.ForgetInTx).
func forgetCreated(r *http.Request, tx *store.Tx) error {
	return httpx.ForgetInTx(r.Context(), tx)
}

// createdObject is the stored document of the object a create answers.
func createdObject(v any) (httpx.ObjectRef, bool) {
	switch o := v.(type) {
	case api.Model:
		return httpx.ObjectRef{Kind: kindModel, ID: o.UUID}, o.UUID != ""
	case *api.Model:
		if o != nil {
			return createdObject(*o)
		}
	case api.Machine:
		return httpx.ObjectRef{Kind: kindMachine, ID: childID(o.ModelUUID, o.ID)}, o.ModelUUID != "" && o.ID != ""
	case *api.Machine:
		if o != nil {
			return createdObject(*o)
		}
	case api.Application:
		return httpx.ObjectRef{Kind: kindApplication, ID: childID(o.ModelUUID, o.Name)}, o.ModelUUID != "" && o.Name != ""
	case *api.Application:
		if o != nil {
			return createdObject(*o)
		}
	case api.Integration:
		return httpx.ObjectRef{Kind: kindIntegration, ID: childID(o.ModelUUID, strconv.Itoa(o.ID))}, o.ModelUUID != ""
	case *api.Integration:
		if o != nil {
			return createdObject(*o)
		}
	case api.Offer:
		return httpx.ObjectRef{Kind: kindOffer, ID: o.URL}, o.URL != ""
	case *api.Offer:
		if o != nil {
			return createdObject(*o)
		}
	case api.Secret:
		return httpx.ObjectRef{Kind: kindSecret, ID: o.ID}, o.ID != ""
	case *api.Secret:
		if o != nil {
			return createdObject(*o)
		}
	}
	return httpx.ObjectRef{}, false
}
