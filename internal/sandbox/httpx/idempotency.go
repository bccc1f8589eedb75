package httpx

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/iacsuite/providers/internal/sandbox/store"
)

// IdempotencyKeyHeader is the request header that makes a create safe to
// retry: the first request with a key is served, and every later one with
// the same key (same caller, method and path) gets the first one's answer
// again, with IdempotentReplayedHeader set, instead of creating again.
const (
	IdempotencyKeyHeader     = "Idempotency-Key"
	IdempotentReplayedHeader = "Idempotent-Replayed"
)

// DefaultIdempotencyRetention is how long a key is remembered.
const DefaultIdempotencyRetention = 24 * time.Hour

// MaxIdempotencyKeyLength is the longest Idempotency-Key honoured.
const MaxIdempotencyKeyLength = 255

// DefaultIdempotentMaxBody is Idempotency.MaxBody when it is zero.
const DefaultIdempotentMaxBody = 1 << 20

// readCloser reads from Reader and closes Closer: a body of which a part
// was read already.
type readCloser struct {
	io.Reader
	io.Closer
}

// Idempotency remembers, durably in the service's store, the successful
// answers of requests that carry an Idempotency-Key, for services whose
// creates cannot be deduplicated otherwise (objects with IDs the service
// assigns). A retry whose first answer was lost gets that answer again. It
// is route middleware: Handle wraps the endpoints it applies to, inside the
// service's authentication, so that Caller can use what that found out.
type Idempotency struct {
	// Store keeps the keys, so that a restarted service still knows them.
	Store *store.Store
	// Applies selects the requests handled; POST requests when nil.
	Applies func(*http.Request) bool
	// Caller names who sends the request, so that a key only replays to its
	// own caller; a hash of the Authorization header when nil.
	Caller func(*http.Request) string
	// Retention is how long a key is remembered; DefaultIdempotencyRetention
	// when zero, for good when negative.
	Retention time.Duration
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// Conflict is the service's answer to a key reused for another request
	// (another body) than the one first served at firstAt; a plain 409 when
	// nil.
	Conflict func(r *http.Request, key string, firstAt time.Time) *Error
	// TooLong is the service's answer to a key longer than
	// MaxIdempotencyKeyLength; when nil, such a key is ignored.
	TooLong func(r *http.Request) *Error
	// MaxBody is the largest request body a key is honoured for
	// (DefaultIdempotentMaxBody when zero): set it to the largest body the
	// wrapped endpoints accept, such as an upload's limit. A larger body
	// reaches the handler whole and without the key's handling, and the
	// handler refuses it by its own limit.
	MaxBody int64
	// Replay, when set, writes the answer to a repeat from the first
	// answer's status and body (for example the objects it created, in their
	// current state); when nil, the first answer is written again as it was.
	// IdempotentReplayedHeader is set before it is called.
	Replay func(w http.ResponseWriter, r *http.Request, status int, body []byte) error
	// Exists reports, in tx, whether the object that a remembered answer
	// names (RememberObjectInTx) is still there, for a service whose objects
	// outlive their removal in the store for a while (finished lazily, when
	// a request comes); when nil, whether the store holds the document. An
	// answer whose object is gone is forgotten, and the request served anew.
	Exists func(tx *store.Tx, obj ObjectRef) (bool, error)

	mu    sync.Mutex
	inUse map[string]*keyLock // one request per key at a time
}

// keyLock serialises the requests of one key; users counts those holding
// or waiting for it, so that the last one removes it.
type keyLock struct {
	sync.Mutex
	users int
}

const kindIdempotencyKey = "httpx-idempotency-key"

// idempotencyRecord is a remembered answer.
type idempotencyRecord struct {
	RequestHash string      `json:"requestHash"`
	Status      int         `json:"status"`
	Header      http.Header `json:"header"`
	Body        []byte      `json:"body"`
	CreatedAt   time.Time   `json:"createdAt"`
	// Object is the stored document the answer is about, when the handler
	// named it (RememberObjectInTx): the answer is replayed only while that
	// document exists.
	Object *ObjectRef `json:"object,omitempty"`
}

// ObjectRef names a document of the service's store (store.Tx.Get's kind
// and id): the object a remembered answer created.
type ObjectRef struct {
	Kind string `json:"kind"`
	ID   string `json:"id"`
}

// Handle returns h with the keys honoured.
func (idem *Idempotency) Handle(h HandlerFunc) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		key := r.Header.Get(IdempotencyKeyHeader)
		applies := idem.Applies
		if applies == nil {
			applies = func(r *http.Request) bool { return r.Method == http.MethodPost }
		}
		if key == "" || !applies(r) {
			return h(w, r)
		}
		if len(key) > MaxIdempotencyKeyLength {
			if idem.TooLong != nil {
				return idem.TooLong(r)
			}
			return h(w, r)
		}
		// The body is read whole to hash it, and handed on whole: reading a
		// bounded prefix and handing on only that once cut every upload
		// above the bound, which then failed as a bad archive.
		limit := idem.MaxBody
		if limit <= 0 {
			limit = DefaultIdempotentMaxBody
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
		if err != nil {
			return fmt.Errorf("reading the request: %w", err)
		}
		if int64(len(body)) > limit {
			r.Body = readCloser{io.MultiReader(bytes.NewReader(body), r.Body), r.Body}
			return h(w, r)
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		id := idem.id(r, key)
		reqHash := requestHash(body)
		unlock := idem.lock(id)
		defer unlock()

		var rec idempotencyRecord
		found, err := idem.get(r.Context(), id, &rec)
		if err != nil {
			return fmt.Errorf("idempotency store: %w", err)
		}
		if found {
			if rec.RequestHash != reqHash {
				return idem.conflict(r, key, rec.CreatedAt)
			}
			w.Header().Set(IdempotentReplayedHeader, "true")
			if idem.Replay != nil {
				return idem.Replay(w, r, rec.Status, rec.Body)
			}
			for k, v := range rec.Header {
				w.Header()[k] = v
			}
			w.WriteHeader(rec.Status)
			_, _ = w.Write(rec.Body)
			return nil
		}
		pending := &pendingKey{id: id, hash: reqHash, at: idem.now()}
		r = r.WithContext(context.WithValue(r.Context(), pendingKeyOf{}, pending))
		cw := &capturingWriter{ResponseWriter: w}
		if err := h(cw, r); err != nil {
			return err
		}
		// A handler that remembered its answer in the transaction of its
		// change (RememberInTx) is done, and so is one that took its change
		// back (ForgetInTx); for the others the answer is remembered after
		// the change, and a crash in between forgets it.
		if pending.forgotten {
			return nil
		}
		if !pending.remembered && cw.status() == http.StatusCreated {
			route := r.Pattern // "POST /v1/models", as the service routes it
			if route == "" {
				route = r.Method + " " + r.URL.Path
			}
			createsRememberedLate.Store(route, true)
		}
		if !pending.remembered && cw.status() >= 200 && cw.status() < 300 {
			rec = idempotencyRecord{
				RequestHash: reqHash,
				Status:      cw.status(),
				Header:      http.Header{"Content-Type": w.Header().Values("Content-Type")},
				Body:        cw.body.Bytes(),
				CreatedAt:   idem.now(),
			}
			// The change is committed: remember its answer even if the
			// client has gone.
			// The answer is written: a failure here can only be logged.
			if err := idem.Store.Tx(context.WithoutCancel(r.Context()), func(tx *store.Tx) error {
				return tx.Put(kindIdempotencyKey, id, "", rec)
			}); err != nil {
				log.Printf("idempotency: remembering key of %s %s: %v", r.Method, r.URL.Path, err)
			}
		}
		return nil
	}
}

// pendingKeyOf is the context key of the request's pendingKey.
type pendingKeyOf struct{}

// pendingKey is the Idempotency-Key of the request being handled, until its
// answer is remembered.
type pendingKey struct {
	id, hash   string
	at         time.Time
	remembered bool
	// forgotten: the handler took back what it had committed with the key
	// (ForgetInTx); nothing is remembered for this request.
	forgotten bool
}

// createsRememberedLate holds the routes (patterns such as "POST /v1/models") of this process
// that answered 201 Created to a keyed request and remembered the answer
// after the change's commit instead of with it.
var createsRememberedLate sync.Map

// CreatesRememberedLate lists, sorted, the routes of this process that
// created something for a keyed request and remembered its answer after the
// creation was committed instead of in the same transaction (RememberInTx):
// a crash between the two keeps the object and loses the key, and the
// client's retry makes it again. Tests of a service whose creates must all
// survive such a crash check that the list is empty after exercising them.
func CreatesRememberedLate() []string {
	var out []string
	createsRememberedLate.Range(func(k, _ any) bool {
		if route, ok := k.(string); ok {
			out = append(out, route)
		}
		return true
	})
	slices.Sort(out)
	return out
}

// RememberInTx remembers the answer to the request of ctx (status, and v as
// WriteJSON writes it) under its Idempotency-Key, in tx: the transaction
// that makes the change, so that the change and its key are committed
// together. Remembered after the commit, as Handle does for other handlers,
// a crash of the process between the two would leave the change without its
// key, and the client's retry would make it a second time. Without a key
// (or outside Handle) it does nothing. The handler must then answer status
// and v.
func RememberInTx(ctx context.Context, tx *store.Tx, status int, v any) error {
	return remember(ctx, tx, status, v, nil)
}

// RememberObjectInTx is RememberInTx for an answer about one stored object,
// the document obj (the object the request created): a repeat of the
// request is answered from the key only while that document exists. Once it
// is gone (removed since, or never kept), the key is forgotten and the
// repeat is served as a new request, so that a key never answers for an
// object that is no longer there.
func RememberObjectInTx(ctx context.Context, tx *store.Tx, status int, v any, obj ObjectRef) error {
	return remember(ctx, tx, status, v, &obj)
}

func remember(ctx context.Context, tx *store.Tx, status int, v any, obj *ObjectRef) error {
	p, ok := ctx.Value(pendingKeyOf{}).(*pendingKey)
	if !ok {
		return nil
	}
	var body bytes.Buffer
	if err := json.NewEncoder(&body).Encode(v); err != nil {
		return err
	}
	rec := idempotencyRecord{RequestHash: p.hash, Status: status, Header: http.Header{"Content-Type": {"application/json"}},
		Body: body.Bytes(), CreatedAt: p.at, Object: obj}
	if err := tx.Put(kindIdempotencyKey, p.id, "", rec); err != nil {
		return err
	}
	p.remembered, p.forgotten = true, false
	return nil
}

// ForgetInTx takes back, in tx, the answer that the request of ctx
// remembered with RememberInTx (or RememberObjectInTx): for a handler that
// undoes its own committed change (a compensating removal when a later step
// fails). It must run in the transaction of the undoing, so that the key
// goes with the object it answered for: a key left behind would answer the
// client's retry with the object that is gone. Nothing is remembered for the
// request afterwards, whatever it answers, and its retry is served anew.
// Without a key (or outside Handle) it does nothing.
func ForgetInTx(ctx context.Context, tx *store.Tx) error {
	p, ok := ctx.Value(pendingKeyOf{}).(*pendingKey)
	if !ok {
		return nil
	}
	if _, err := tx.Delete(kindIdempotencyKey, p.id); err != nil {
		return err
	}
	p.remembered, p.forgotten = false, true
	return nil
}

// requestHash identifies a request body; JSON is compacted first, so that a
// retry that lays the same body out differently is the same request.
func requestHash(body []byte) string {
	var compact bytes.Buffer
	if json.Compact(&compact, body) == nil {
		body = compact.Bytes()
	}
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])
}

func (idem *Idempotency) now() time.Time {
	if idem.Now != nil {
		return idem.Now()
	}
	return time.Now()
}

// id is the stored key of a request: caller, method, path and key.
func (idem *Idempotency) id(r *http.Request, key string) string {
	caller := ""
	if idem.Caller != nil {
		caller = idem.Caller(r)
	} else if a := r.Header.Get("Authorization"); a != "" {
		sum := sha256.Sum256([]byte(a))
		caller = hex.EncodeToString(sum[:8])
	}
	sum := sha256.Sum256([]byte(caller + "\x00" + r.Method + "\x00" + r.URL.Path + "\x00" + key))
	return hex.EncodeToString(sum[:])
}

// lock takes the lock of id and returns its release.
func (idem *Idempotency) lock(id string) func() {
	idem.mu.Lock()
	if idem.inUse == nil {
		idem.inUse = map[string]*keyLock{}
	}
	l, ok := idem.inUse[id]
	if !ok {
		l = &keyLock{}
		idem.inUse[id] = l
	}
	l.users++
	idem.mu.Unlock()
	l.Lock()
	return func() {
		l.Unlock()
		idem.mu.Lock()
		if l.users--; l.users == 0 {
			delete(idem.inUse, id)
		}
		idem.mu.Unlock()
	}
}

// get reads a record that has not expired and, when it names an object,
// whose object still exists; any other record is deleted.
func (idem *Idempotency) get(ctx context.Context, id string, rec *idempotencyRecord) (bool, error) {
	retention := idem.Retention
	if retention <= 0 {
		retention = DefaultIdempotencyRetention
	}
	var found bool
	err := idem.Store.Tx(ctx, func(tx *store.Tx) error {
		var err error
		found, err = tx.Get(kindIdempotencyKey, id, rec)
		if err != nil || !found {
			return err
		}
		live := idem.Retention < 0 || idem.now().Sub(rec.CreatedAt) < retention
		if live && rec.Object != nil {
			// An answer about an object answers only while the object
			// exists.
			if live, err = idem.exists(tx, *rec.Object); err != nil {
				return err
			}
		}
		if live {
			return nil
		}
		found = false
		_, err = tx.Delete(kindIdempotencyKey, id)
		return err
	})
	return found, err
}

// exists reports whether the object of a remembered answer is still there.
func (idem *Idempotency) exists(tx *store.Tx, obj ObjectRef) (bool, error) {
	if idem.Exists != nil {
		return idem.Exists(tx, obj)
	}
	var doc json.RawMessage
	return tx.Get(obj.Kind, obj.ID, &doc)
}

func (idem *Idempotency) conflict(r *http.Request, key string, firstAt time.Time) *Error {
	if idem.Conflict != nil {
		return idem.Conflict(r, key, firstAt)
	}
	msg := fmt.Sprintf("%s %q was already used for a different request", IdempotencyKeyHeader, key)
	return &Error{Status: http.StatusConflict, Body: map[string]string{"message": msg}, Message: msg}
}

// capturingWriter passes an answer through and keeps a copy of it.
type capturingWriter struct {
	http.ResponseWriter
	code int
	body bytes.Buffer
}

func (c *capturingWriter) WriteHeader(status int) {
	if c.code == 0 {
		c.code = status
	}
	c.ResponseWriter.WriteHeader(status)
}

func (c *capturingWriter) Write(b []byte) (int, error) {
	if c.code == 0 {
		c.code = http.StatusOK
	}
	c.body.Write(b)
	return c.ResponseWriter.Write(b)
}

func (c *capturingWriter) status() int {
	if c.code == 0 {
		return http.StatusOK
	}
	return c.code
}
