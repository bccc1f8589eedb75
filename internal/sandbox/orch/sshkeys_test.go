package orch_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// testKey and otherKey are ed25519 public keys; testKeyFingerprint is the MD5
// fingerprint of testKey (ssh-keygen -l -E md5).
const (
	testKey            = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIM1yCaS3wPUrzKUUNDHOUJXKxOuwGoIKU9XAoAWhNvNY alice@example"
	testKeyFingerprint = "f7:d6:fb:2a:16:99:8f:3c:bd:58:d7:0b:1e:24:d5:42"
	otherKey           = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJt9xTU2o6UwWVJqLtQYKovEmWCRinh5wjJJxLcmpdHE bob@example"
)

func TestSSHKeys(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("keys", "")
	keys := "/v1/models/" + uuid + "/ssh-keys"

	k := e.must(http.StatusCreated, http.MethodPost, keys, sprintf(`{"key": %q}`, testKey+"\n"))
	assert.Equal(t, testKeyFingerprint, k["fingerprint"])
	assert.Equal(t, "ssh-ed25519", k["type"])
	assert.Equal(t, "alice@example", k["comment"])
	assert.Equal(t, testKey, k["key"])
	assert.Equal(t, testKey, str(e.must(http.StatusOK, http.MethodGet, keys+"/"+testKeyFingerprint, ""), "key"))

	// Unique per model by fingerprint: the same key with another comment is
	// the same key.
	e.fails(http.StatusConflict, "already-exists", "key", http.MethodPost, keys, sprintf(`{"key": %q}`, testKey[:len(testKey)-len("alice@example")]+"other"), testKeyFingerprint)
	// Another model takes it.
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+e.model("keys-2", "")+"/ssh-keys", sprintf(`{"key": %q}`, testKey))

	e.must(http.StatusCreated, http.MethodPost, keys, sprintf(`{"key": %q}`, otherKey))
	assert.Len(t, items(e.must(http.StatusOK, http.MethodGet, keys, "")), 2)

	for _, bad := range []string{
		`{"key": ""}`,
		`{"key": "ssh-ed25519 not-base64!"}`,
		`{"key": "ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIM1yCaS3wPUrzKUUNDHOUJXKxOuwGoIKU9XAoAWhNvNY"}`,
		sprintf(`{"key": %q}`, `command="ls" `+testKey),
		sprintf(`{"key": %q}`, testKey+"\n"+otherKey),
	} {
		e.fails(http.StatusBadRequest, "bad-request", "key", http.MethodPost, keys, bad)
	}

	// A reader of the model sees the keys, only an admin adds or removes them.
	reader := e.addUser("reader")
	e.must(http.StatusOK, http.MethodPut, "/v1/models/"+uuid+"/access/reader", `{"access": "read"}`)
	assert.Len(t, items(reader.must(http.StatusOK, http.MethodGet, keys, "")), 2)
	reader.fails(http.StatusForbidden, "forbidden", "", http.MethodDelete, keys+"/"+testKeyFingerprint, "", "needs admin")
	e.addUser("stranger").fails(http.StatusNotFound, "not-found", "", http.MethodGet, keys, "")

	e.must(http.StatusNoContent, http.MethodDelete, keys+"/"+testKeyFingerprint, "")
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, keys+"/"+testKeyFingerprint, "")
	e.fails(http.StatusNotFound, "not-found", "", http.MethodDelete, keys+"/"+testKeyFingerprint, "")
}
