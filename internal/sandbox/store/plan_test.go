package store

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStatementsUseIndexes: every statement the transactions run finds its
// rows through an index (SQLite's EXPLAIN QUERY PLAN says SEARCH), never by
// reading a whole table (SCAN): a scan makes a service's every request cost
// in proportion to what the store holds, which no timing would show in a
// test with a small store (P2b of docs/performance.md).
func TestStatementsUseIndexes(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "state.db"))
	require.NoError(t, err)
	defer s.Close()
	for _, q := range statements {
		args := make([]any, strings.Count(q, "?"))
		for i := range args {
			args[i] = "x"
		}
		rows, err := s.db.Query("EXPLAIN QUERY PLAN "+q, args...)
		require.NoError(t, err, q)
		var plan []string
		for rows.Next() {
			var id, parent, notused int
			var detail string
			require.NoError(t, rows.Scan(&id, &parent, &notused, &detail))
			plan = append(plan, detail)
		}
		require.NoError(t, rows.Err())
		rows.Close()
		for _, step := range plan {
			if strings.HasPrefix(step, "SCAN ") {
				t.Errorf("%s\nreads a whole table: %s", q, strings.Join(plan, "; "))
			}
		}
		if !strings.HasPrefix(q, "INSERT") && !strings.Contains(strings.Join(plan, "; "), "SEARCH ") {
			t.Errorf("%s\nlooks nothing up through an index: %s", q, strings.Join(plan, "; "))
		}
	}
}
