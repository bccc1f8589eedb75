package httpclient

import (
	"iter"
	"net/url"
	"strconv"
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

// PageParams are the query parameters that choose a page of a list served
// page by page: the page size asked for, and the token of the page.
type PageParams struct {
	Size, Token string
}

// QueryPages is Pages for a list whose pages are chosen in the query, the
// one paging of the clients whose services share a contract (orch and the
// hub: docs/api/orch.md, Paging). fetch gets, for each page, the filter
// without its empty values (NonEmpty), with params.Size set to size and,
// after the first page, params.Token set to the page's token. Each page has
// a query of its own, so that the sequence may be ranged over again, or by
// two goroutines at once.
func QueryPages[T any](filter url.Values, params PageParams, size int, fetch func(q url.Values) (items []T, next string, err error)) iter.Seq2[T, error] {
	base := NonEmpty(filter)
	base.Set(params.Size, strconv.Itoa(size))
	return Pages(func(token string) ([]T, string, error) {
		q := url.Values{}
		for k, vs := range base {
			q[k] = append([]string(nil), vs...)
		}
		if token != "" {
			q.Set(params.Token, token)
		}
		return fetch(q)
	})
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
