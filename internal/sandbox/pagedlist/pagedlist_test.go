package pagedlist_test

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/pagedlist"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

type doc struct{ Name string }

// list answers GET target of the documents "doc" under parent "p", the
// even-numbered ones only (a filter the service applies).
func list(t *testing.T, st *store.Store, target string) (orchapi.List[string], error) {
	t.Helper()
	var out orchapi.List[string]
	err := st.Tx(context.Background(), func(tx *store.Tx) (err error) {
		out, err = pagedlist.List(tx, httptest.NewRequest("GET", target, nil), "hub", "doc", "p", func(d *doc) (string, bool, error) {
			var n int
			_, _ = fmt.Sscanf(d.Name, "d%d", &n)
			return d.Name, n%2 == 0, nil
		})
		return err
	})
	return out, err
}

// TestList: without paging parameters every selected document; with them
// pages of at most pageSize in insertion order that follow nextPageToken to
// the end; a document removed between pages shifts nothing; malformed
// parameters are 400 bad-request naming them (and the token's issuer).
func TestList(t *testing.T) {
	t.Parallel()
	st, err := store.Open(filepath.Join(t.TempDir(), "p.db"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	require.NoError(t, st.Tx(context.Background(), func(tx *store.Tx) error {
		for i := range 10 {
			if err := tx.Put("doc", fmt.Sprint(i), "p", doc{Name: fmt.Sprintf("d%d", i)}); err != nil {
				return err
			}
		}
		return tx.Put("doc", "other", "q", doc{Name: "d100"})
	}))

	all, err := list(t, st, "/x")
	require.NoError(t, err)
	assert.Equal(t, []string{"d0", "d2", "d4", "d6", "d8"}, all.Items)
	assert.Empty(t, all.NextPageToken)

	first, err := list(t, st, "/x?pageSize=2")
	require.NoError(t, err)
	assert.Equal(t, []string{"d0", "d2"}, first.Items)
	require.NotEmpty(t, first.NextPageToken)
	// d4 goes between the pages: the next page starts after d2 still.
	require.NoError(t, st.Tx(context.Background(), func(tx *store.Tx) error {
		_, err := tx.Delete("doc", "4")
		return err
	}))
	var rest []string
	for tok := first.NextPageToken; tok != ""; {
		page, err := list(t, st, "/x?pageSize=2&pageToken="+tok)
		require.NoError(t, err)
		assert.LessOrEqual(t, len(page.Items), 2)
		rest = append(rest, page.Items...)
		tok = page.NextPageToken
	}
	assert.Equal(t, []string{"d6", "d8"}, rest)

	for target, want := range map[string]string{
		"/x?pageSize=0":                       `pageSize: must be a whole number from 1 to 1000, got "0"`,
		"/x?pageSize=ten":                     `pageSize: must be a whole number from 1 to 1000, got "ten"`,
		"/x?pageToken=bm9wZQ":                 `pageToken: is not a token this hub issued`,
		"/x?pageToken=!!!":                    `pageToken: is not a token this hub issued`,
		"/x?pageToken=" + pagedlist.Token(-1): `pageToken: is not a token this hub issued`,
	} {
		_, err := list(t, st, target)
		var he *httpx.Error
		require.True(t, errors.As(err, &he), "%s: %v", target, err)
		assert.Equal(t, 400, he.Status, target)
		assert.Equal(t, orchapi.CodeBadRequest, he.Body.(orchapi.ErrorBody).Code, target)
		assert.Equal(t, want, he.Message, target)
	}
}

// TestParams: pageSize beyond the maximum counts as the maximum, and a
// token resumes after the position it was made for.
func TestParams(t *testing.T) {
	t.Parallel()
	size, after, err := pagedlist.Params(httptest.NewRequest("GET", "/x?pageSize=5000&pageToken="+pagedlist.Token(42), nil), "controller")
	require.NoError(t, err)
	assert.Equal(t, orchapi.MaxPageSize, size)
	assert.Equal(t, int64(42), after)
	size, after, err = pagedlist.Params(httptest.NewRequest("GET", "/x", nil), "controller")
	require.NoError(t, err)
	assert.Equal(t, orchapi.DefaultPageSize, size)
	assert.Zero(t, after)
}
