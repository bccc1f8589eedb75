package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The bounds of every body a sandbox service reads. Each is checked before
// any decoder sees the body: encoding/json, and CheckJSON, keep state for
// every open object and array, so that a body of nothing but brackets (a
// 400 KB body holds 200,000 levels) once cost gigabytes before any login.
const (
	// MaxBodyBytes is the largest JSON (or form) request body a service
	// reads: 1 MiB. A larger one is answered 413 naming the limit, never
	// cut short (a cut body was refused as "unexpected EOF"). Uploads have
	// limits of their own (an orch local charm: 8 MiB).
	MaxBodyBytes = 1 << 20
	// MaxJSONDepth is the deepest nesting of objects and arrays that a
	// request body, or an answer of a peer service, may have: 64 levels.
	// No contract nests deeper than about ten (an orch integration with its
	// consume details, a netfab order of a VXC with its A- and B-end
	// configs); a deeper body is answered 400 naming the limit, after a
	// scan of its bytes that keeps three values whatever the depth.
	MaxJSONDepth = 64
)

// LimitError is a body beyond one of the bounds: larger than its limit
// (Status 413) or nested deeper than MaxJSONDepth (Status 400). Its message
// names the limit; services answer it with that status in their own error
// format.
type LimitError struct {
	Status  int
	Message string
}

func (e *LimitError) Error() string { return e.Message }

// tooLarge is the error of a body larger than limit bytes.
func tooLarge(what string, limit int64) *LimitError {
	size := strconv.FormatInt(limit, 10) + " bytes"
	if limit >= 1<<20 && limit%(1<<20) == 0 {
		size = strconv.FormatInt(limit>>20, 10) + " MiB"
	}
	return &LimitError{Status: http.StatusRequestEntityTooLarge, Message: what + " is larger than " + size}
}

// tooDeep is the error of a body nested deeper than MaxJSONDepth.
func tooDeep(what string) *LimitError {
	return &LimitError{Status: http.StatusBadRequest,
		Message: what + " nests objects and arrays deeper than the limit of " + strconv.Itoa(MaxJSONDepth) + " levels"}
}

// depthScanner follows the nesting of a JSON text byte by byte, in constant
// memory: the depth, and whether it is inside a string and after a
// backslash there. On valid JSON it counts exactly; on a text that is not
// JSON it may count wrong only after the first syntax error, where every
// decoder stops.
type depthScanner struct {
	depth    int
	inString bool
	escaped  bool
}

// scan follows p; false once the depth passes MaxJSONDepth.
func (s *depthScanner) scan(p []byte) bool {
	for _, c := range p {
		switch {
		case s.escaped:
			s.escaped = false
		case s.inString:
			switch c {
			case '\\':
				s.escaped = true
			case '"':
				s.inString = false
			}
		case c == '"':
			s.inString = true
		case c == '{' || c == '[':
			s.depth++
			if s.depth > MaxJSONDepth {
				return false
			}
		case (c == '}' || c == ']') && s.depth > 0:
			s.depth--
		}
	}
	return true
}

// depthReader checks the depth of what it reads as it goes, so that a
// deep body is refused at its first level too many, before the rest is
// read.
type depthReader struct {
	r    io.Reader
	s    depthScanner
	what string
}

func (d *depthReader) Read(p []byte) (int, error) {
	n, err := d.r.Read(p)
	if !d.s.scan(p[:n]) {
		return n, tooDeep(d.what)
	}
	return n, err
}

// CheckDepth refuses a JSON text nested deeper than MaxJSONDepth with a
// *LimitError (400); what names the text in the message ("request body",
// "the controller's answer").
func CheckDepth(what string, raw []byte) error {
	var s depthScanner
	if !s.scan(raw) {
		return tooDeep(what)
	}
	return nil
}

// ReadLimited reads r to its end, at most limit bytes: a longer stream is a
// *LimitError (413) naming the limit, never a prefix; a read error is
// returned as it is. what names the stream in the message ("request body").
// sizeHint, when positive, is the expected length (a Content-Length).
func ReadLimited(what string, r io.Reader, limit, sizeHint int64) ([]byte, error) {
	if sizeHint > limit {
		return nil, tooLarge(what, limit)
	}
	size := int64(512)
	if sizeHint > 0 {
		size = sizeHint + 1 // room to see the end without growing
	}
	b := make([]byte, 0, size)
	lr := io.LimitReader(r, limit+1)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := lr.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if int64(len(b)) > limit {
			return nil, tooLarge(what, limit)
		}
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// ReadJSON reads a JSON request body through the bounds: at most
// MaxBodyBytes (a larger body, by its Content-Length or by what arrives, is
// a 413 *LimitError naming the limit) and nested at most MaxJSONDepth
// levels (a 400 *LimitError, found while reading). Any other read error
// (a body shorter than its Content-Length: "unexpected EOF") is returned
// as it is. Every request body a service decodes is read with it, or with
// DecodeJSON, which calls it.
func ReadJSON(r *http.Request) ([]byte, error) {
	if r.Body == nil || r.Body == http.NoBody {
		return nil, nil
	}
	return ReadLimited("request body", &depthReader{r: r.Body, what: "request body"}, MaxBodyBytes, r.ContentLength)
}

// Unmarshal is json.Unmarshal of a text whose nesting is checked first
// (CheckDepth): for the bodies a service decodes a second time and for the
// answers of peers (a hub's controllers), read with ReadLimited. what names
// the text in the error.
func Unmarshal(what string, raw []byte, v any) error {
	if err := CheckDepth(what, raw); err != nil {
		return err
	}
	return json.Unmarshal(raw, v)
}

// BoundBody reads r's body whole, at most limit bytes, and hands it on to
// the handler as it came: a larger body is a 413 *LimitError naming the
// limit, and nil otherwise (a read error is the handler's to meet). For
// bodies that are no JSON, such as the forms of OAuth token endpoints, of
// which net/http's ParseForm reads 10 MB.
func BoundBody(r *http.Request, limit int64) *LimitError {
	if r.Body == nil || r.Body == http.NoBody {
		return nil
	}
	raw, err := ReadLimited("request body", r.Body, limit, r.ContentLength)
	var le *LimitError
	if errors.As(err, &le) {
		return le
	}
	var rest io.Reader = bytes.NewReader(raw)
	if err != nil {
		rest = io.MultiReader(rest, failingReader{err})
	}
	r.Body = readCloser{rest, r.Body}
	return nil
}

// failingReader fails every read with err.
type failingReader struct{ err error }

func (f failingReader) Read([]byte) (int, error) { return 0, f.err }

// FieldError is a request body that breaks a rule of JSON itself at a
// field: a key given twice, or a string that is not UTF-8. encoding/json
// accepts both (the last key wins; bad bytes become U+FFFD), so that what
// is stored would differ from what the client meant without a word.
type FieldError struct {
	// Field is the path of the field: name, parent.child, list[2].name;
	// empty for the body itself.
	Field  string
	Reason string
}

func (e *FieldError) Error() string {
	if e.Field == "" {
		return e.Reason
	}
	return e.Field + ": " + e.Reason
}

// CheckJSON refuses a body with a duplicate object key or with a string
// (key or value) that is not valid UTF-8, with a *FieldError naming where.
// A body that is not JSON at all passes: decoding it says what is wrong.
// It keeps one small frame per open object and array (the keys it has
// seen, and the current key or index) and builds a field's path only for
// the error, so that its memory is linear in the body; DecodeJSON bounds
// the depth before it runs.
func CheckJSON(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	type frame struct {
		object bool
		keys   map[string]bool // made at the first key
		key    string          // the current key of an object
		index  int             // the next index of an array
		expect bool            // an object expects a key next
	}
	var stack []frame
	// pathOf is the path of the value at the top of stack[:n]: the
	// segments of the frames, an object's key after a dot unless the path
	// is still empty.
	pathOf := func(n int) string {
		var b strings.Builder
		for _, f := range stack[:n] {
			if f.object {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(f.key)
			} else {
				b.WriteByte('[')
				b.WriteString(strconv.Itoa(f.index))
				b.WriteByte(']')
			}
		}
		return b.String()
	}
	// valueDone moves the enclosing container past a value.
	valueDone := func() {
		if len(stack) == 0 {
			return
		}
		f := &stack[len(stack)-1]
		if f.object {
			f.expect = true
		} else {
			f.index++
		}
	}
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil { // io.EOF, or not JSON: decoding says what is wrong
			return nil //nolint:nilerr // the decoder reports a syntax error, with its offset
		}
		if s, ok := tok.(string); ok {
			n := len(stack)
			inKey := n > 0 && stack[n-1].object && stack[n-1].expect
			// The token's raw bytes, after the separator before it.
			if !utf8.Valid(raw[start:dec.InputOffset()]) {
				if inKey {
					return &FieldError{Field: pathOf(n - 1), Reason: "an object key is not valid UTF-8"}
				}
				return &FieldError{Field: pathOf(n), Reason: "the value is not valid UTF-8"}
			}
			if inKey {
				f := &stack[n-1]
				f.key = s
				if f.keys[s] {
					return &FieldError{Field: pathOf(n), Reason: "the key is given more than once"}
				}
				if f.keys == nil {
					f.keys = map[string]bool{}
				}
				f.keys[s] = true
				f.expect = false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{object: true, expect: true})
		case json.Delim('['):
			stack = append(stack, frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			valueDone()
		default:
			valueDone()
		}
	}
}

// DecodeJSON reads a JSON body into v through the bounds (ReadJSON: a
// *LimitError), refusing unknown fields so that a client that sends a
// field the contract does not have learns it at once, and refusing
// duplicate keys and strings that are not UTF-8 (CheckJSON; the error is
// then a *FieldError).
func DecodeJSON(r *http.Request, v any) error {
	raw, err := ReadJSON(r)
	var le *LimitError
	if errors.As(err, &le) {
		return err
	}
	if err != nil {
		return fmt.Errorf("request body could not be read: %w", err)
	}
	if err := CheckJSON(raw); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("request body is not valid JSON for this operation: %w", err)
	}
	return nil
}

// A Refusal is why DecodeJSON refused a body, in the parts every service's
// error answer is made of.
type Refusal struct {
	// Status is 400, or 413 for a body larger than MaxBodyBytes.
	Status int
	// Field is the field at fault (name, parent.child, list[2].name); ""
	// for the body as a whole.
	Field string
	// Reason is what is wrong, without the field.
	Reason string
	// Unknown says that Field is no field of the operation; Reason is then
	// "not accepted by <method> <path>".
	Unknown bool
}

var unknownFieldRE = regexp.MustCompile(`unknown field "([^"]+)"`)

// RefusalOf is the Refusal of an error of DecodeJSON for r.
func RefusalOf(r *http.Request, err error) Refusal {
	var le *LimitError
	var fe *FieldError
	switch {
	case errors.As(err, &le):
		return Refusal{Status: le.Status, Reason: le.Message}
	case errors.As(err, &fe):
		return Refusal{Status: http.StatusBadRequest, Field: fe.Field, Reason: fe.Reason}
	}
	if m := unknownFieldRE.FindStringSubmatch(err.Error()); m != nil {
		return Refusal{Status: http.StatusBadRequest, Field: m[1], Reason: "not accepted by " + r.Method + " " + r.URL.Path, Unknown: true}
	}
	return Refusal{Status: http.StatusBadRequest, Reason: strings.TrimPrefix(err.Error(), ": ")}
}

// DecodeJSONOr is DecodeJSON whose refusal is answered with the error that
// fail makes of it, in the service's error format: the one decode of the
// services whose handlers take a body from DecodeJSON.
func DecodeJSONOr(r *http.Request, v any, fail func(Refusal) error) error {
	err := DecodeJSON(r, v)
	if err == nil {
		return nil
	}
	return fail(RefusalOf(r, err))
}
