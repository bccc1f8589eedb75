package store

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

type doc struct {
	Name string `json:"name"`
}

func TestStoreSurvivesReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	ctx := context.Background()
	s, err := Open(path)
	require.NoError(t, err)
	if err := s.Tx(ctx, func(tx *Tx) error {
		if err := tx.Put("thing", "a", "p1", doc{Name: "first"}); err != nil {
			return err
		}
		return tx.Put("thing", "b", "p2", doc{Name: "second"})
	}); err != nil {
		t.Fatal(err)
	}
	require.NoError(t, s.Close())

	s, err = Open(path)
	require.NoError(t, err)
	defer s.Close()
	err = s.Tx(ctx, func(tx *Tx) error {
		var d doc
		ok, err := tx.Get("thing", "a", &d)
		if err != nil || !ok || d.Name != "first" {
			t.Fatalf("get after reopen: ok=%v err=%v doc=%+v", ok, err, d)
		}
		all, err := List[doc](tx, "thing", "")
		if err != nil || len(all) != 2 || all[0].Name != "first" || all[1].Name != "second" {
			t.Fatalf("list after reopen: %v %+v", err, all)
		}
		under, err := List[doc](tx, "thing", "p2")
		if err != nil || len(under) != 1 || under[0].Name != "second" {
			t.Fatalf("list by parent: %v %+v", err, under)
		}
		gone, err := tx.Delete("thing", "a")
		if err != nil || !gone {
			t.Fatalf("delete: %v %v", gone, err)
		}
		gone, err = tx.Delete("thing", "a")
		if err != nil || gone {
			t.Fatalf("second delete reported %v %v", gone, err)
		}
		return nil
	})
	require.NoError(t, err)
}

func TestRolledBackTransactionLeavesNothing(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "state.db"))
	require.NoError(t, err)
	defer s.Close()
	ctx := context.Background()
	_ = s.Tx(ctx, func(tx *Tx) error {
		_ = tx.Put("thing", "a", "", doc{Name: "x"})
		return context.Canceled
	})
	_ = s.Tx(ctx, func(tx *Tx) error {
		var d doc
		if ok, _ := tx.Get("thing", "a", &d); ok {
			t.Fatal("rolled-back document is visible")
		}
		return nil
	})
}

func TestSequencesAreUniqueUnderConcurrency(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "state.db"))
	require.NoError(t, err)
	defer s.Close()
	ctx := context.Background()
	var mu sync.Mutex
	seen := map[int64]bool{}
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = s.Tx(ctx, func(tx *Tx) error {
				id, err := tx.NextID("filters")
				if err != nil {
					t.Error(err)
					return err
				}
				mu.Lock()
				defer mu.Unlock()
				if seen[id] {
					t.Errorf("id %d issued twice", id)
				}
				seen[id] = true
				return nil
			})
		}()
	}
	wg.Wait()
	require.Len(t, seen, 20, "issued %d ids, want 20", len(seen))
}
