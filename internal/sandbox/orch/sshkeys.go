package orch

import (
	"net/http"
	"slices"
	"strings"

	"golang.org/x/crypto/ssh"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// SSH keys authorised on the machines of a model: parsed as authorized_keys
// lines, unique in a model by fingerprint. Reading them needs read access to
// the model; adding and removing them, admin.

const kindSSHKey = "ssh-key"

type sshKeyRecord struct {
	api.SSHKey
	DocID string `json:"docId"`
}

// parseSSHKey checks a public key in authorized_keys form (one key, no
// options) and answers it with its fingerprint.
func parseSSHKey(text string) (api.SSHKey, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return api.SSHKey{}, badRequest("key", "required")
	}
	if strings.ContainsAny(text, "\r\n") {
		return api.SSHKey{}, badRequest("key", "one public key per request, on one line")
	}
	pub, comment, options, rest, err := ssh.ParseAuthorizedKey([]byte(text))
	if err != nil {
		return api.SSHKey{}, badRequest("key", "not a public key in authorized_keys form (<type> <base64> [comment]): %v", err)
	}
	if len(options) > 0 || len(rest) > 0 {
		return api.SSHKey{}, badRequest("key", "a key takes no options and is alone on its line")
	}
	return api.SSHKey{Fingerprint: ssh.FingerprintLegacyMD5(pub), Key: text, Type: pub.Type(), Comment: comment}, nil
}

func (s *server) listSSHKeys(w http.ResponseWriter, r *http.Request) error {
	var out api.List[api.SSHKey]
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		out, err = listPage(tx, r, kindSSHKey, m.UUID, func(k *sshKeyRecord) (api.SSHKey, bool, error) {
			return k.SSHKey, true, nil
		})
		return err
	})
	if err != nil {
		return err
	}
	// A whole listing is in fingerprint order, as before lists paged; the
	// pages are in insertion order (Paging).
	if !paged(r) {
		slices.SortFunc(out.Items, func(a, b api.SSHKey) int { return strings.Compare(a.Fingerprint, b.Fingerprint) })
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) getSSHKey(w http.ResponseWriter, r *http.Request) error {
	var k sshKeyRecord
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		found, err := tx.Get(kindSSHKey, childID(m.UUID, r.PathValue("fingerprint")), &k)
		if err != nil {
			return err
		}
		if !found {
			return notFound("no SSH key with fingerprint %q in model %q", r.PathValue("fingerprint"), m.Name)
		}
		return nil
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, k.SSHKey)
	return nil
}

func (s *server) addSSHKey(w http.ResponseWriter, r *http.Request) error {
	var req api.AddSSHKeyRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	k, err := parseSSHKey(req.Key)
	if err != nil {
		return err
	}
	k.AddedBy, k.AddedAt = userOf(r).Name, requestTime(r)
	err = s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModelWith(r, tx, r.PathValue("uuid"), api.ModelAccessAdmin)
		if err != nil {
			return err
		}
		rec := sshKeyRecord{SSHKey: k, DocID: childID(m.UUID, k.Fingerprint)}
		var old sshKeyRecord
		if found, err := tx.Get(kindSSHKey, rec.DocID, &old); err != nil {
			return err
		} else if found {
			return alreadyExists("key", "model %q already has the key with fingerprint %s (comment %q)", m.Name, k.Fingerprint, old.Comment)
		}
		if err := tx.Put(kindSSHKey, rec.DocID, m.UUID, rec); err != nil {
			return err
		}
		return rememberCreated(r, tx, k)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, k)
	return nil
}

func (s *server) deleteSSHKey(w http.ResponseWriter, r *http.Request) error {
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModelWith(r, tx, r.PathValue("uuid"), api.ModelAccessAdmin)
		if err != nil {
			return err
		}
		if found, err := tx.Delete(kindSSHKey, childID(m.UUID, r.PathValue("fingerprint"))); err != nil {
			return err
		} else if !found {
			return notFound("no SSH key with fingerprint %q in model %q", r.PathValue("fingerprint"), m.Name)
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
