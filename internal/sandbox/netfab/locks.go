package netfab

import (
	"net/http"

	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Locking a product against changes (docs/api/netfab.md, "Locks"): while
// locked, the product, its tags and its add-ons and lists refuse every
// change and its cancellation, until it is unlocked.

// requireUnlocked refuses a change to a locked product.
func requireUnlocked(p *productRecord) error {
	if p.Locked {
		return conflict("%s %s is locked against changes; unlock it first (DELETE /v3/products/%s/lock)",
			typeLabels[p.ProductType], p.ProductUID, p.ProductUID)
	}
	return nil
}

// lockProduct locks (POST) or unlocks (DELETE) an active product; doing it
// twice changes nothing.
func (s *server) lockProduct(lock bool) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		now := s.now()
		var p *productRecord
		err := s.tx(r.Context(), func(tx *store.Tx) error {
			var err error
			if p, err = loadProduct(tx, r.PathValue("productUid")); err != nil {
				return err
			}
			if err := requireActive(p); err != nil {
				return err
			}
			if p.Locked == lock {
				return nil
			}
			p.Locked = lock
			p.UpdatedAt = now
			return putProduct(tx, p)
		})
		if err != nil {
			return err
		}
		writeData(w, http.StatusOK, p.view(now, s.delay))
		return nil
	}
}
