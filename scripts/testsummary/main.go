// Command testsummary runs `go test -json ...` and prints what `go test`
// prints (each package's ok or FAIL line, and the output of every test
// that failed), plus, for each package, how many tests and subtests passed,
// were skipped and failed, the reason of each skip (the test's last log
// line: the message of its t.Skip), and the counts by CLI of the subtests
// named terraform and tofu (internal/examplestest, internal/workflowtest).
// It exits 1 when the command failed or any test did.
//
// Usage: testsummary go test -json [flags] packages...
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: testsummary go test -json [flags] packages...")
		os.Exit(2)
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	s := newSummary(os.Stdout)
	readErr := s.read(out)
	waitErr := cmd.Wait()
	failed := s.failed
	if readErr != nil {
		fmt.Fprintln(os.Stderr, "testsummary:", readErr)
		failed = true
	}
	if waitErr != nil {
		fmt.Fprintf(os.Stderr, "testsummary: %s: %v\n", strings.Join(os.Args[1:], " "), waitErr)
		failed = true
	}
	if failed {
		os.Exit(1)
	}
}

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Elapsed float64
	Output  string
}

// pkg is what the events of one package said.
type pkg struct {
	output map[string][]string // by test ("" for the package's own)
	result map[string]string   // by test: pass, skip or fail
	order  []string            // the tests in the order they ended
}

// summary reads the events and prints as each package ends.
type summary struct {
	w      io.Writer
	pkgs   map[string]*pkg
	failed bool
}

func newSummary(w io.Writer) *summary { return &summary{w: w, pkgs: map[string]*pkg{}} }

func (s *summary) pkg(name string) *pkg {
	p := s.pkgs[name]
	if p == nil {
		p = &pkg{output: map[string][]string{}, result: map[string]string{}}
		s.pkgs[name] = p
	}
	return p
}

// read reads go test -json's stdout to its end: a line that is not an
// event (a build error of an older go) is printed as it is.
func (s *summary) read(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1024*1024), 64*1024*1024)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			fmt.Fprintln(s.w, string(line))
			continue
		}
		s.event(e)
	}
	return sc.Err()
}

func (s *summary) event(e event) {
	switch e.Action {
	case "build-output":
		fmt.Fprint(s.w, e.Output)
		return
	case "build-fail":
		s.failed = true
		return
	}
	if e.Package == "" {
		return
	}
	p := s.pkg(e.Package)
	switch e.Action {
	case "output":
		p.output[e.Test] = append(p.output[e.Test], e.Output)
	case "pass", "skip", "fail":
		if e.Test != "" {
			p.result[e.Test] = e.Action
			p.order = append(p.order, e.Test)
			if e.Action == "fail" {
				s.failed = true
			}
			return
		}
		if e.Action == "fail" {
			s.failed = true
		}
		s.report(e, p)
		delete(s.pkgs, e.Package)
	}
}

// report prints the end of a package: the output of its failed tests, its
// go test line and its counts.
func (s *summary) report(e event, p *pkg) {
	for _, t := range p.order {
		if p.result[t] == "fail" {
			fmt.Fprint(s.w, strings.Join(p.output[t], ""))
		}
	}
	if e.Action == "fail" {
		// The package's own output: a panic, a timeout, a failed TestMain;
		// not its FAIL lines, which the line below says.
		for _, line := range p.output[""] {
			if line != "FAIL\n" && !strings.HasPrefix(line, "FAIL\t"+e.Package+"\t") {
				fmt.Fprint(s.w, line)
			}
		}
	}
	status := map[string]string{"pass": "ok  ", "skip": "ok  ", "fail": "FAIL"}[e.Action]
	fmt.Fprintf(s.w, "%s\t%s\t%.3fs\n", status, e.Package, e.Elapsed)
	if len(p.order) == 0 {
		return
	}
	fmt.Fprintf(s.w, "\t%s\n", counts(p, func(string) bool { return true }))
	for _, cli := range []string{"terraform", "tofu"} {
		if slices.ContainsFunc(p.order, func(t string) bool { return leaf(t) == cli }) {
			fmt.Fprintf(s.w, "\ton %s: %s\n", cli, counts(p, func(t string) bool { return leaf(t) == cli }))
		}
	}
	for _, r := range skips(p) {
		fmt.Fprintf(s.w, "\tskipped %d: %s (%s)\n", len(r.tests), r.reason, names(r.tests))
	}
}

// leaf is the last element of a test's name.
func leaf(test string) string { return test[strings.LastIndex(test, "/")+1:] }

// counts says how many of the tests that keep passed, were skipped and
// failed.
func counts(p *pkg, keep func(string) bool) string {
	n := map[string]int{}
	for _, t := range p.order {
		if keep(t) {
			n[p.result[t]]++
		}
	}
	return fmt.Sprintf("%d passed, %d skipped, %d failed (tests and subtests)", n["pass"], n["skip"], n["fail"])
}

// skipped is the tests skipped for one reason.
type skipped struct {
	reason string
	tests  []string
}

// logPrefix is what t.Log puts before a message: the file and line.
var logPrefix = regexp.MustCompile(`^\s*[A-Za-z0-9_.-]+\.go:\d+: `)

// skips are the skipped tests by reason, in the order of their first test:
// the reason of one is its last log line (t.Skip's message), without the
// file and line; a subtest skipped with its parent is not listed.
func skips(p *pkg) []skipped {
	var out []skipped
	for _, t := range p.order {
		if p.result[t] != "skip" {
			continue
		}
		if i := strings.LastIndex(t, "/"); i >= 0 && p.result[t[:i]] == "skip" {
			continue
		}
		reason := "no reason given"
		for _, line := range slices.Backward(p.output[t]) {
			if logPrefix.MatchString(line) {
				reason = strings.TrimSpace(logPrefix.ReplaceAllString(line, ""))
				break
			}
		}
		i := slices.IndexFunc(out, func(s skipped) bool { return s.reason == reason })
		if i < 0 {
			out = append(out, skipped{reason: reason})
			i = len(out) - 1
		}
		out[i].tests = append(out[i].tests, t)
	}
	return out
}

// names lists up to three tests, and how many more.
func names(tests []string) string {
	if len(tests) <= 3 {
		return strings.Join(tests, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(tests[:3], ", "), len(tests)-3)
}
