package fwmgr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptrace"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// Changes to the management API stay private to their session until a
// publish, and lock what they touch until then. Terraform gives a provider no
// "end of apply" hook, so the provider cannot publish once at the end; and a
// change Terraform records must be one that other administrators will see.
// So every change is published before its resource operation returns, and
// the changes of operations running at the same time share a publish (group
// commit): a publish starts when every operation in flight has made its
// change and is waiting (nobody else can add to the batch), or when the batch
// reaches auto_publish_batch_size. A batch whose publish fails is discarded,
// and every operation of it fails, so that Terraform records none of them and
// the session holds no change and no lock afterwards.

// DefaultSessionMarker is written into the description of the sessions a
// Management opens, so that a later provider process recognises the
// sessions an earlier one left behind.
const DefaultSessionMarker = "[fwmgr provider session]"

// DefaultSessionName names the management session when the provider's
// session_name is not set.
const DefaultSessionName = "terraform-provider-fwmgr"

// DefaultPublishTimeout bounds one publish (the command and its task) and
// the discard after a failed one.
const DefaultPublishTimeout = 10 * time.Minute

// lockedByThisSession is the meta-info lock of an object that the session
// asking has changed and not yet published.
const lockedByThisSession = "locked by current session"

// ManagementConfig configures a Management.
type ManagementConfig struct {
	// BatchSize is auto_publish_batch_size: a publish starts once this many
	// changes are pending, so that a large apply does not build one giant
	// session. 0 is no bound: a publish starts when every change in flight
	// waits for one.
	BatchSize int
	// Marker is put into the session's description (DefaultSessionMarker
	// when empty); see cleanup.
	Marker string
	// PublishTimeout bounds a publish, its task and the discard after a
	// failure (DefaultPublishTimeout when zero).
	PublishTimeout time.Duration
	// PollInterval is the first pause between two show-task polls of a
	// publish; it doubles up to maxPoll (500 ms when zero).
	PollInterval time.Duration
	// Gather is how long a batch that is not full waits, once every change
	// in flight has joined it, for the changes Terraform is about to start
	// (DefaultGather when zero; negative: not at all). Terraform starts
	// the next operations as the last batch's return, one by one; without
	// the wait the first of them would publish alone. A publish costs the
	// server far more than this wait.
	Gather time.Duration
}

// DefaultGather is ManagementConfig.Gather's default.
const DefaultGather = 100 * time.Millisecond

const maxPoll = 5 * time.Second

// Management runs the changes of one provider process in one management
// session and publishes them. It is safe for concurrent use.
type Management struct {
	c   *Client
	cfg ManagementConfig
	// pause waits between polls; after makes the keepalive ticks. Tests
	// replace them so that nothing sleeps.
	pause func(ctx context.Context, d time.Duration) error
	after func(d time.Duration) <-chan time.Time
	// afterFunc runs the gathering's end (time.AfterFunc; tests fire it).
	afterFunc func(d time.Duration, f func())

	// gate is held shared by every command of a change or a read, and
	// exclusively by publish, discard and logout: a publish sees a session
	// that nothing changes under it, and every change made before it has
	// joined its batch.
	gate sync.RWMutex

	mu       sync.Mutex // guards the fields below
	making   int        // Applies sending their change command
	arrivals int        // Applies started so far: a gathering ends only if none came since
	open     *batch     // the batch changes join
	sid      string     // the session; "" before the first login
	suid     string     // its UID, to discard it from another session
	stop     chan struct{}
	kept     chan struct{} // closed when the keepalive goroutine ends

	logins  sync.Mutex // one login at a time
	cleaned bool       // earlier processes' sessions looked for (under logins)

	publishes atomic.Int64
	// lastTask is the ID of the last publish task that succeeded (a
	// string; empty before the first), what Publish reports when nothing
	// was pending.
	lastTask atomic.Value
}

// batch is the changes that one publish makes visible.
type batch struct {
	n       int
	started bool  // a publisher is on its way
	taint   error // a change whose outcome is unknown: discard, do not publish
	done    chan struct{}
	err     error // set before done is closed
}

func newBatch() *batch { return &batch{done: make(chan struct{})} }

// NewManagement returns the publisher of the client's management session;
// nothing is sent until the first Apply or Show. The provider makes one per
// process, so that parallel operations share a session.
func (c *Client) NewManagement(cfg ManagementConfig) *Management {
	if cfg.Marker == "" {
		cfg.Marker = DefaultSessionMarker
	}
	if cfg.PublishTimeout <= 0 {
		cfg.PublishTimeout = DefaultPublishTimeout
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = 500 * time.Millisecond
	}
	if cfg.Gather == 0 {
		cfg.Gather = DefaultGather
	}
	return &Management{
		c: c, cfg: cfg, open: newBatch(),
		pause: func(ctx context.Context, d time.Duration) error {
			t := time.NewTimer(d)
			defer t.Stop()
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-t.C:
				return nil
			}
		},
		after:     time.After,
		afterFunc: func(d time.Duration, f func()) { time.AfterFunc(d, f) },
	}
}

// Publishes is how many publish commands were sent.
func (m *Management) Publishes() int { return int(m.publishes.Load()) }

// Apply runs one change command (add-*, set-*, delete-*) in the session and
// returns its answer once the change is published. An error means that the
// change is not in the database: it failed, or its batch was discarded.
//
// A cancelled ctx does not end the wait for the batch: the change is in the
// session, and returning would let Terraform forget a change that the batch
// may still publish. The wait is bounded all the same: a batch starts as
// soon as the change commands in flight end (each within the client's
// timeout), and its publish and discard end within PublishTimeout.
func (m *Management) Apply(ctx context.Context, command string, in any) (map[string]any, error) {
	m.mu.Lock()
	m.making++
	m.arrivals++
	m.mu.Unlock()

	m.gate.RLock()
	out, sid, made, err := m.change(ctx, command, in)
	if made && err == nil {
		changed(ctx, out) // rulebase.go: a rule's intent, known before its batch publishes
	}
	m.mu.Lock()
	m.making--
	var b *batch
	switch {
	case !made:
	case sid != m.sid:
		// The session expired after the change; renew discarded it.
		err = fmt.Errorf("discarded: the session expired before %s was published", command)
	default:
		b = m.open
		b.n++
		if err != nil && b.taint == nil {
			b.taint = fmt.Errorf("the outcome of %s is unknown (%w)", command, err)
		}
	}
	start := m.ready(ctx)
	m.mu.Unlock()
	m.gate.RUnlock()

	if start != nil {
		m.publishBatch(ctx, start)
	}
	if b == nil {
		return nil, err
	}
	select {
	case <-b.done:
	case <-ctx.Done():
		<-b.done // see above: bounded by the batch's own bounds
	}
	if b.err != nil {
		return nil, b.err
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ready returns the open batch when it is to be published now, marked
// started so that one caller publishes it: when it is full, or when every
// change in flight has joined it and no other has started during the
// gathering that then begins (see Gather). Called with mu held.
func (m *Management) ready(ctx context.Context) *batch {
	b := m.open
	if b.n == 0 || b.started {
		return nil
	}
	if m.cfg.BatchSize > 0 && b.n >= m.cfg.BatchSize {
		b.started = true
		return b
	}
	if m.making > 0 {
		return nil // the last change in flight to end decides
	}
	if m.cfg.Gather < 0 {
		b.started = true
		return b
	}
	arrivals := m.arrivals
	m.afterFunc(m.cfg.Gather, func() {
		m.mu.Lock()
		quiet := m.open == b && !b.started && m.making == 0 && m.arrivals == arrivals
		if quiet {
			b.started = true
		}
		m.mu.Unlock()
		if quiet {
			m.publishBatch(ctx, b)
		}
		// Otherwise a change started meanwhile: when it ends, its own
		// ready publishes the batch or gathers again.
	})
	return nil
}

// publishBatch publishes b, unless a discard, a logout or a renewed session
// settled it first.
func (m *Management) publishBatch(ctx context.Context, b *batch) {
	m.gate.Lock()
	defer m.gate.Unlock()
	m.mu.Lock()
	if m.open != b {
		m.mu.Unlock()
		return
	}
	m.open = newBatch()
	sid := m.sid
	m.mu.Unlock()
	m.commit(ctx, sid, b)
}

// commit publishes the batch b of session sid, or discards it, and settles
// it. The caller holds the gate and has taken b out of m.open. The publish
// runs on for the whole batch when the ctx of the Apply that started it is
// cancelled.
func (m *Management) commit(ctx context.Context, sid string, b *batch) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), m.cfg.PublishTimeout)
	defer cancel()
	if b.n == 0 {
		settle(b, nil) // no publish without a change
		return
	}
	why := b.taint
	if why == nil {
		m.settleIntents(ctx, sid) // rulebase.go: rules whose anchor now exists go where the configuration says
		why = m.publish(ctx, sid)
		if why == nil {
			settle(b, nil)
			return
		}
	}
	if IsSessionRejected(why) {
		// The session is gone with its changes; renewing discards it.
		lost := fmt.Errorf("discarded: the session expired before its changes were published (%w)", why)
		if _, err := m.renew(ctx, sid); err != nil {
			lost = fmt.Errorf("%w; renewing it: %w", lost, err)
		}
		settle(b, lost)
		return
	}
	tflog.Warn(ctx, "fwmgr publish failed; discarding the batch", map[string]any{"changes": b.n, "error": why.Error()})
	if _, err := m.discard(ctx, sid); err != nil {
		// The changes may still be in the session: leave it, so that no
		// later batch publishes them, and discard it from a new one.
		abandoned := fmt.Errorf("discarded: %w; the discard failed (%w), so the session was abandoned and discarded from a new one", why, err)
		if _, rerr := m.renew(ctx, sid); rerr != nil {
			abandoned = fmt.Errorf("%w (renewing it: %w)", abandoned, rerr)
		}
		settle(b, abandoned)
		return
	}
	settle(b, fmt.Errorf("discarded: %w", why))
}

func settle(b *batch, err error) {
	b.err = err
	close(b.done)
}

// taskFailed is a publish whose task ended in failure: definitive.
type taskFailed struct{ comments string }

func (e *taskFailed) Error() string { return "the publish task failed: " + e.comments }

// publish publishes the session and waits for its task. A publish whose
// answer or task is lost is checked with show-session: a session without
// changes has been published (nothing else empties it), one with changes is
// published again, which is safe.
func (m *Management) publish(ctx context.Context, sid string) error {
	err := m.publishOnce(ctx, sid)
	for try := 0; err != nil && !definitive(err) && try < 3 && ctx.Err() == nil; try++ {
		tflog.Warn(ctx, "fwmgr publish outcome unknown; checking the session", map[string]any{"error": err.Error()})
		var s api.SessionInfo
		if serr := m.post(ctx, api.CommandShowSession, sid, api.SessionByUID{}, &s); serr != nil {
			if IsSessionRejected(serr) {
				return serr
			}
			_ = m.pause(ctx, m.cfg.PollInterval)
			continue
		}
		if s.Changes == 0 {
			return nil
		}
		err = m.publishOnce(ctx, sid)
	}
	return err
}

// definitive: the server answered that the publish failed (a 4xx, or a
// failed task), so checking the session again would not change that.
func definitive(err error) bool {
	var tf *taskFailed
	var apiErr *APIError
	return errors.As(err, &tf) || errors.As(err, &apiErr) && apiErr.StatusCode < http.StatusInternalServerError
}

func (m *Management) publishOnce(ctx context.Context, sid string) error {
	m.publishes.Add(1)
	var task api.TaskResponse
	if err := m.post(ctx, api.CommandPublish, sid, api.EmptyRequest{}, &task); err != nil {
		return err
	}
	wait := m.cfg.PollInterval
	for {
		var tasks api.ShowTaskResponse
		err := m.post(ctx, api.CommandShowTask, sid, api.ShowTaskRequest{TaskID: []string{task.TaskID}}, &tasks)
		if err != nil {
			return err
		}
		if len(tasks.Tasks) == 1 {
			switch t := tasks.Tasks[0]; t.Status {
			case api.TaskSucceeded:
				m.lastTask.Store(task.TaskID)
				return nil
			case api.TaskFailed:
				return &taskFailed{comments: t.Comments}
			}
		}
		if err := m.pause(ctx, wait); err != nil {
			return fmt.Errorf("publish task %s did not end within %s: %w", task.TaskID, m.cfg.PublishTimeout, err)
		}
		wait = min(2*wait, maxPoll)
	}
}

// discard discards the changes of the session sid.
func (m *Management) discard(ctx context.Context, sid string) (int64, error) {
	var resp api.DiscardResponse
	err := m.post(ctx, api.CommandDiscard, sid, api.EmptyRequest{}, &resp)
	return resp.NumberOfDiscardedChanges, err
}

// Publish publishes what is pending now (the publish action); it returns
// how many changes that made visible and the ID of the publish task that
// made this process's changes visible last (this one's, or, when nothing
// was pending and so nothing was sent, the one before; "" when the process
// has published nothing).
func (m *Management) Publish(ctx context.Context) (int, string, error) {
	m.gate.Lock()
	defer m.gate.Unlock()
	m.mu.Lock()
	b, sid := m.open, m.sid
	m.open = newBatch()
	m.mu.Unlock()
	m.commit(ctx, sid, b)
	if b.err != nil {
		return 0, "", b.err
	}
	return b.n, m.LastPublishTask(), nil
}

// LastPublishTask is the ID of the last publish task of this process that
// succeeded, "" before the first.
func (m *Management) LastPublishTask() string {
	id, _ := m.lastTask.Load().(string)
	return id
}

// Discard discards what is pending now (the discard action); the Applies
// waiting for it fail.
func (m *Management) Discard(ctx context.Context) (int64, error) {
	m.gate.Lock()
	defer m.gate.Unlock()
	return m.discardPending(ctx, "discard requested")
}

// discardPending settles the open batch as discarded and discards the
// session's changes. The caller holds the gate.
func (m *Management) discardPending(ctx context.Context, why string) (int64, error) {
	m.mu.Lock()
	b, sid := m.open, m.sid
	m.open = newBatch()
	m.mu.Unlock()
	if sid == "" {
		settle(b, nil) // no session, so no change
		return 0, nil
	}
	n, err := m.discard(ctx, sid)
	if err != nil {
		settle(b, fmt.Errorf("discarded: %s, but the discard failed: %w", why, err))
		return 0, err
	}
	if b.n == 0 {
		settle(b, nil)
	} else {
		settle(b, fmt.Errorf("discarded: %s", why))
	}
	return n, nil
}

// Logout discards what is pending (no lock outlives the session) and ends
// the session and its keepalive. A later Apply logs in again.
func (m *Management) Logout(ctx context.Context) error {
	m.gate.Lock()
	defer m.gate.Unlock()
	m.logins.Lock()
	defer m.logins.Unlock()
	m.mu.Lock()
	pending := m.open.n
	m.mu.Unlock()
	var err error
	if pending > 0 {
		_, err = m.discardPending(ctx, "logout before publish")
	}
	m.stopKeepalive()
	m.mu.Lock()
	sid := m.sid
	m.sid, m.suid = "", ""
	m.mu.Unlock()
	if sid == "" {
		return err
	}
	return errors.Join(err, m.post(ctx, api.CommandLogout, sid, api.EmptyRequest{}, nil))
}

// Show runs a read command (show-*, where-used) in the session, so that it
// sees the session's own changes.
func (m *Management) Show(ctx context.Context, command string, in, out any) error {
	m.gate.RLock()
	defer m.gate.RUnlock()
	_, _, err := m.run(ctx, command, in, out)
	return err
}

// change sends a change command. made says the change is (or may be) in
// the session; with an error, its outcome is unknown.
func (m *Management) change(ctx context.Context, command string, in any) (out map[string]any, sid string, made bool, err error) {
	sid, writes, err := m.run(ctx, command, in, &out)
	if err == nil {
		return out, sid, true, nil
	}
	add := strings.HasPrefix(command, "add-")
	lost := unknownOutcome(err, writes) ||
		// The retries sent it again, and the first try may have made it.
		add && writes > 1 && apiCode(err) == api.CodeNameNotUnique
	if !lost && strings.HasPrefix(command, "delete-") && writes > 1 && apiCode(err) == api.CodeObjectNotFound {
		// The retries sent it again: the first try deleted it.
		return map[string]any{"message": "OK"}, sid, true, nil
	}
	if !lost {
		return nil, sid, false, err
	}
	tflog.Warn(ctx, "fwmgr change outcome unknown; checking", map[string]any{"command": command, "error": err.Error()})
	if add {
		return m.findAdded(ctx, sid, strings.TrimPrefix(command, "add-"), in, err)
	}
	// set-* and delete-* are idempotent: send it again.
	out = nil
	sid2, _, err2 := m.run(ctx, command, in, &out)
	switch {
	case sid2 != sid:
		return nil, sid2, false, err // renewed: Apply's check reports it
	case err2 == nil:
		return out, sid, true, nil
	case strings.HasPrefix(command, "delete-") && apiCode(err2) == api.CodeObjectNotFound:
		return map[string]any{"message": "OK"}, sid, true, nil // the first delete did it
	}
	return nil, sid, true, fmt.Errorf("%w; sent again: %w", err, err2)
}

// findAdded looks for the object of an add whose outcome is unknown, by name
// in the same session. No publish runs during a change command (the gate),
// so an object the add made is still this session's unpublished change: one
// locked by this session is ours; one of that name that is not was there
// before, and the add failed.
func (m *Management) findAdded(ctx context.Context, sid, typ string, in any, addErr error) (map[string]any, string, bool, error) {
	var named struct {
		Name string `json:"name"`
	}
	raw, _ := json.Marshal(in)
	_ = json.Unmarshal(raw, &named)
	if named.Name == "" {
		return nil, sid, true, addErr
	}
	var obj map[string]any
	sid2, _, err := m.run(ctx, "show-"+typ, api.ByNameOrUID{Name: named.Name, DetailsLevel: api.DetailsFull}, &obj)
	switch {
	case sid2 != sid:
		return nil, sid2, false, addErr
	case apiCode(err) == api.CodeObjectNotFound:
		var te *TimeoutError
		if errors.As(addErr, &te) {
			// The server may still be working on it: not proof of absence.
			return nil, sid, true, addErr
		}
		return nil, sid, false, addErr
	case err != nil:
		return nil, sid, true, fmt.Errorf("%w; checking with show-%s: %w", addErr, typ, err)
	}
	if meta, ok := obj["meta-info"].(map[string]any); ok {
		if lock, ok := meta["lock"].(string); ok && lock != lockedByThisSession {
			return nil, sid, false, fmt.Errorf("%w; an object named %q exists and is not this session's change", addErr, named.Name)
		}
	}
	tflog.Info(ctx, "fwmgr add whose answer was lost had made its object", map[string]any{"type": typ, "name": named.Name})
	return obj, sid, true, nil
}

// unknownOutcome: the request was written and no definitive answer came
// back (a transport error, a timeout, a 5xx after the retries).
func unknownOutcome(err error, writes int) bool {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.StatusCode >= http.StatusInternalServerError
	}
	return writes > 0
}

func apiCode(err error) string {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.Code
	}
	return ""
}

// run sends a command in the session, renewing a session that the server
// rejects once. It returns the session the command ran in and how many
// times the request was written to a connection (retries included).
func (m *Management) run(ctx context.Context, command string, in, out any) (string, int, error) {
	sid, err := m.session(ctx)
	if err != nil {
		return "", 0, err
	}
	var writes atomic.Int32
	ctx = httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		WroteRequest: func(httptrace.WroteRequestInfo) { writes.Add(1) },
	})
	err = m.post(ctx, command, sid, in, out)
	if !IsSessionRejected(err) {
		return sid, int(writes.Load()), err
	}
	if sid, err = m.renew(ctx, sid); err != nil {
		return "", 0, err
	}
	writes.Store(0)
	err = m.post(ctx, command, sid, in, out)
	return sid, int(writes.Load()), err
}

// post sends one command within the client's timeout.
func (m *Management) post(ctx context.Context, command, sid string, in, out any) error {
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, m.c.cfg.Timeout)
	defer cancel()
	err := m.c.post(m.c.MaskSecrets(ctx), command, sid, in, out)
	if err != nil && errors.Is(err, context.DeadlineExceeded) && parent.Err() == nil {
		return &TimeoutError{Server: m.c.cfg.Server, Command: command, Timeout: m.c.cfg.Timeout, Err: err}
	}
	return err
}

// session returns the session, logging in on first use.
func (m *Management) session(ctx context.Context) (string, error) {
	m.mu.Lock()
	sid := m.sid
	m.mu.Unlock()
	if sid != "" {
		return sid, nil
	}
	m.logins.Lock()
	defer m.logins.Unlock()
	m.mu.Lock()
	sid = m.sid
	m.mu.Unlock()
	if sid != "" {
		return sid, nil
	}
	return m.login(ctx)
}

// renew replaces the session rejected (expired, or abandoned after a failed
// discard) with a new one and discards the old one's changes from it, so
// that they neither lock objects nor get published later. The changes of
// the open batch were in the old session: its Applies fail.
func (m *Management) renew(ctx context.Context, rejected string) (string, error) {
	m.logins.Lock()
	defer m.logins.Unlock()
	m.mu.Lock()
	if m.sid != rejected && m.sid != "" {
		sid := m.sid
		m.mu.Unlock()
		return sid, nil
	}
	old, oldUID := m.open, m.suid
	m.open = newBatch()
	m.sid = ""
	m.mu.Unlock()
	if old.n > 0 {
		settle(old, fmt.Errorf("discarded: the session expired with %d unpublished changes", old.n))
	} else {
		// A publisher may be waiting for it; it finds it settled.
		settle(old, nil)
	}
	m.stopKeepalive()
	tflog.Info(ctx, "fwmgr management session rejected by the server; renewing it")
	sid, err := m.login(ctx)
	if err != nil {
		return "", err
	}
	if oldUID != "" {
		if _, err := m.discardOther(ctx, sid, oldUID); err != nil && apiCode(err) != api.CodeObjectNotFound {
			tflog.Warn(ctx, "fwmgr could not discard the expired session's changes", map[string]any{"error": err.Error()})
		}
	}
	return sid, nil
}

func (m *Management) discardOther(ctx context.Context, sid, uid string) (int64, error) {
	var resp api.DiscardResponse
	err := m.post(ctx, api.CommandDiscard, sid, api.SessionByUID{UID: uid}, &resp)
	return resp.NumberOfDiscardedChanges, err
}

// login opens the session (the caller holds logins), starts its keepalive,
// and, at the first login of the process, cleans up after earlier ones.
func (m *Management) login(ctx context.Context) (string, error) {
	if m.c.cfg.Context != ContextWeb {
		return "", fmt.Errorf("management commands need context %q, not %q", ContextWeb, m.c.cfg.Context)
	}
	req := m.c.loginRequest()
	if req.SessionName == "" {
		// Other administrators see the session by its name (a lock's
		// message names it): one that says whose it is, not its UID.
		req.SessionName = DefaultSessionName
	}
	if !strings.Contains(req.SessionDescription, m.cfg.Marker) {
		req.SessionDescription = strings.TrimSpace(req.SessionDescription + " " + m.cfg.Marker)
	}
	var resp api.LoginResponse
	if err := m.post(ctx, api.CommandLogin, "", req, &resp); err != nil {
		return "", err
	}
	if resp.SID == "" {
		return "", errors.New("login: the server returned no session ID")
	}
	timeout := time.Duration(resp.SessionTimeout) * time.Second
	if timeout <= 0 {
		timeout = api.DefaultSessionTimeout * time.Second
	}
	m.mu.Lock()
	m.sid, m.suid = resp.SID, resp.UID
	m.stop, m.kept = make(chan struct{}), make(chan struct{})
	// The session outlives the request that logged in: keepalive runs until
	// Close (stop), not until this request's context ends.
	go m.keepalive(resp.SID, timeout/3, m.stop, m.kept) //nolint:gosec // G118: the keepalive is the session's, not the request's

	m.mu.Unlock()
	if !m.cleaned {
		m.cleaned = true
		m.cleanup(ctx, resp.SID, resp.UID)
	}
	return resp.SID, nil
}

// keepalive keeps the session from expiring while the process lives; a
// process that dies stops it, and its session then expires (see cleanup).
func (m *Management) keepalive(sid string, every time.Duration, stop, done chan struct{}) {
	defer close(done)
	for {
		select {
		case <-stop:
			return
		case <-m.after(every):
		}
		ctx, cancel := context.WithTimeout(context.Background(), m.c.cfg.Timeout)
		err := m.c.KeepSession(m.c.MaskSecrets(ctx), sid)
		cancel()
		if err != nil {
			// The next command finds out and renews the session.
			tflog.Warn(ctx, "fwmgr keepalive failed", map[string]any{"error": err.Error()})
		}
	}
}

func (m *Management) stopKeepalive() {
	m.mu.Lock()
	stop, kept := m.stop, m.kept
	m.stop, m.kept = nil, nil
	m.mu.Unlock()
	if stop != nil {
		close(stop)
		<-kept
	}
}

// cleanup discards the sessions that earlier provider processes of the same
// administrator left with changes: a process killed mid-apply leaves its
// session's changes and locks, which would block the objects the next apply
// changes. Only expired sessions are touched: a live process keeps its
// session alive (keepalive at a third of the timeout), so an expired one
// belongs to a process that is gone, while a live one may be a parallel
// apply whose work must not be thrown away. Failures are logged, not
// returned: a lock left behind shows up as its own error later.
func (m *Management) cleanup(ctx context.Context, sid, ownUID string) {
	var me api.SessionInfo
	if err := m.post(ctx, api.CommandShowSession, sid, api.SessionByUID{}, &me); err != nil {
		tflog.Warn(ctx, "fwmgr could not read its session; earlier sessions are not cleaned up", map[string]any{"error": err.Error()})
		return
	}
	limit := int64(api.DefaultLimit)
	for offset := int64(0); ; {
		var page api.ShowSessionsResponse
		req := api.ShowSessionsRequest{Limit: &limit, Offset: &offset, DetailsLevel: api.DetailsFull}
		if err := m.post(ctx, api.CommandShowSessions, sid, req, &page); err != nil {
			tflog.Warn(ctx, "fwmgr could not list sessions; earlier sessions are not cleaned up", map[string]any{"error": err.Error()})
			return
		}
		for _, s := range page.Objects {
			if s.UID == ownUID || !s.Expired || s.UserName != me.UserName ||
				!strings.Contains(s.Description, m.cfg.Marker) || s.Changes == 0 && s.Locks == 0 {
				continue
			}
			n, err := m.discardOther(ctx, sid, s.UID)
			if err != nil {
				tflog.Warn(ctx, "fwmgr could not discard an earlier process's expired session", map[string]any{"session": s.UID, "error": err.Error()})
				continue
			}
			tflog.Info(ctx, "fwmgr discarded an earlier process's expired session", map[string]any{"session": s.UID, "changes": n})
		}
		offset += int64(len(page.Objects))
		if len(page.Objects) == 0 || offset >= page.Total {
			return
		}
	}
}
