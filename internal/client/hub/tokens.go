package hub

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/httpclient"
)

// Tokens obtains and keeps the bearer token of one client ID with the OAuth
// 2.0 client-credentials grant: one token at a time, replaced when it
// expires or when the hub refuses it. It is safe for concurrent use.
type Tokens struct {
	cfg  clientcredentials.Config
	http *http.Client

	// grant makes callers that need a new token at the same time wait for
	// one grant, whose token or refusal they share.
	grant httpclient.SharedLogin

	mu     sync.Mutex
	token  *oauth2.Token
	grants int
}

// NewTokens returns the tokens of clientID at the hub that httpClient
// reaches as base (the token endpoint is base + hubapi.TokenPath).
func NewTokens(base, clientID, clientSecret string, httpClient *http.Client) *Tokens {
	if httpClient == nil {
		httpClient = http.DefaultClient
	}
	return &Tokens{
		cfg: clientcredentials.Config{
			ClientID: clientID, ClientSecret: clientSecret,
			TokenURL: base + hubapi.TokenPath, AuthStyle: oauth2.AuthStyleInHeader,
		},
		http: httpClient,
	}
}

var (
	sharedMu sync.Mutex
	shared   = map[string]*Tokens{}
)

// SharedTokens returns the process's Tokens of a client at a hub, made on
// first use, so that a provider process holds one token however often it is
// configured.
func SharedTokens(key, base, clientID, clientSecret string, httpClient *http.Client) *Tokens {
	sum := sha256.Sum256([]byte(key + "\x00" + base + "\x00" + clientID + "\x00" + clientSecret))
	k := hex.EncodeToString(sum[:])
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if t, ok := shared[k]; ok {
		return t
	}
	t := NewTokens(base, clientID, clientSecret, httpClient)
	shared[k] = t
	return t
}

// Token returns a valid token. refused, when not empty, is a token the hub
// has just refused (it expired early, or the hub forgot it): a new one is
// obtained unless another caller already replaced it.
func (t *Tokens) Token(ctx context.Context, refused string) (string, error) {
	if tok, ok := t.current(refused); ok {
		return tok, nil
	}
	return t.grant.Do(ctx, func(ctx context.Context) (string, error) {
		// A grant that ended while this caller waited may have left a token.
		if tok, ok := t.current(refused); ok {
			return tok, nil
		}
		tok, err := t.cfg.Token(context.WithValue(ctx, oauth2.HTTPClient, t.http))
		if err != nil {
			var re *oauth2.RetrieveError
			if errors.As(err, &re) && re.ErrorCode == "invalid_client" {
				return "", fmt.Errorf("the hub refused the client credentials of %q (invalid_client): check client_id and client_secret", t.cfg.ClientID)
			}
			return "", fmt.Errorf("obtaining a hub token for %q: %w", t.cfg.ClientID, err)
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		t.token = tok
		t.grants++
		return tok.AccessToken, nil
	})
}

// current returns the token held, unless it is expired or is the one refused.
func (t *Tokens) current(refused string) (string, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.token != nil && t.token.Valid() && (refused == "" || refused != t.token.AccessToken) {
		return t.token.AccessToken, true
	}
	return "", false
}

// Grants is how many tokens have been obtained.
func (t *Tokens) Grants() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.grants
}
