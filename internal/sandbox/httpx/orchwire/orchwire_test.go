package orchwire

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// The body of docs/api/orch.md, Errors: code, message (starting with the
// field it names) and field, written as JSON with the status.
func TestErrorBody(t *testing.T) {
	rec := httptest.NewRecorder()
	BadRequest("name", "must not be empty, not %q", "").Write(rec)
	assert.Equal(t, http.StatusBadRequest, rec.Code)
	assert.JSONEq(t, `{"code":"bad-request","message":"name: must not be empty, not \"\"","field":"name"}`, rec.Body.String())

	rec = httptest.NewRecorder()
	NotFound("model %s not found", "m").Write(rec)
	assert.Equal(t, http.StatusNotFound, rec.Code)
	assert.JSONEq(t, `{"code":"not-found","message":"model m not found"}`, rec.Body.String())
}

func TestUnauthorizedNamesTheRealm(t *testing.T) {
	e := Unauthorized("hub", "no token")
	assert.Equal(t, http.StatusUnauthorized, e.Status)
	assert.Equal(t, `Bearer realm="hub"`, e.Header.Get("WWW-Authenticate"))
}

func TestDecodeNamesTheUnknownField(t *testing.T) {
	r := httptest.NewRequest(http.MethodPost, "/v1/models", strings.NewReader(`{"name":"m","colour":"red"}`))
	var v struct {
		Name string `json:"name"`
	}
	var e *httpx.Error
	require.ErrorAs(t, Decode(r, &v), &e)
	assert.Equal(t, http.StatusBadRequest, e.Status)
	body, ok := e.Body.(orchapi.ErrorBody)
	require.True(t, ok, "%T", e.Body)
	assert.Equal(t, orchapi.CodeBadRequest, body.Code)
	assert.Equal(t, "colour", body.Field)
	assert.True(t, strings.HasPrefix(body.Message, "colour: "), body.Message)
}

// The frame's own answers: an internal error reveals nothing of its cause.
func TestFrameErrors(t *testing.T) {
	r := httptest.NewRequest(http.MethodGet, "/v1/nothing", nil)
	rec := httptest.NewRecorder()
	FrameErrors().Internal(r, errors.New("secret detail")).Write(rec)
	assert.Equal(t, http.StatusInternalServerError, rec.Code)
	assert.JSONEq(t, `{"code":"internal","message":"internal error"}`, rec.Body.String())
	rec = httptest.NewRecorder()
	FrameErrors().NotFound(r).Write(rec)
	assert.JSONEq(t, `{"code":"not-found","message":"no such operation: GET /v1/nothing"}`, rec.Body.String())
}
