package reliability

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

// R4: every configuration of testdata/invalid/<provider>/ is rejected by
// terraform plan (validation, plan modification or a plan-time import block)
// with an error whose summary or detail names the attribute and says the
// rule, and no request reaches the provider's service while it is checked.
//
// Each file states its case in its first comment lines:
//
//	# attribute: port_speed
//	# expect: value must be one of
//
// A rule that can only be checked against the service's published catalogue
// (netfab's NAT gateway speed and session pairs) states the read-only
// request it makes with "# lookup: GET /path"; the plan may make that
// request, and the token request it needs, and nothing else.
//
// A message worded by Terraform or the framework rather than the provider
// (a value set on a read-only attribute) cannot name the attribute itself;
// its case says "# named-in: source", and the attribute must then be on the
// source line Terraform shows with the error.
//
// "attribute" is the attribute (or, for import identifiers, the part of the
// identifier) that the error must name; "expect" is a fragment of the rule
// the message must state. Both are compared case-insensitively, with white
// space collapsed, against the summary and detail of the error diagnostics.

// invalidCase is one file of the corpus.
type invalidCase struct {
	provider, name, body string
	attribute, expect    string
	lookups              []string
	namedInSource        bool
}

var headerLine = regexp.MustCompile(`^#\s*(attribute|expect|lookup|named-in):\s*(.+?)\s*$`)

func loadInvalidCorpus(t *testing.T) map[string][]invalidCase {
	t.Helper()
	corpus := map[string][]invalidCase{}
	for _, p := range providerNames {
		files, err := filepath.Glob(filepath.Join("testdata", "invalid", p, "*.tf"))
		require.NoError(t, err)
		sort.Strings(files)
		for _, f := range files {
			body, err := os.ReadFile(f)
			require.NoError(t, err)
			c := invalidCase{provider: p, name: strings.TrimSuffix(filepath.Base(f), ".tf"), body: string(body)}
			sc := bufio.NewScanner(strings.NewReader(c.body))
			for sc.Scan() {
				m := headerLine.FindStringSubmatch(sc.Text())
				if m == nil {
					continue
				}
				switch m[1] {
				case "attribute":
					c.attribute = m[2]
				case "expect":
					c.expect = m[2]
				case "lookup":
					c.lookups = append(c.lookups, m[2])
				case "named-in":
					require.Equal(t, "source", m[2], "%s: named-in is source or nothing", f)
					c.namedInSource = true
				}
			}
			require.NotEmpty(t, c.attribute, "%s: no '# attribute:' line", f)
			require.NotEmpty(t, c.expect, "%s: no '# expect:' line", f)
			corpus[p] = append(corpus[p], c)
		}
	}
	return corpus
}

// planDiagnostic is the part of a diagnostic line of `terraform plan -json`
// that the checks read.
type planDiagnostic struct {
	Type       string `json:"type"`
	Diagnostic struct {
		Severity string `json:"severity"`
		Summary  string `json:"summary"`
		Detail   string `json:"detail"`
		Snippet  *struct {
			Code string `json:"code"`
		} `json:"snippet"`
	} `json:"diagnostic"`
}

// planError is one error diagnostic: its message (summary and detail) and
// the source line Terraform shows with it.
type planError struct{ message, source string }

// planErrors returns the error diagnostics in the output of
// `terraform plan -json`.
func planErrors(out string) []planError {
	var errs []planError
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 0, 1<<20), 1<<24)
	for sc.Scan() {
		var d planDiagnostic
		if json.Unmarshal(sc.Bytes(), &d) != nil || d.Type != "diagnostic" || d.Diagnostic.Severity != "error" {
			continue
		}
		e := planError{message: d.Diagnostic.Summary + ": " + d.Diagnostic.Detail}
		if d.Diagnostic.Snippet != nil {
			e.source = d.Diagnostic.Snippet.Code
		}
		errs = append(errs, e)
	}
	return errs
}

func normalize(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

func TestR4InvalidConfigurationsRejectedAtPlan(t *testing.T) {
	corpus := loadInvalidCorpus(t)
	total := 0
	for _, cases := range corpus {
		total += len(cases)
	}
	require.GreaterOrEqual(t, total, 100, "the corpus holds at least 100 invalid configurations")
	if testing.Short() {
		// The short form (inside make test) checks every fifth file of
		// each provider; make test-reliability checks them all.
		for p, cases := range corpus {
			var sample []invalidCase
			for i, c := range cases {
				if i%5 == 0 {
					sample = append(sample, c)
				}
			}
			corpus[p] = sample
		}
		total = 0
		for _, cases := range corpus {
			total += len(cases)
		}
	}
	s := startServices(t, nil)

	var rejected, reached, lookups atomic.Int64
	t.Run("providers", func(t *testing.T) {
		for _, p := range providerNames {
			t.Run(p, func(t *testing.T) {
				t.Parallel()
				// The files of one provider run one after the other, so that
				// every request its service receives belongs to one file.
				for _, c := range corpus[p] {
					t.Run(c.name, func(t *testing.T) {
						before := s.requests[p].count()
						dir := s.workdir(t, map[string]string{"main.tf": c.body})
						res := s.terraform(context.Background(), dir, nil, "plan", "-json", "-input=false", "-lock=false", "-refresh=false")
						got := s.requests[p].since(before)
						if unexpected := outsideLookups(got, c.lookups); len(unexpected) > 0 {
							reached.Add(1)
							t.Errorf("%d requests reached the %s service: %v", len(unexpected), p, unexpected)
						} else if len(got) > 0 {
							lookups.Add(1)
						}
						if res.err == nil {
							t.Fatalf("terraform plan accepted the configuration:\n%s", res.out)
						}
						errs := planErrors(res.out)
						if len(errs) == 0 {
							t.Fatalf("terraform plan failed without an error diagnostic:\n%s", res.out)
						}
						var msgs []string
						for _, e := range errs {
							n := normalize(e.message)
							named := strings.Contains(n, normalize(c.attribute))
							if c.namedInSource {
								named = strings.Contains(normalize(e.source), normalize(c.attribute))
							}
							if named && strings.Contains(n, normalize(c.expect)) {
								rejected.Add(1)
								return
							}
							msgs = append(msgs, e.message)
						}
						t.Errorf("no error names %q with %q; errors:\n%s", c.attribute, c.expect, strings.Join(msgs, "\n"))
					})
				}
			})
		}
	})
	t.Logf("R4: %d invalid configurations, %d rejected with the attribute named, %d reached a service, %d read only the catalogue they declare",
		total, rejected.Load(), reached.Load(), lookups.Load())
	Report(t, Row{Scenario: "R4 invalid configurations", Runs: 1, Checked: total})
	require.Equal(t, int64(total), rejected.Load(), "every invalid configuration is rejected naming its attribute")
	require.Zero(t, reached.Load(), "no invalid configuration reaches a service")
}

// outsideLookups returns the requests that are neither a declared lookup nor
// the token request a declared lookup needs.
func outsideLookups(got, lookups []string) []string {
	var out []string
	for _, r := range got {
		ok := false
		for _, l := range lookups {
			if r == l || r == "POST /oauth2/token" {
				ok = true
			}
		}
		if !ok {
			out = append(out, r)
		}
	}
	return out
}
