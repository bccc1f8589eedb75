package reliability

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestReportRowsRoundTripIntoTheTable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "report.jsonl")
	t.Setenv(ReportFileEnv, file)
	Report(t, Row{Scenario: "R2 kill and restart", Runs: 3, Faults: 3, Checked: 30})
	Report(t, Row{Scenario: "R1 faults", Runs: 10, Faults: 412, Checked: 1000})

	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	rows, err := ReadReport(f)
	require.NoError(t, err)
	require.Len(t, rows, 2)

	var out bytes.Buffer
	require.NoError(t, WriteTable(&out, rows))
	require.Equal(t, ""+
		"scenario             runs  faults injected  resources checked  duplicates  lost\n"+
		"R1 faults            10    412              1000               0           0\n"+
		"R2 kill and restart  3     3                30                 0           0\n", out.String())
}

func TestReportFailsOnADuplicateOrALoss(t *testing.T) {
	// Not into the suite's own report, when make test-reliability runs this.
	t.Setenv(ReportFileEnv, "")
	var rec recorder
	Report(&rec, Row{Scenario: "R1", Duplicates: 1})
	require.True(t, rec.failed)
}

// recorder is a testing.TB that records failure instead of failing.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Logf(string, ...any)   {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }
