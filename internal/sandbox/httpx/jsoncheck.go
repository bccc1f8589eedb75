package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"unicode/utf8"
)

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
func CheckJSON(raw []byte) error {
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
			return nil
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

// DecodeJSON reads a JSON body into v, refusing unknown fields so that a
// client that sends a field the contract does not have learns it at once,
// and refusing duplicate keys and strings that are not UTF-8 (CheckJSON;
// the error is then a *FieldError).
func DecodeJSON(r *http.Request, v any) error {
	raw, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
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
