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

// QueryPages asks for the first page with the filter (without its empty
// values) and the page size, and for each next page with its token too;
// ranging again starts again from the first page.
func TestQueryPagesSetsSizeAndToken(t *testing.T) {
	params := PageParams{Size: "pageSize", Token: "pageToken"}
	var asked []string
	seq := QueryPages(url.Values{"name": {"x"}, "owner": {""}}, params, 2, func(q url.Values) ([]int, string, error) {
		asked = append(asked, q.Encode())
		if q.Get("pageToken") == "" {
			return []int{1, 2}, "t2", nil
		}
		return []int{3}, "", nil
	})
	for range 2 {
		asked = nil
		var got []int
		for v, err := range seq {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, v)
		}
		want := []string{"name=x&pageSize=2", "name=x&pageSize=2&pageToken=t2"}
		if len(got) != 3 || len(asked) != 2 || asked[0] != want[0] || asked[1] != want[1] {
			t.Fatalf("got %v after asking %q, want 3 items after %q", got, asked, want)
		}
	}
}
