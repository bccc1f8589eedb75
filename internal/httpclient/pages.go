package httpclient

import (
	"iter"
	"net/url"
)

// Pages streams the items of a list that a service serves page by page
// behind an opaque next-page token (orch and hub: docs/api/orch.md, Paging).
// fetch gets one page: the token is empty for the first, and an empty next
// token ends the list. The next page is asked for only when the caller has
// taken the items of the last, so a caller that stops early asks for no
// more, and a listing holds one page at a time. An error ends the sequence.
func Pages[T any](fetch func(pageToken string) (items []T, next string, err error)) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		token := ""
		for {
			items, next, err := fetch(token)
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			for _, it := range items {
				if !yield(it, nil) {
					return
				}
			}
			if next == "" {
				return
			}
			token = next
		}
	}
}

// NonEmpty returns the values of q without the empty ones, so that a filter
// left empty is not sent as "name=".
func NonEmpty(q url.Values) url.Values {
	v := url.Values{}
	for k, vs := range q {
		for _, s := range vs {
			if s != "" {
				v.Add(k, s)
			}
		}
	}
	return v
}
