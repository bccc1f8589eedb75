package migration

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"time"

	mig "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Upload addresses issued for an existing data file (POST {file}/uploadUris)
// for a client that needs one for a while only (an upload of one Terraform
// run), and revoked by it when done (DELETE {file}/uploadUris/{uploadUri}).
// Each is signed with its own ID, so that revoking one leaves the others,
// and the address issued with the file, valid.

const kindUploadURI = "migration.uploadUri"

// uploadURIDoc is an issued address that is not revoked; revoking deletes
// it, and an address whose document is gone is refused.
type uploadURIDoc struct {
	Name   string    `json:"name"`
	Expiry time.Time `json:"expiry"`
}

func (s *service) createUploadURI(w http.ResponseWriter, r *http.Request) error {
	name := fileName(r)
	var in mig.CreateUploadURIRequest
	if err := decodeBody(r, &in); err != nil {
		return err
	}
	ttl := s.cfg.UploadURLTTL
	if in.TTLSeconds != 0 {
		if in.TTLSeconds < mig.MinUploadURITTLSeconds || in.TTLSeconds > mig.MaxUploadURITTLSeconds {
			return fieldError("ttlSeconds", fmt.Sprintf("%d is outside %d to %d seconds", in.TTLSeconds, mig.MinUploadURITTLSeconds, mig.MaxUploadURITTLSeconds))
		}
		ttl = time.Duration(in.TTLSeconds) * time.Second
	}
	idBytes := make([]byte, 12)
	if _, err := rand.Read(idBytes); err != nil {
		return err
	}
	id := hex.EncodeToString(idBytes)
	base := s.publicURL(r)
	var out mig.UploadURI
	err := s.store.Tx(r.Context(), func(tx *store.Tx) error {
		if err := s.settle(tx, s.now()); err != nil {
			return err
		}
		var f fileDoc
		ok, err := tx.Get(kindFile, name, &f)
		if err != nil {
			return err
		}
		if !ok || f.File.State == mig.FileStateDeleting {
			return notFound("import data file", name)
		}
		expiry := s.now().Add(ttl)
		out = mig.UploadURI{Name: name + "/uploadUris/" + id, UploadFileInfo: s.signURI(base, name, f.UID, id, f.File.Format, expiry)}
		return tx.Put(kindUploadURI, out.Name, name, uploadURIDoc{Name: out.Name, Expiry: expiry})
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *service) revokeUploadURI(w http.ResponseWriter, r *http.Request) error {
	name := fileName(r) + "/uploadUris/" + r.PathValue("uploadUri")
	err := s.store.Tx(r.Context(), func(tx *store.Tx) error {
		ok, err := tx.Delete(kindUploadURI, name)
		if err == nil && !ok {
			err = notFound("upload address", name)
		}
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, struct{}{})
	return nil
}

// checkUploadURI refuses an address of POST {file}/uploadUris once revoked.
func (s *service) checkUploadURI(r *http.Request, file, id string) error {
	return s.read(r.Context(), func(tx *store.Tx) error {
		ok, err := tx.Get(kindUploadURI, file+"/uploadUris/"+id, &uploadURIDoc{})
		if err == nil && !ok {
			err = errorf(http.StatusForbidden, mig.StatusPermissionDenied, "the signed upload address was revoked; ask for a new one")
		}
		return err
	})
}

// deleteUploadURIs forgets the addresses issued for a deleted data file.
func deleteUploadURIs(tx *store.Tx, file string) error {
	uris, err := store.List[uploadURIDoc](tx, kindUploadURI, file)
	if err != nil {
		return err
	}
	for _, u := range uris {
		if _, err := tx.Delete(kindUploadURI, u.Name); err != nil {
			return err
		}
	}
	return nil
}
