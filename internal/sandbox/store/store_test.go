package store

import (
	"context"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
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

func TestRefs(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "state.db"))
	require.NoError(t, err)
	defer s.Close()
	err = s.Tx(context.Background(), func(tx *Tx) error {
		require.NoError(t, tx.Put("thing", "a", "", doc{Name: "a"}))
		require.NoError(t, tx.Put("thing", "b", "", doc{Name: "b"}))
		require.NoError(t, tx.Put("other", "a", "", doc{Name: "other a"}))
		require.NoError(t, tx.SetRefs("thing", "a", "red", "blue"))
		require.NoError(t, tx.SetRefs("thing", "b", "red"))
		require.NoError(t, tx.SetRefs("other", "a", "red"))

		red, err := ListByRef[doc](tx, "thing", "red")
		require.NoError(t, err)
		assert.Equal(t, []doc{{"a"}, {"b"}}, red, "insertion order, only the kind asked for")
		n, err := tx.CountByRef("thing", "blue")
		require.NoError(t, err)
		assert.Equal(t, 1, n)

		// SetRefs replaces; Delete forgets the document's references.
		require.NoError(t, tx.SetRefs("thing", "a", "green"))
		n, err = tx.CountByRef("thing", "blue")
		require.NoError(t, err)
		assert.Zero(t, n)
		_, err = tx.Delete("thing", "b")
		require.NoError(t, err)
		red, err = ListByRef[doc](tx, "thing", "red")
		require.NoError(t, err)
		assert.Empty(t, red)
		n, err = tx.CountByRef("thing", "red")
		require.NoError(t, err)
		assert.Zero(t, n)
		n, err = tx.CountByRef("other", "red")
		require.NoError(t, err)
		assert.Equal(t, 1, n, "counts are per kind")
		return nil
	})
	require.NoError(t, err)
}

// FileRefsOnce files the documents a store already holds, and only once:
// afterwards the service's own SetRefs calls are the truth.
func TestFileRefsOnce(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "state.db"))
	require.NoError(t, err)
	defer s.Close()
	byName := func(d *doc) (string, []string) { return d.Name, []string{"name:" + d.Name} }
	err = s.Tx(context.Background(), func(tx *Tx) error {
		require.NoError(t, tx.Put("thing", "a", "", doc{Name: "a"}))
		require.NoError(t, tx.Put("thing", "b", "", doc{Name: "b"}))
		require.NoError(t, FileRefsOnce(tx, "thing-refs", "thing", byName))
		for _, name := range []string{"a", "b"} {
			n, err := tx.CountByRef("thing", "name:"+name)
			require.NoError(t, err)
			assert.Equal(t, 1, n, name)
		}

		require.NoError(t, tx.SetRefs("thing", "a"))
		require.NoError(t, FileRefsOnce(tx, "thing-refs", "thing", byName))
		n, err := tx.CountByRef("thing", "name:a")
		require.NoError(t, err)
		assert.Zero(t, n, "a second run files nothing")
		return nil
	})
	require.NoError(t, err)
}

func TestListAfterPagesInInsertionOrder(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "state.db"))
	require.NoError(t, err)
	defer s.Close()
	ctx := context.Background()
	require.NoError(t, s.Tx(ctx, func(tx *Tx) error {
		for _, d := range []struct{ id, parent string }{{"a", "x"}, {"b", "y"}, {"c", "x"}, {"d", "x"}, {"e", "y"}} {
			if err := tx.Put("thing", d.id, d.parent, doc{Name: d.id}); err != nil {
				return err
			}
		}
		// An update keeps the document's place.
		return tx.Put("thing", "a", "x", doc{Name: "a2"})
	}))
	pages := func(parent string, size int) [][]string {
		var out [][]string
		var after int64
		for {
			var page []Positioned[doc]
			require.NoError(t, s.Tx(ctx, func(tx *Tx) error {
				var err error
				page, err = ListAfter[doc](tx, "thing", parent, after, size)
				return err
			}))
			if len(page) == 0 {
				return out
			}
			var names []string
			for _, p := range page {
				require.Greater(t, p.Pos, after)
				after = p.Pos
				names = append(names, p.Doc.Name)
			}
			out = append(out, names)
		}
	}
	assert.Equal(t, [][]string{{"a2", "b"}, {"c", "d"}, {"e"}}, pages("", 2))
	assert.Equal(t, [][]string{{"a2", "c"}, {"d"}}, pages("x", 2))
	assert.Equal(t, [][]string{{"b", "e"}}, pages("y", 5))
}

func TestPageKeepsFilteringUntilFull(t *testing.T) {
	st, err := Open(filepath.Join(t.TempDir(), "s.db"))
	require.NoError(t, err)
	defer st.Close()
	ctx := context.Background()
	require.NoError(t, st.Tx(ctx, func(tx *Tx) error {
		for i := range 7 {
			if err := tx.Put("n", strconv.Itoa(i), "", i); err != nil {
				return err
			}
		}
		return nil
	}))
	even := func(n *int) (string, bool, error) { return strconv.Itoa(*n), *n%2 == 0, nil }
	var pages [][]string
	require.NoError(t, st.Tx(ctx, func(tx *Tx) error {
		var after int64
		for {
			views, next, full, err := Page(tx, "n", "", after, 2, even)
			if err != nil {
				return err
			}
			pages = append(pages, views)
			if !full {
				return nil
			}
			after = next
		}
	}))
	assert.Equal(t, [][]string{{"0", "2"}, {"4", "6"}, nil}, pages)
}
