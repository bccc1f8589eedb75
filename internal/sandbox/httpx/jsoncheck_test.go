package httpx

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCheckJSON(t *testing.T) {
	for body, want := range map[string]*FieldError{
		`{"name": "a", "config": {"x": 1}, "list": [1, {"k": "v"}]}`: nil,
		`{"name": "a", "name": "b"}`:                                 {Field: "name", Reason: "the key is given more than once"},
		`{"config": {"x": 1, "x": 2}}`:                               {Field: "config.x", Reason: "the key is given more than once"},
		`{"list": [{"k": 1}, {"k": 1, "k": 2}]}`:                     {Field: "list[1].k", Reason: "the key is given more than once"},
		"{\"name\": \"a\xffb\"}":                                     {Field: "name", Reason: "the value is not valid UTF-8"},
		"{\"list\": [\"ok\", \"\xc3\"]}":                             {Field: "list[1]", Reason: "the value is not valid UTF-8"},
		"{\"config\": {\"\xff\": 1}}":                                {Field: "config", Reason: "an object key is not valid UTF-8"},
		`{"a": {"b": 1}, "b": 2}`:                                    nil,
		`not json`:                                                   nil,
	} {
		err := CheckJSON([]byte(body))
		if want == nil {
			require.NoError(t, err, body)
			continue
		}
		require.Equal(t, want, err, body)
	}
}
