// Package reliability holds the fault, restart and bad-input suite (issue 13):
// each scenario test runs the real terraform (or pulumi) against the sandbox
// services and reports one row of the table that `make test-reliability`
// prints.
package reliability

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"text/tabwriter"
)

// ReportFileEnv names the file that scenario tests append their rows to; the
// make target sets it and prints the table from it afterwards.
const ReportFileEnv = "RELIABILITY_REPORT"

// Row is one scenario's outcome: what was run, what was injected and what the
// check of the service's own state found.
type Row struct {
	Scenario   string `json:"scenario"`
	Runs       int    `json:"runs"`
	Faults     int    `json:"faults"`
	Checked    int    `json:"checked"`
	Duplicates int    `json:"duplicates"`
	Lost       int    `json:"lost"`
	// Detail is what a scenario measured besides the counts (the security
	// scenarios: modes, bytes, answers); the table shows it when a row has
	// one.
	Detail string `json:"detail,omitempty"`
}

var reportMu sync.Mutex

// Report logs the row and, when ReportFileEnv is set, appends it to that file
// as one JSON line. It fails the test when the row counts a duplicate or a
// lost object, so that no scenario can report one and pass.
func Report(tb testing.TB, row Row) {
	tb.Helper()
	tb.Logf("reliability: %s runs=%d faults=%d checked=%d duplicates=%d lost=%d %s",
		row.Scenario, row.Runs, row.Faults, row.Checked, row.Duplicates, row.Lost, row.Detail)
	if row.Duplicates != 0 || row.Lost != 0 {
		tb.Errorf("%s: %d duplicates and %d lost objects, want none", row.Scenario, row.Duplicates, row.Lost)
	}
	name := os.Getenv(ReportFileEnv)
	if name == "" {
		return
	}
	line, err := json.Marshal(row)
	if err != nil {
		tb.Fatalf("encoding the report row: %v", err)
	}
	reportMu.Lock()
	defer reportMu.Unlock()
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		tb.Fatalf("opening the report file: %v", err)
	}
	defer f.Close()
	if _, err := f.Write(append(line, '\n')); err != nil {
		tb.Fatalf("writing the report file: %v", err)
	}
}

// ReadReport reads the rows that Report appended, in file order.
func ReadReport(r io.Reader) ([]Row, error) {
	var rows []Row
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		var row Row
		if err := json.Unmarshal([]byte(text), &row); err != nil {
			return nil, fmt.Errorf("report line %q: %w", text, err)
		}
		rows = append(rows, row)
	}
	return rows, sc.Err()
}

// WriteTable prints the rows sorted by scenario, one line each, with a header.
func WriteTable(w io.Writer, rows []Row) error {
	sorted := append([]Row(nil), rows...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Scenario < sorted[j].Scenario })
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	details := slices.ContainsFunc(sorted, func(r Row) bool { return r.Detail != "" })
	header := "scenario\truns\tfaults injected\tresources checked\tduplicates\tlost"
	if details {
		header += "\tdetail"
	}
	fmt.Fprintln(tw, header)
	for _, r := range sorted {
		line := fmt.Sprintf("%s\t%d\t%d\t%d\t%d\t%d", r.Scenario, r.Runs, r.Faults, r.Checked, r.Duplicates, r.Lost)
		if details {
			line += "\t" + r.Detail
		}
		fmt.Fprintln(tw, line)
	}
	return tw.Flush()
}
