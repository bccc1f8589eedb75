package httpclient

import (
	"errors"
	"net/url"
	"testing"
)

func TestPagesAsksForTheNextPageOnlyWhenTaken(t *testing.T) {
	pages := map[string]struct {
		items []int
		next  string
	}{"": {[]int{1, 2}, "b"}, "b": {[]int{3}, "c"}, "c": {[]int{4}, ""}}
	var asked []string
	seq := Pages(func(token string) ([]int, string, error) {
		asked = append(asked, token)
		p := pages[token]
		return p.items, p.next, nil
	})
	var got []int
	for v, err := range seq {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, v)
	}
	if len(got) != 4 || got[3] != 4 || len(asked) != 3 {
		t.Fatalf("got %v after asking %q", got, asked)
	}
	asked = nil
	for v, err := range seq {
		if err != nil || v == 2 {
			break
		}
	}
	if len(asked) != 1 || asked[0] != "" {
		t.Fatalf("a caller that stopped on the first page, ranging again, asked for %q", asked)
	}
}

func TestPagesEndsOnAnError(t *testing.T) {
	boom := errors.New("boom")
	n := 0
	for _, err := range Pages(func(string) ([]int, string, error) { return nil, "", boom }) {
		n++
		if !errors.Is(err, boom) {
			t.Fatalf("err = %v", err)
		}
	}
	if n != 1 {
		t.Fatalf("%d values after an error, want 1", n)
	}
}

func TestNonEmptyDropsEmptyFilters(t *testing.T) {
	got := NonEmpty(url.Values{"name": {""}, "owner": {"alice", ""}})
	if got.Encode() != "owner=alice" {
		t.Fatalf("got %q", got.Encode())
	}
}
