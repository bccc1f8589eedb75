package orch

import (
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Removals that take time: the entity is marked dying with the time it is
// gone, and an index entry makes the first request after that time finish
// the removal. No goroutine runs between requests.

const kindDying = "dying"

type dyingRecord struct {
	Kind string    `json:"kind"`
	ID   string    `json:"id"`
	At   time.Time `json:"at"`
}

func (s *server) scheduleRemoval(tx *store.Tx, kind, id string, at time.Time) error {
	return tx.Put(kindDying, kind+"|"+id, "", dyingRecord{Kind: kind, ID: id, At: at})
}

// reap finishes the removals that are due.
func (s *server) reap(tx *store.Tx, now time.Time) error {
	due, err := store.List[dyingRecord](tx, kindDying, "")
	if err != nil {
		return err
	}
	for _, d := range due {
		if now.Before(d.At) {
			continue
		}
		if err := s.finalize(tx, d.Kind, d.ID); err != nil {
			return err
		}
		if _, err := tx.Delete(kindDying, d.Kind+"|"+d.ID); err != nil {
			return err
		}
	}
	return nil
}

// modelChildKinds are the kinds of documents kept under a model.
var modelChildKinds = []string{kindMachine, kindApplication, kindIntegration, kindRemoteApp, kindOffer, kindSecret, kindPool, kindOperation, kindTask, kindModelAccess, kindOfferAccess, kindSSHKey, kindSpace, kindSubnet}

func (s *server) finalize(tx *store.Tx, kind, id string) error {
	if kind != kindModel {
		_, err := tx.Delete(kind, id)
		return err
	}
	// A model goes with everything in it, and with what other models
	// consume of its offers.
	offers, err := store.List[api.Offer](tx, kindOffer, id)
	if err != nil {
		return err
	}
	for _, o := range offers {
		if err := removeOfferConsumers(tx, o.URL); err != nil {
			return err
		}
	}
	for _, k := range modelChildKinds {
		if err := deleteChildren(tx, k, id); err != nil {
			return err
		}
	}
	_, err = tx.Delete(kindModel, id)
	return err
}

// deleteChildren removes every document of kind under a model, with any
// pending removal of it.
func deleteChildren(tx *store.Tx, kind, modelUUID string) error {
	// Every child record carries its store ID in docId, but storage pools,
	// which are stored by model and name.
	type keyed struct {
		DocID string `json:"docId"`
		Name  string `json:"name"`
	}
	all, err := store.List[keyed](tx, kind, modelUUID)
	if err != nil {
		return err
	}
	for _, d := range all {
		id := d.DocID
		if id == "" {
			id = childID(modelUUID, d.Name)
		}
		if _, err := tx.Delete(kind, id); err != nil {
			return err
		}
		if _, err := tx.Delete(kindDying, kind+"|"+id); err != nil {
			return err
		}
	}
	return nil
}
