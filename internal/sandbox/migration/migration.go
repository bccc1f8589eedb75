// Package migration is the sandbox implementation of the cloud-migration API
// (docs/api/migration.md): import jobs and the import data files inside them,
// created and deleted through long-running operations, with requestId
// idempotency, bearer-token authentication, and signed upload addresses that
// accept the files' content.
//
// State lives in the shared SQLite store. Operations finish lazily: each
// records when it is due, and every request first completes the operations
// that are due, so the service needs no background goroutine and a restart
// picks up where it stopped.
package migration

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	mig "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// DefaultToken is the bearer access token the sandbox accepts unless
// configured otherwise.
const DefaultToken = "sandbox-migration-token"

// Defaults of Config.
const (
	DefaultRequestIDRetention = 60 * time.Minute
	DefaultUploadURLTTL       = time.Hour
	DefaultMaxUploadBytes     = 32 << 20
)

// Config configures the service.
type Config struct {
	// Store holds the state; required.
	Store *store.Store
	// Token is the accepted bearer access token; DefaultToken when empty.
	// It may use every project that no account of Accounts owns.
	Token string
	// Accounts are further tokens, each with projects of its own
	// (accounts.go); nil means DefaultAccounts.
	Accounts []Account
	// OperationDelay is how long create, update and delete operations run.
	// Zero finishes them in the answer that starts them.
	OperationDelay time.Duration
	// RequestIDRetention is how long a requestId is remembered;
	// DefaultRequestIDRetention (the seed's "at least 60 minutes") when zero.
	RequestIDRetention time.Duration
	// UploadURLTTL is how long a signed upload address is valid;
	// DefaultUploadURLTTL when zero.
	UploadURLTTL time.Duration
	// MaxUploadBytes bounds the content of one data file;
	// DefaultMaxUploadBytes when zero.
	MaxUploadBytes int64
	// PublicURL is the base address (scheme://host[:port]) put into signed
	// upload addresses; when empty, the scheme and Host of the request that
	// creates the data file.
	PublicURL string
	// RateLimit (requests per second) and RateBurst limit requests per
	// access token (or per client address for unauthenticated requests);
	// zero disables limiting, and a zero burst is the rate rounded up.
	RateLimit float64
	RateBurst int
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Store kinds, prefixed so that the services can share one store.
const (
	kindJob       = "migration.importJob"
	kindFile      = "migration.importDataFile"
	kindOperation = "migration.operation"
	kindRequest   = "migration.request"
	kindContent   = "migration.content"
	kindKey       = "migration.key"

	// pendingParent is the store parent of operations that are not done.
	pendingParent = "pending"
)

type service struct {
	*httpx.Service
	cfg     Config
	store   *store.Store
	limiter *httpx.RateLimiter
	key     []byte
}

// New returns the service's HTTP handler.
func New(cfg Config) (http.Handler, error) {
	if cfg.Store == nil {
		return nil, errors.New("migration sandbox: Config.Store is required")
	}
	if cfg.Token == "" {
		cfg.Token = DefaultToken
	}
	if cfg.RequestIDRetention <= 0 {
		cfg.RequestIDRetention = DefaultRequestIDRetention
	}
	if cfg.UploadURLTTL <= 0 {
		cfg.UploadURLTTL = DefaultUploadURLTTL
	}
	if cfg.MaxUploadBytes <= 0 {
		cfg.MaxUploadBytes = DefaultMaxUploadBytes
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	cfg.PublicURL = strings.TrimSuffix(cfg.PublicURL, "/")
	s := &service{
		Service: httpx.NewService("migration", frameErrors),
		cfg:     cfg,
		store:   cfg.Store,
		limiter: httpx.NewRateLimiter(cfg.RateLimit, cfg.RateBurst).WithClock(cfg.Now),
	}
	key, err := s.signingKey(context.Background())
	if err != nil {
		return nil, fmt.Errorf("migration sandbox: signing key: %w", err)
	}
	s.key = key
	s.routes()
	return s, nil
}

// signingKey loads the HMAC key of upload signatures, creating it on first
// use, so that addresses stay valid across restarts.
func (s *service) signingKey(ctx context.Context) ([]byte, error) {
	var doc struct {
		Key string `json:"key"`
	}
	err := s.store.Tx(ctx, func(tx *store.Tx) error {
		ok, err := tx.Get(kindKey, "upload-signing", &doc)
		if err != nil || ok {
			return err
		}
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return err
		}
		doc.Key = hex.EncodeToString(b)
		return tx.Put(kindKey, "upload-signing", "", doc)
	})
	if err != nil {
		return nil, err
	}
	return hex.DecodeString(doc.Key)
}

func (s *service) now() time.Time { return s.cfg.Now().UTC() }

// routes registers the endpoints. Each path segment that is an ID must
// follow the ID rule, which checkIDs enforces for the wildcards below.
func (s *service) routes() {
	const (
		loc  = "/" + mig.APIVersion + "/projects/{project}/locations/{location}"
		job  = loc + "/importJobs/{importJob}"
		file = job + "/importDataFiles/{importDataFile}"
	)
	// Authentication comes before routing: a caller without a valid token,
	// or asking for another account's project, learns nothing about the
	// paths and methods that exist.
	s.Guard("/"+mig.APIVersion+"/", s.authenticated)
	api := checkIDs
	s.Handle("PUT /upload/"+mig.APIVersion+"/{file...}", s.uploads)

	s.Handle("GET "+loc+"/importJobs", api(s.listJobs))
	s.Handle("POST "+loc+"/importJobs", api(s.createJob))
	s.Handle("GET "+job, api(s.getJob))
	s.Handle("PATCH "+job, api(s.updateJob))
	s.Handle("DELETE "+job, api(s.deleteJob))

	s.Handle("GET "+job+"/importDataFiles", api(s.listFiles))
	s.Handle("POST "+job+"/importDataFiles", api(s.createFile))
	s.Handle("GET "+file, api(s.getFileOrContent))
	s.Handle("DELETE "+file, api(s.deleteFile))
	s.Handle("POST "+file+"/uploadUris", api(s.createUploadURI))
	s.Handle("DELETE "+file+"/uploadUris/{uploadUri}", api(s.revokeUploadURI))

	s.Handle("GET "+loc+"/operations/{operation}", api(s.getOperation))
}

// The resource names of a request's path.
func locationName(r *http.Request) string {
	return mig.LocationName(r.PathValue("project"), r.PathValue("location"))
}

func jobName(r *http.Request) string {
	return mig.ImportJobName(r.PathValue("project"), r.PathValue("location"), r.PathValue("importJob"))
}

func fileName(r *http.Request) string {
	return mig.ImportDataFileName(r.PathValue("project"), r.PathValue("location"), r.PathValue("importJob"), r.PathValue("importDataFile"))
}

// idSegments are the path wildcards that are IDs, in path order, with the
// collection each names an item of.
var idSegments = []struct{ wildcard, collection string }{
	{"project", "projects"},
	{"location", "locations"},
	{"importJob", "importJobs"},
	{"importDataFile", "importDataFiles"},
	{"operation", "operations"},
}

// checkIDs refuses a path whose IDs break the ID rule, naming the first.
func checkIDs(h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		for _, seg := range idSegments {
			if id := r.PathValue(seg.wildcard); id != "" && !mig.IDRegexp.MatchString(id) {
				return badName(strings.TrimPrefix(r.URL.Path, "/"+mig.APIVersion+"/"), seg.collection, id)
			}
		}
		return h(w, r)
	}
}

// getFileOrContent is GET of a data file: its content with ?alt=media, else
// the resource.
func (s *service) getFileOrContent(w http.ResponseWriter, r *http.Request) error {
	if r.URL.Query().Get("alt") == "media" {
		return s.download(w, r)
	}
	return s.getFile(w, r)
}

// uploads serves PUT /upload/v1alpha1/{file}, the signed upload addresses,
// limited per client address.
func (s *service) uploads(w http.ResponseWriter, r *http.Request) error {
	if err := s.allow("ip:" + httpx.ClientAddr(r)); err != nil {
		return err
	}
	return s.upload(w, r, r.PathValue("file"))
}

// authenticated serves h to callers with the bearer access token, within
// the rate limit of their token (or address, when they send none).
func (s *service) authenticated(h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		// The token is checked first: the limiter keys only on what is
		// known (an account, or the address of a caller without one), so
		// that made-up tokens cannot fill it.
		token := httpx.BearerToken(r)
		acct, ok := s.account(token)
		key := "ip:" + httpx.ClientAddr(r)
		if ok {
			key = "token:" + token // one of the configured few
		}
		if err := s.allow(key); err != nil {
			return err
		}
		if !ok {
			msg := "the request has no bearer access token"
			if token != "" {
				msg = "the bearer access token is not valid"
			}
			return apiError(http.StatusUnauthorized, mig.StatusUnauthenticated, msg).
				WithHeader("WWW-Authenticate", `Bearer realm="migration"`)
		}
		if err := s.checkProject(acct, r); err != nil {
			return err
		}
		return h(w, r)
	}
}

// allow applies the rate limit of key.
func (s *service) allow(key string) error {
	if ok, wait := s.limiter.Allow(key); !ok {
		e := apiError(http.StatusTooManyRequests, mig.StatusResourceExhausted, "too many requests; retry after the time in Retry-After")
		e.RetryAfter = wait
		return e
	}
	return nil
}

// badName is the error of a path segment that breaks the ID rule.
func badName(path, collection, id string) *httpx.Error {
	field := map[string]string{
		"projects":        "project",
		"locations":       "location",
		"importJobs":      "importJobId",
		"importDataFiles": "importDataFileId",
		"operations":      "operation",
	}[collection]
	if field == "" {
		field = "name"
	}
	return fieldError(field, fmt.Sprintf("%q in %s %s", id, path, mig.IDRule))
}

// formatTime renders a timestamp the way the API does: RFC 3339, UTC.
func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }
