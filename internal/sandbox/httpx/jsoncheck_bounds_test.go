package httpx

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// nested is {"username": [[[...]]]} with depth levels of arrays inside the
// object: the attack of issue 34.
func nested(depth int) []byte {
	return []byte(`{"username": ` + strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}`)
}

// jsonRequest is a POST of body; without its length when chunked.
func jsonRequest(body []byte, chunked bool) *http.Request {
	var rd io.Reader = bytes.NewReader(body)
	if chunked {
		rd = io.MultiReader(rd) // hides the length: ContentLength -1
	}
	r := httptest.NewRequest(http.MethodPost, "/v1/login", rd)
	r.Header.Set("Content-Type", "application/json")
	return r
}

// allocated is the bytes f allocates on the heap, on average over runs.
func allocated(runs int, f func()) uint64 {
	f() // warm up: lazily made globals are no request's
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return (after.TotalAlloc - before.TotalAlloc) / uint64(runs)
}

func requireLimit(t *testing.T, err error, status int, words ...string) {
	t.Helper()
	var le *LimitError
	require.True(t, errors.As(err, &le), "want a *LimitError, got %v", err)
	require.Equal(t, status, le.Status, le.Message)
	for _, w := range words {
		require.Contains(t, le.Message, w)
	}
}

func TestDecodeJSONDepthLimit(t *testing.T) {
	var v struct {
		Username any `json:"username"`
	}
	for _, chunked := range []bool{false, true} {
		err := DecodeJSON(jsonRequest(nested(10_000), chunked), &v)
		requireLimit(t, err, http.StatusBadRequest, "request body", "deeper than the limit of 64 levels")
	}
	// The limit itself passes: the body holds the object and 63 arrays.
	require.NoError(t, DecodeJSON(jsonRequest(nested(MaxJSONDepth-1), false), &v))
	requireLimit(t, DecodeJSON(jsonRequest(nested(MaxJSONDepth), false), &v), http.StatusBadRequest, "64")
	// Brackets inside strings, escaped quotes included, are no nesting.
	inString := `{"username": "` + strings.Repeat(`[{\"\\`, 5000) + `"}`
	require.NoError(t, DecodeJSON(jsonRequest([]byte(inString), false), &v))
}

// TestDecodeJSONDepthMemory is issue 34's measurement: a 400 KB body of
// 200,000 levels cost gigabytes (CheckJSON built the path of every level
// from its parent's); it is refused at its 65th level now.
func TestDecodeJSONDepthMemory(t *testing.T) {
	body := nested(200_000)
	require.Greater(t, len(body), 400_000)
	var err error
	n := allocated(5, func() {
		var v map[string]any
		err = DecodeJSON(jsonRequest(body, false), &v)
	})
	requireLimit(t, err, http.StatusBadRequest, "64 levels")
	require.Less(t, n, uint64(4<<20), "a 200,000-level body allocated %d bytes", n)
	t.Logf("a 200,000-level body of %d bytes: %d bytes allocated, refused: %v", len(body), n, err)
}

// TestCheckJSONMemoryIsLinear: CheckJSON alone (without the depth bound of
// DecodeJSON) keeps a small frame per level, no longer the path of each.
func TestCheckJSONMemoryIsLinear(t *testing.T) {
	for _, depth := range []int{10_000, 40_000} {
		body := nested(depth)
		n := allocated(2, func() { require.NoError(t, CheckJSON(body)) })
		// About 270 bytes a level (a frame and the decoder's stack, with
		// their growth); the paths of each level cost 150 MB at 10,000
		// levels.
		require.Less(t, n, uint64(400*depth+64<<10), "%d levels allocated %d bytes", depth, n)
		t.Logf("CheckJSON of %d levels: %d bytes allocated", depth, n)
	}
	// The paths of errors deep inside are as before.
	deep := `{"a": [{"b": {"c": 1, "d": [0, "x", {"e": 1, "e": 2}]}}]}`
	require.Equal(t, &FieldError{Field: "a[0].b.d[2].e", Reason: "the key is given more than once"}, CheckJSON([]byte(deep)))
	require.Equal(t, &FieldError{Field: "a.b", Reason: "the key is given more than once"},
		CheckJSON([]byte(`{"": {"a": {"b": 1, "b": 2}}}`)))
	require.Equal(t, &FieldError{Field: "", Reason: "an object key is not valid UTF-8"}, CheckJSON([]byte("{\"\xff\": 1}")))
	require.Equal(t, &FieldError{Field: "[1][0]", Reason: "the value is not valid UTF-8"}, CheckJSON([]byte("[0, [\"\xff\"]]")))
}

func TestDecodeJSONSizeLimit(t *testing.T) {
	// A body one byte above 1 MiB: 413, by its length and by what arrives.
	big := []byte(`{"username": "` + strings.Repeat("a", MaxBodyBytes-16) + `"}`)
	big = append(big, ' ')
	big = big[:MaxBodyBytes+1]
	var v struct {
		Username string `json:"username"`
	}
	for _, chunked := range []bool{false, true} {
		err := DecodeJSON(jsonRequest(big, chunked), &v)
		requireLimit(t, err, http.StatusRequestEntityTooLarge, "request body is larger than 1 MiB")
	}
	// Exactly 1 MiB is read whole.
	exact := []byte(`{"username": "` + strings.Repeat("a", MaxBodyBytes-16) + `"}`)
	exact = append(exact, bytes.Repeat([]byte(" "), MaxBodyBytes-len(exact))...)
	require.Len(t, exact, MaxBodyBytes)
	for _, chunked := range []bool{false, true} {
		require.NoError(t, DecodeJSON(jsonRequest(exact, chunked), &v))
		require.Len(t, v.Username, MaxBodyBytes-16)
	}
	// A body that ends before its length is a read error, not a limit.
	r := httptest.NewRequest(http.MethodPost, "/", io.MultiReader(strings.NewReader(`{"username": "a`), errReader{io.ErrUnexpectedEOF}))
	err := DecodeJSON(r, &v)
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
	require.Contains(t, err.Error(), "request body could not be read")
	var le *LimitError
	require.False(t, errors.As(err, &le))
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

func TestReadLimited(t *testing.T) {
	raw, err := ReadLimited("the answer", strings.NewReader("12345"), 5, -1)
	require.NoError(t, err)
	require.Equal(t, "12345", string(raw))
	_, err = ReadLimited("the answer", strings.NewReader("123456"), 5, -1)
	requireLimit(t, err, http.StatusRequestEntityTooLarge, "the answer is larger than 5 bytes")
	_, err = ReadLimited("the answer", strings.NewReader(""), 8<<20, 9<<20)
	requireLimit(t, err, http.StatusRequestEntityTooLarge, "the answer is larger than 8 MiB")
}

func TestUnmarshalDepth(t *testing.T) {
	var v any
	require.NoError(t, Unmarshal("the answer", nested(10), &v))
	err := Unmarshal("the controller's answer", nested(100_000), &v)
	requireLimit(t, err, http.StatusBadRequest, "the controller's answer nests objects and arrays deeper than the limit of 64 levels")
}

func TestBoundBody(t *testing.T) {
	form := url.Values{"grant_type": {"client_credentials"}, "pad": {strings.Repeat("a", MaxBodyBytes)}}.Encode()
	for _, chunked := range []bool{false, true} {
		r := jsonRequest([]byte(form), chunked)
		requireLimit(t, BoundBody(r, MaxBodyBytes), http.StatusRequestEntityTooLarge, "request body is larger than 1 MiB")
	}
	// A body within the bound reaches the handler whole, a read error
	// included.
	r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader("grant_type=client_credentials"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	require.Nil(t, BoundBody(r, MaxBodyBytes))
	require.NoError(t, r.ParseForm())
	require.Equal(t, "client_credentials", r.PostForm.Get("grant_type"))
	r = httptest.NewRequest(http.MethodPost, "/", io.MultiReader(strings.NewReader("grant"), errReader{io.ErrUnexpectedEOF}))
	require.Nil(t, BoundBody(r, MaxBodyBytes))
	raw, err := io.ReadAll(r.Body)
	require.Equal(t, "grant", string(raw))
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
}

func TestRefusalOf(t *testing.T) {
	type login struct {
		Username string `json:"username"`
	}
	for body, want := range map[string]Refusal{
		string(nested(100)):                    {Status: 400, Reason: "request body nests objects and arrays deeper than the limit of 64 levels"},
		`{"username": "a", "username": "b"}`:   {Status: 400, Field: "username", Reason: "the key is given more than once"},
		`{"user": "a"}`:                        {Status: 400, Field: "user", Reason: "not accepted by POST /v1/login", Unknown: true},
		`{"username": 1}`:                      {Status: 400, Reason: "request body is not valid JSON for this operation: json: cannot unmarshal number into Go struct field login.username of type string"},
		`{"username": "a"` + strconv.Quote(""): {Status: 400, Reason: "request body is not valid JSON for this operation: invalid character '\"' after object key:value pair"},
	} {
		r := jsonRequest([]byte(body), false)
		var got Refusal
		err := DecodeJSONOr(r, &login{}, func(f Refusal) error { got = f; return errors.New("refused") })
		require.Error(t, err, body)
		require.Equal(t, want, got, body)
	}
	big := jsonRequest(append([]byte(`"`), bytes.Repeat([]byte("a"), MaxBodyBytes+1)...), false)
	var got Refusal
	_ = DecodeJSONOr(big, &login{}, func(f Refusal) error { got = f; return nil })
	require.Equal(t, Refusal{Status: 413, Reason: "request body is larger than 1 MiB"}, got)
}
