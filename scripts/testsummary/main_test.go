package main

import (
	"os"
	"strings"
	"testing"
)

// The events of a package with a test passed on terraform and skipped on
// tofu, a skipped test and a failed one (testdata/events.json, from go
// test -json).
func TestSummary(t *testing.T) {
	f, err := os.Open("testdata/events.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out strings.Builder
	s := newSummary(&out)
	if err := s.read(f); err != nil {
		t.Fatal(err)
	}
	if !s.failed {
		t.Error("a failed test does not fail the summary")
	}
	want := "    x_test.go:12: failing here\n" +
		"--- FAIL: TestC (0.00s)\n" +
		"FAIL\texample.com/tsx\t0.016s\n" +
		"\t2 passed, 2 skipped, 1 failed (tests and subtests)\n" +
		"\ton terraform: 1 passed, 0 skipped, 0 failed (tests and subtests)\n" +
		"\ton tofu: 0 passed, 1 skipped, 0 failed (tests and subtests)\n" +
		"\tskipped 1: OpenTofu 1.12 has no actions (Terraform 1.14+) (TestA/ex/tofu)\n" +
		"\tskipped 1: no TF_ACC (TestB)\n"
	if !strings.Contains(out.String(), want) {
		t.Errorf("the summary is:\n%s\nwant it to hold:\n%s", out.String(), want)
	}
	if strings.Count(out.String(), "FAIL\texample.com/tsx") != 1 {
		t.Errorf("the package's FAIL line is not printed once:\n%s", out.String())
	}
}

// A package whose tests all pass prints ok and its counts, and fails
// nothing.
func TestSummaryPass(t *testing.T) {
	events := `{"Action":"run","Package":"p","Test":"TestX"}
{"Action":"output","Package":"p","Test":"TestX","Output":"=== RUN   TestX\n"}
{"Action":"pass","Package":"p","Test":"TestX","Elapsed":0}
{"Action":"output","Package":"p","Output":"ok  \tp\t0.1s\n"}
{"Action":"pass","Package":"p","Elapsed":0.1}
`
	var out strings.Builder
	s := newSummary(&out)
	if err := s.read(strings.NewReader(events)); err != nil {
		t.Fatal(err)
	}
	if s.failed {
		t.Error("the summary failed a passing package")
	}
	if want := "ok  \tp\t0.100s\n\t1 passed, 0 skipped, 0 failed (tests and subtests)\n"; out.String() != want {
		t.Errorf("the summary is %q, want %q", out.String(), want)
	}
}
