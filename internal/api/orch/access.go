package orch

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Model access levels, weakest first: read sees the model and everything in
// it; write also changes what is in it (deploys, machines, integrations,
// secrets); admin also changes the model itself, its storage pools, SSH keys,
// offers and who has access to it. A model's owner and a superuser have admin.
const (
	ModelAccessRead  = "read"
	ModelAccessWrite = "write"
	ModelAccessAdmin = "admin"
)

// ModelAccessLevels are the model access levels, weakest first.
var ModelAccessLevels = []string{ModelAccessRead, ModelAccessWrite, ModelAccessAdmin}

// Offer access levels, weakest first: read sees the offer; consume also
// integrates with it from another model; admin also manages who has access
// to it. The owner of the offering model and a superuser have admin.
const (
	OfferAccessRead    = "read"
	OfferAccessConsume = "consume"
	OfferAccessAdmin   = "admin"
)

// OfferAccessLevels are the offer access levels, weakest first.
var OfferAccessLevels = []string{OfferAccessRead, OfferAccessConsume, OfferAccessAdmin}

// AccessIncludes tells whether level held includes level needed on a scale of
// levels (weakest first); an empty or unknown level includes nothing.
func AccessIncludes(levels []string, held, needed string) bool {
	h, n := slices.Index(levels, held), slices.Index(levels, needed)
	return h >= 0 && n >= 0 && h >= n
}

// AccessGrant is one user's access to a model or an offer, the answer of
// GET and PUT /v1/models/{uuid}/access[/{user}] and
// /v1/offers/{owner}/{model}.{offer}/access[/{user}].
type AccessGrant struct {
	User      string    `json:"user"`
	Access    string    `json:"access"`
	GrantedBy string    `json:"grantedBy"`
	GrantedAt time.Time `json:"grantedAt"`
}

// GrantAccessRequest is the body of PUT .../access/{user}: the user's level,
// which replaces any level they had.
type GrantAccessRequest struct {
	Access string `json:"access"`
}

// SSHKey is a public key authorised on the machines of a model.
type SSHKey struct {
	// Fingerprint is the key's MD5 fingerprint, colon-separated hex
	// ("ab:cd:..."), unique in a model.
	Fingerprint string `json:"fingerprint"`
	// Key is the key as it was added, in authorized_keys form
	// ("<type> <base64> [comment]").
	Key     string    `json:"key"`
	Type    string    `json:"type"`
	Comment string    `json:"comment"`
	AddedBy string    `json:"addedBy"`
	AddedAt time.Time `json:"addedAt"`
}

// AddSSHKeyRequest is the body of POST /v1/models/{uuid}/ssh-keys.
type AddSSHKeyRequest struct {
	Key string `json:"key"`
}

// UserNamePattern is the rule of a local user's name (at most 64
// characters); an external user is <name>@<domain>.
var UserNamePattern = regexp.MustCompile(`^[a-zA-Z0-9]([a-zA-Z0-9.+-]*[a-zA-Z0-9])?$`)

// CheckUserName checks a local user's name.
func CheckUserName(name string) error {
	if len(name) > 64 || !UserNamePattern.MatchString(name) {
		return fmt.Errorf("%q is not a valid user name: letters, digits, and . + - inside, at most 64 characters", name)
	}
	return nil
}

// CheckGrantee checks the user of a grant: a local user's name, or an
// external user's <name>@<domain>.
func CheckGrantee(name string) error {
	local, domain, external := strings.Cut(name, "@")
	if CheckUserName(local) != nil || (external && (domain == "" || strings.ContainsAny(domain, "@/ "))) {
		return fmt.Errorf("%q is not a valid user name: a local user's name (letters, digits, and . + - inside) or name@domain", name)
	}
	return nil
}
