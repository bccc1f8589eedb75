package netfab

import (
	"cmp"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Service keys (docs/api/netfab.md "Service keys"): a company gives one of
// its ports a key, and another company orders a VXC to that port with it.

// kindServiceKey documents live under the port's UID as parent.
const kindServiceKey = "serviceKey"

// serviceKeyRecord is a stored key: the answer's fields plus what the
// service keeps to itself.
type serviceKeyRecord struct {
	api.ServiceKey
	CreatedAt time.Time  `json:"createdAt"`
	LastUsed  *time.Time `json:"lastUsedAt,omitempty"`
	Uses      int64      `json:"uses"`
}

// view is the key as its owner sees it at now.
func (k *serviceKeyRecord) view(now time.Time) api.ServiceKey {
	out := k.ServiceKey
	out.CreateDate = rfc3339(k.CreatedAt)
	if k.LastUsed != nil {
		out.LastUsed = rfc3339(*k.LastUsed)
	}
	out.VXCCount = k.Uses
	start, end := k.window()
	out.Expired = !end.IsZero() && !now.Before(end)
	out.Valid = k.Active && !out.Expired && (start.IsZero() || !now.Before(start)) && (!k.SingleUse || k.Uses == 0)
	return out
}

// window is the key's validity window; a zero time is an open side.
func (k *serviceKeyRecord) window() (start, end time.Time) {
	if k.ValidFor == nil {
		return
	}
	start, _ = time.Parse(time.RFC3339, k.ValidFor.StartTime)
	end, _ = time.Parse(time.RFC3339, k.ValidFor.EndTime)
	return
}

func loadServiceKey(tx *store.Tx, key string) (*serviceKeyRecord, error) {
	var k serviceKeyRecord
	found, err := tx.Get(kindServiceKey, key, &k)
	if err != nil || !found {
		return nil, err
	}
	return &k, nil
}

// ownKey loads a key of the caller's company or answers 404, as for a key
// that does not exist.
func (s *server) ownKey(tx *store.Tx, r *http.Request) (*serviceKeyRecord, error) {
	key := r.PathValue("key")
	k, err := loadServiceKey(tx, key)
	if err != nil {
		return nil, err
	}
	if k == nil || k.CompanyUID != callerCompany(r) {
		return nil, notFound("service key %s not found", key)
	}
	return k, nil
}

func checkValidFor(v *api.ServiceKeyValidFor) error {
	if v == nil {
		return nil
	}
	var start, end time.Time
	var err error
	if v.StartTime != "" {
		if start, err = time.Parse(time.RFC3339, v.StartTime); err != nil {
			return invalid("validFor.startTime", "must be an RFC 3339 time, such as 2025-01-01T00:00:00Z")
		}
	}
	if v.EndTime != "" {
		if end, err = time.Parse(time.RFC3339, v.EndTime); err != nil {
			return invalid("validFor.endTime", "must be an RFC 3339 time, such as 2025-12-31T23:59:59Z")
		}
	}
	if !start.IsZero() && !end.IsZero() && !end.After(start) {
		return invalid("validFor.endTime", "must be after validFor.startTime")
	}
	return nil
}

func (s *server) createServiceKey(w http.ResponseWriter, r *http.Request) error {
	var req api.ServiceKeyRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	now := s.now()
	var out api.ServiceKey
	err := s.tx(r.Context(), func(tx *store.Tx) error {
		port, err := activeEnd(tx, callerCompany(r), "productUid", req.ProductUID, api.ProductTypePort)
		if err != nil {
			return err
		}
		if port == nil {
			return invalid("productUid", "product %s does not exist", req.ProductUID)
		}
		switch {
		case req.MaxSpeed < 1 || req.MaxSpeed > port.PortSpeed:
			return invalid("maxSpeed", "must be between 1 and %d Mbps (the port's speed)", port.PortSpeed)
		case len(req.Description) > 255:
			return invalid("description", "must be at most 255 characters")
		case req.SingleUse && req.VLAN == 0:
			return invalid("vlan", "required for a single-use key: the VLAN the VXC ordered with it gets on the port")
		case !req.SingleUse && req.VLAN != 0:
			return invalid("vlan", "applies to single-use keys only; a multi-use key's VXCs choose their VLANs")
		case req.VLAN != 0 && (req.VLAN < minVLAN || req.VLAN > maxVLAN):
			return invalid("vlan", "must be between %d and %d", minVLAN, maxVLAN)
		}
		if err := checkValidFor(req.ValidFor); err != nil {
			return err
		}
		companyID := int64(1)
		for i, a := range s.accounts() {
			if a.CompanyUID == port.CompanyUID {
				companyID = int64(i + 1)
			}
		}
		k := serviceKeyRecord{ServiceKey: api.ServiceKey{
			Key: uuid.NewString(), ProductUID: port.ProductUID, ProductID: port.ProductID, Description: req.Description,
			MaxSpeed: req.MaxSpeed, SingleUse: req.SingleUse, Active: req.Active, VLAN: req.VLAN,
			PreApproved: req.PreApproved != nil && *req.PreApproved, ValidFor: req.ValidFor,
			CompanyUID: port.CompanyUID, CompanyID: companyID, CompanyName: port.CompanyName,
		}, CreatedAt: now}
		if k.ValidFor == nil {
			// The service answers the window it applies: from now, open-ended.
			k.ValidFor = &api.ServiceKeyValidFor{StartTime: rfc3339(now)}
		}
		if err := tx.Put(kindServiceKey, k.Key, port.ProductUID, &k); err != nil {
			return err
		}
		out = k.view(now)
		return nil
	})
	if err != nil {
		return err
	}
	writeData(w, http.StatusCreated, out)
	return nil
}

func (s *server) listServiceKeys(w http.ResponseWriter, r *http.Request) error {
	now := s.now()
	out := []api.ServiceKey{}
	err := s.tx(r.Context(), func(tx *store.Tx) error {
		keys, err := store.List[serviceKeyRecord](tx, kindServiceKey, r.URL.Query().Get("productUid"))
		if err != nil {
			return err
		}
		slices.SortFunc(keys, func(a, b serviceKeyRecord) int {
			return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), strings.Compare(a.Key, b.Key))
		})
		for i := range keys {
			if keys[i].CompanyUID == callerCompany(r) {
				out = append(out, keys[i].view(now))
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	writeData(w, http.StatusOK, out)
	return nil
}

func (s *server) getServiceKey(w http.ResponseWriter, r *http.Request) error {
	var k *serviceKeyRecord
	if err := s.tx(r.Context(), func(tx *store.Tx) error {
		var err error
		k, err = s.ownKey(tx, r)
		return err
	}); err != nil {
		return err
	}
	writeData(w, http.StatusOK, k.view(s.now()))
	return nil
}

func (s *server) updateServiceKey(w http.ResponseWriter, r *http.Request) error {
	var u api.ServiceKeyUpdate
	if err := decode(r, &u); err != nil {
		return err
	}
	if err := checkValidFor(u.ValidFor); err != nil {
		return err
	}
	var k *serviceKeyRecord
	if err := s.tx(r.Context(), func(tx *store.Tx) error {
		var err error
		if k, err = s.ownKey(tx, r); err != nil {
			return err
		}
		if u.Active != nil {
			k.Active = *u.Active
		}
		if u.ValidFor != nil {
			k.ValidFor = u.ValidFor
		}
		return tx.Put(kindServiceKey, k.Key, k.ProductUID, k)
	}); err != nil {
		return err
	}
	writeData(w, http.StatusOK, k.view(s.now()))
	return nil
}

func (s *server) deleteServiceKey(w http.ResponseWriter, r *http.Request) error {
	if err := s.tx(r.Context(), func(tx *store.Tx) error {
		k, err := s.ownKey(tx, r)
		if err != nil {
			return err
		}
		_, err = tx.Delete(kindServiceKey, k.Key)
		return err
	}); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// useServiceKey records that a VXC was ordered with the key.
func useServiceKey(tx *store.Tx, key string, now time.Time) error {
	k, err := loadServiceKey(tx, key)
	if err != nil || k == nil {
		return err
	}
	k.Uses++
	k.LastUsed = &now
	return tx.Put(kindServiceKey, k.Key, k.ProductUID, k)
}
