package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"testing"
	"unicode/utf8"
)

// fuzzAllocBound is the most a request of n body bytes may allocate while
// it is read, checked and decoded: 1 MiB plus 128 bytes a body byte
// (json.Decoder's tokens cost up to about 120 bytes a byte on a body of
// small numbers). A body above MaxBodyBytes costs no more than the limit.
// The quadratic CheckJSON cost 4,700 bytes a byte at 6,000 levels, and
// more the deeper.
func fuzzAllocBound(n int) uint64 {
	return 1<<20 + 128*uint64(min(n, MaxBodyBytes+1))
}

// allocatedOnce is the bytes f allocates on the heap in one call.
func allocatedOnce(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// fuzzTarget has the shapes of the contracts' bodies: strings, maps,
// lists, nesting.
type fuzzTarget struct {
	Name   string            `json:"name"`
	Labels map[string]string `json:"labels"`
	Config map[string]any    `json:"config"`
	List   []any             `json:"list"`
	Count  *int64            `json:"count"`
	Nested *fuzzTarget       `json:"nested"`
}

// FuzzDecodeJSON is the shared decode of every service (DecodeJSON): no
// panic, allocation within fuzzAllocBound, a body nested deeper than
// MaxJSONDepth refused with a 400 *LimitError before any decoder, and
// CheckJSON's answer the former implementation's (field paths and
// messages unchanged).
func FuzzDecodeJSON(f *testing.F) {
	f.Add(nested(100_000))
	f.Add(nested(MaxJSONDepth))
	f.Fuzz(func(t *testing.T, body []byte) {
		var v fuzzTarget
		var err error
		r := jsonRequest(body, len(body)%2 == 1)
		n := allocatedOnce(func() { err = DecodeJSON(r, &v) })
		if n > fuzzAllocBound(len(body)) {
			t.Fatalf("a body of %d bytes allocated %d bytes (bound %d)", len(body), n, fuzzAllocBound(len(body)))
		}
		var s depthScanner
		deep := !s.scan(body)
		var le *LimitError
		limited := errors.As(err, &le)
		switch {
		case len(body) > MaxBodyBytes:
			if !limited {
				t.Fatalf("a body of %d bytes was not refused: %v", len(body), err)
			}
		case deep:
			if !limited || le.Status != http.StatusBadRequest {
				t.Fatalf("a body deeper than %d levels was not refused: %v", MaxJSONDepth, err)
			}
		case limited:
			t.Fatalf("a body within the bounds was refused: %v", err)
		default:
			if got, want := CheckJSON(body), checkJSONBefore(body); !equalErrors(got, want) {
				t.Fatalf("CheckJSON = %v, before %v", got, want)
			}
		}
		if err != nil {
			f := RefusalOf(r, err)
			if f.Status != http.StatusBadRequest && f.Status != http.StatusRequestEntityTooLarge || f.Reason == "" {
				t.Fatalf("refusal %+v of %v", f, err)
			}
		}
	})
}

func equalErrors(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Error() == b.Error()
}

// checkJSONBefore is CheckJSON as it was before issue 34 (its memory
// quadratic in the depth), the reference of its answers.
func checkJSONBefore(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	type frame struct {
		object bool
		keys   map[string]bool
		key    string // the current key of an object
		index  int    // the next index of an array
		path   string
		expect bool // an object expects a key next
	}
	var stack []*frame
	pathOf := func() string {
		if len(stack) == 0 {
			return ""
		}
		f := stack[len(stack)-1]
		if f.object {
			if f.path == "" {
				return f.key
			}
			return f.path + "." + f.key
		}
		return f.path + "[" + strconv.Itoa(f.index) + "]"
	}
	// valueDone moves the enclosing container past a value.
	valueDone := func() {
		if len(stack) == 0 {
			return
		}
		f := stack[len(stack)-1]
		if f.object {
			f.expect = true
		} else {
			f.index++
		}
	}
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return nil //nolint:nilerr // as in jsoncheck: the decoder reports a syntax error
		}
		if s, ok := tok.(string); ok {
			// The token's raw bytes, after the separator before it.
			if !utf8.Valid(raw[start:dec.InputOffset()]) {
				field := pathOf()
				if len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].expect {
					field = stack[len(stack)-1].path
					return &FieldError{Field: field, Reason: "an object key is not valid UTF-8"}
				}
				return &FieldError{Field: field, Reason: "the value is not valid UTF-8"}
			}
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].expect {
				f := stack[n-1]
				if f.keys[s] {
					f.key = s
					return &FieldError{Field: pathOf(), Reason: "the key is given more than once"}
				}
				f.keys[s] = true
				f.key, f.expect = s, false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, keys: map[string]bool{}, path: pathOf(), expect: true})
		case json.Delim('['):
			stack = append(stack, &frame{path: pathOf()})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			valueDone()
		default:
			valueDone()
		}
	}
}
