package netfab

import (
	"context"
	"net/http"
	"strings"

	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Accounts: every company has its own API key pair, and sees, changes and
// cancels only the products it ordered. Another company's product is
// answered exactly as a product that does not exist, so that a caller
// cannot learn that a UID is in use. The partner ports of the marketplace
// are the one thing all companies share.

// The second seeded company, for tests and users that try two accounts.
const (
	OtherAccessKey   = "sandbox-other-access-key"
	OtherSecretKey   = "sandbox-other-secret-key"
	OtherCompanyName = "netfab sandbox second customer"
)

// Account is one company's API credential (client-credentials grant).
type Account struct {
	AccessKey, SecretKey string
	CompanyUID           string // default: derived from CompanyName
	CompanyName          string
}

// DefaultAccounts are the companies seeded besides the one of
// Config.AccessKey and Config.SecretKey.
func DefaultAccounts() []Account {
	return []Account{{AccessKey: OtherAccessKey, SecretKey: OtherSecretKey, CompanyName: OtherCompanyName}}
}

// accounts returns every account: the configured key pair, which is the
// company that products ordered before accounts existed belong to, then
// Config.Accounts (DefaultAccounts when nil).
func (s *server) accounts() []Account {
	all := []Account{{AccessKey: s.cfg.AccessKey, SecretKey: s.cfg.SecretKey, CompanyUID: companyUID, CompanyName: companyName}}
	extra := s.cfg.Accounts
	if extra == nil {
		extra = DefaultAccounts()
	}
	for _, a := range extra {
		if a.CompanyUID == "" {
			a.CompanyUID = catalogueUID("company:" + a.CompanyName)
		}
		all = append(all, a)
	}
	return all
}

// authenticate returns the account of the key pair. Every account's
// secret is compared, always, so that timing does not tell which keys
// exist.
func (s *server) authenticate(accessKey, secretKey string) (Account, bool) {
	var found Account
	ok := false
	for _, a := range s.accounts() {
		idOK := equalSecret(accessKey, a.AccessKey)
		secretOK := equalSecret(secretKey, a.SecretKey)
		if accessKey != "" && idOK && secretOK && !ok {
			found, ok = a, true
		}
	}
	return found, ok
}

// accountOfKey returns the account of an access key that issued a token.
func (s *server) accountOfKey(accessKey string) (Account, bool) {
	for _, a := range s.accounts() {
		if a.AccessKey == accessKey {
			return a, true
		}
	}
	return Account{}, false
}

type accountKey struct{}

func withAccount(ctx context.Context, a Account) context.Context {
	return context.WithValue(ctx, accountKey{}, a)
}

// callerCompany is the company UID of the request's account.
func callerCompany(r *http.Request) string {
	a, _ := r.Context().Value(accountKey{}).(Account)
	return a.CompanyUID
}

// checkOwner answers a request for another company's product (in the path
// of the product endpoints) as the service answers an unknown product.
func (s *server) checkOwner(r *http.Request) error {
	if !strings.HasPrefix(r.URL.Path, "/v3/products/") {
		return nil
	}
	uid := r.PathValue("productUid")
	if uid == "" {
		uid = r.PathValue("ownerUid")
	}
	if uid == "" {
		return nil
	}
	return s.tx(r.Context(), func(tx *store.Tx) error {
		var p productRecord
		found, err := tx.Get(kindProduct, uid, &p)
		if err != nil || !found || p.CompanyUID == callerCompany(r) {
			return err
		}
		return notFound("product %s not found", uid)
	})
}
