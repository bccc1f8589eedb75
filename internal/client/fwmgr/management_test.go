package fwmgr

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/httpclient"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
)

// mgmtFake is a small management server with the semantics the client
// relies on: changes (hosts only) are private to their session and lock
// their object until publish or discard; publish is a task that ends after
// taskPolls polls of show-task; an expired session is refused but keeps its
// changes and locks.
type mgmtFake struct {
	t         *testing.T
	mu        sync.Mutex
	seq       int
	sessions  map[string]*fakeSession // by sid
	public    map[string]map[string]any
	tasks     map[string]*fakeTask
	log       []string
	counts    map[string]int
	taskPolls int
	// violations are what the client must never do.
	violations []string
	// hook, when set, runs before each command (n counts that command,
	// from 1) and says what to do: "" as usual, "drop" (do it, then cut
	// the connection without an answer), "500" (answer 500 and do
	// nothing), "reject" (answer 400 and do nothing), "fail-task" (a
	// publish whose task fails).
	hook func(command string, n int, body map[string]any) string
	// answered, when set, is told of each command answered.
	answered   func(command string, body map[string]any)
	keepalives chan struct{}
}

type fakeSession struct {
	uid, sid, user, desc string
	timeout              int64
	expired, closed      bool
	changes              map[string]map[string]any // name -> object; nil: deleted
	publishing           string                    // task in progress
}

type fakeTask struct {
	session    *fakeSession
	pollsLeft  int
	status     string
	comments   string
	hadChanges bool
}

func newMgmtFake(t *testing.T) *mgmtFake {
	return &mgmtFake{
		t: t, sessions: map[string]*fakeSession{}, public: map[string]map[string]any{},
		tasks: map[string]*fakeTask{}, counts: map[string]int{}, taskPolls: 2,
		keepalives: make(chan struct{}, 16),
	}
}

func (f *mgmtFake) next(prefix string) string {
	f.seq++
	return prefix + strconv.Itoa(f.seq)
}

// serve starts the fake and returns a client configuration for it.
func (f *mgmtFake) serve() Config {
	u, err := url.Parse(sandboxtest.Serve(f.t, f))
	require.NoError(f.t, err)
	port, _ := strconv.Atoi(u.Port())
	return Config{
		Server: u.Hostname(), Port: port, Context: ContextWeb,
		Username: "admin", Password: "secret", SessionDescription: "apply",
		HTTP: httpclient.Options{RetryMax: 1, RetryWaitMin: time.Millisecond, RetryWaitMax: time.Millisecond},
	}
}

type fakeErr struct {
	status int
	code   string
	msg    string
}

func (f *mgmtFake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	command := strings.TrimPrefix(r.URL.Path, "/web_api/")
	var body map[string]any
	_ = json.NewDecoder(r.Body).Decode(&body)
	f.mu.Lock()
	f.counts[command]++
	n := f.counts[command]
	hook := f.hook
	f.mu.Unlock()
	action := ""
	if hook != nil {
		action = hook(command, n, body) // outside mu: a hook may block
	}
	switch action {
	case "500":
		writeJSON(w, http.StatusInternalServerError, api.ErrorBody{Code: api.CodeInternal, Message: "injected"})
		return
	case "reject":
		writeJSON(w, http.StatusBadRequest, api.ErrorBody{Code: api.CodeInvalidParameter, Message: "injected rejection"})
		return
	}
	f.mu.Lock()
	f.log = append(f.log, command)
	out, ferr := f.do(command, r.Header.Get(api.SessionHeader), body, action)
	f.mu.Unlock()
	if action == "drop" {
		conn, _, err := http.NewResponseController(w).Hijack()
		if err == nil {
			conn.Close()
		}
		return
	}
	if ferr != nil {
		writeJSON(w, ferr.status, api.ErrorBody{Code: ferr.code, Message: ferr.msg})
		return
	}
	writeJSON(w, http.StatusOK, out)
	f.mu.Lock()
	answered := f.answered
	f.mu.Unlock()
	if answered != nil {
		answered(command, body)
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// do runs one command; f.mu is held.
func (f *mgmtFake) do(command, sid string, body map[string]any, action string) (any, *fakeErr) {
	str := func(k string) string { s, _ := body[k].(string); return s }
	if command == api.CommandLogin {
		if str("user") != "admin" || str("password") != "secret" {
			return nil, &fakeErr{401, api.CodeLoginFailed, "wrong credentials"}
		}
		s := &fakeSession{uid: f.next("session-"), sid: f.next("sid-"), user: "admin", desc: str("session-description"),
			timeout: 600, changes: map[string]map[string]any{}}
		f.sessions[s.sid] = s
		return api.LoginResponse{SID: s.sid, UID: s.uid, SessionTimeout: s.timeout}, nil
	}
	s := f.sessions[sid]
	if s == nil || s.expired || s.closed {
		return nil, &fakeErr{401, api.CodeWrongSessionID, "wrong session id"}
	}
	if strings.HasPrefix(command, "add-") || strings.HasPrefix(command, "set-") || strings.HasPrefix(command, "delete-") {
		if s.publishing != "" {
			f.violations = append(f.violations, command+" sent while the session's publish runs")
		}
	}
	switch command {
	case api.CommandKeepalive:
		select {
		case f.keepalives <- struct{}{}:
		default:
		}
		return api.MessageResponse{Message: "OK"}, nil
	case api.CommandLogout:
		s.closed = true
		return api.MessageResponse{Message: "OK"}, nil
	case api.CommandPublish:
		id := f.next("task-")
		task := &fakeTask{session: s, pollsLeft: f.taskPolls, status: api.TaskSucceeded, hadChanges: len(s.changes) > 0}
		if action == "fail-task" {
			task.status, task.comments = api.TaskFailed, "injected failure"
		} else {
			for name, obj := range s.changes {
				if obj == nil {
					delete(f.public, name)
				} else {
					f.public[name] = obj
				}
			}
			s.changes = map[string]map[string]any{}
		}
		f.tasks[id] = task
		s.publishing = id
		return api.TaskResponse{TaskID: id}, nil
	case api.CommandShowTask:
		ids, _ := body["task-id"].([]any)
		var resp api.ShowTaskResponse
		for _, id := range ids {
			task := f.tasks[id.(string)]
			if task == nil {
				return nil, &fakeErr{404, api.CodeObjectNotFound, "no such task"}
			}
			status := api.TaskInProgress
			if task.pollsLeft--; task.pollsLeft <= 0 {
				status = task.status
				task.session.publishing = ""
			}
			resp.Tasks = append(resp.Tasks, api.Task{TaskID: id.(string), Status: status, Comments: task.comments})
		}
		return resp, nil
	case api.CommandDiscard:
		target := s
		if uid := str("uid"); uid != "" {
			target = f.byUID(uid)
			if target == nil {
				return nil, &fakeErr{404, api.CodeObjectNotFound, "no such session"}
			}
		}
		n := len(target.changes)
		target.changes = map[string]map[string]any{}
		return api.DiscardResponse{NumberOfDiscardedChanges: int64(n), Message: "OK"}, nil
	case api.CommandShowSession:
		target := s
		if uid := str("uid"); uid != "" {
			target = f.byUID(uid)
		}
		return f.info(target), nil
	case api.CommandShowSessions:
		var all []api.SessionInfo
		for _, x := range f.sessions {
			if !x.closed {
				all = append(all, f.info(x))
			}
		}
		sort.Slice(all, func(i, j int) bool { return all[i].UID < all[j].UID })
		limit, offset := int(body["limit"].(float64)), int(body["offset"].(float64))
		page := api.ShowSessionsResponse{Total: int64(len(all))}
		if offset < len(all) {
			page.Objects = all[offset:min(offset+limit, len(all))]
		}
		return page, nil
	case "add-host":
		name := str("name")
		if name == "" {
			return nil, &fakeErr{400, api.CodeMissingRequired, "name is required"}
		}
		if err := f.lockedByOther(s, name); err != nil {
			return nil, err
		}
		if f.view(s, name) != nil {
			return nil, &fakeErr{400, api.CodeNameNotUnique, "More than one object have the same name " + name}
		}
		obj := map[string]any{"uid": f.next("uid-"), "name": name, "type": "host", "ipv4-address": str("ipv4-address")}
		s.changes[name] = obj
		return f.shown(s, obj), nil
	case "set-host", "delete-host", "show-host":
		name := str("name")
		obj := f.view(s, name)
		if obj == nil {
			return nil, &fakeErr{404, api.CodeObjectNotFound, "Requested object [" + name + "] not found"}
		}
		if command == "show-host" {
			return f.shown(s, obj), nil
		}
		if err := f.lockedByOther(s, name); err != nil {
			return nil, err
		}
		if command == "delete-host" {
			s.changes[name] = nil
			return api.MessageResponse{Message: "OK"}, nil
		}
		changed := map[string]any{}
		for k, v := range obj {
			changed[k] = v
		}
		if v := str("ipv4-address"); v != "" {
			changed["ipv4-address"] = v
		}
		s.changes[name] = changed
		return f.shown(s, changed), nil
	}
	return nil, &fakeErr{404, api.CodeCommandNotFound, "no command " + command}
}

func (f *mgmtFake) byUID(uid string) *fakeSession {
	for _, x := range f.sessions {
		if x.uid == uid {
			return x
		}
	}
	return nil
}

func (f *mgmtFake) info(s *fakeSession) api.SessionInfo {
	return api.SessionInfo{UID: s.uid, Description: s.desc, UserName: s.user, Changes: int64(len(s.changes)),
		Locks: int64(len(s.changes)), Expired: s.expired, Connected: !s.expired, State: api.SessionOpen}
}

// view is the object named name as session s sees it.
func (f *mgmtFake) view(s *fakeSession, name string) map[string]any {
	if obj, ok := s.changes[name]; ok {
		return obj
	}
	return f.public[name]
}

func (f *mgmtFake) lockedByOther(s *fakeSession, name string) *fakeErr {
	for _, x := range f.sessions {
		if _, ok := x.changes[name]; ok && x != s {
			return &fakeErr{409, api.CodeObjectLocked, "Object " + name + " is locked by session " + x.uid}
		}
	}
	return nil
}

func (f *mgmtFake) shown(s *fakeSession, obj map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range obj {
		out[k] = v
	}
	lock := "unlocked"
	if _, ok := s.changes[obj["name"].(string)]; ok {
		lock = lockedByThisSession
	} else if f.lockedByOther(s, obj["name"].(string)) != nil {
		lock = "locked by other session"
	}
	out["meta-info"] = map[string]any{"lock": lock}
	return out
}

// state is what the tests check after an apply.
func (f *mgmtFake) state() (public []string, pending int, violations []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for name := range f.public {
		public = append(public, name)
	}
	sort.Strings(public)
	for _, s := range f.sessions {
		pending += len(s.changes)
	}
	for _, task := range f.tasks {
		if !task.hadChanges {
			violations = append(violations, "a publish with no pending change")
		}
	}
	return public, pending, append(violations, f.violations...)
}

func (f *mgmtFake) count(command string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.counts[command]
}

func (f *mgmtFake) setHook(h func(command string, n int, body map[string]any) string) {
	f.mu.Lock()
	f.hook = h
	f.mu.Unlock()
}

// newTestManagement returns a Management whose pauses do not sleep.
func newTestManagement(t *testing.T, cfg Config, mc ManagementConfig) *Management {
	t.Helper()
	c, err := New(cfg)
	require.NoError(t, err)
	if mc.Gather == 0 {
		mc.Gather = -1 // publish as soon as the batch is ready; TestGathering tests the wait
	}
	m := c.NewManagement(mc)
	m.pause = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
	t.Cleanup(func() { m.stopKeepalive() })
	return m
}

func host(name string) map[string]any {
	return map[string]any{"name": name, "ipv4-address": "192.0.2.1"}
}

func hostNames(prefix string, n int) []string {
	var names []string
	for i := range n {
		names = append(names, fmt.Sprintf("%s%03d", prefix, i))
	}
	sort.Strings(names)
	return names
}

func TestOneApplyPublishesOnce(t *testing.T) {
	f := newMgmtFake(t)
	m := newTestManagement(t, f.serve(), ManagementConfig{})
	out, err := m.Apply(context.Background(), "add-host", host("web"))
	require.NoError(t, err)
	assert.Equal(t, "web", out["name"])
	assert.Equal(t, 1, m.Publishes())
	public, pending, violations := f.state()
	assert.Equal(t, []string{"web"}, public, "published: another session sees it")
	assert.Zero(t, pending)
	assert.Empty(t, violations)
}

func TestBatchSizeTenPublishesTenTimesForHundredChanges(t *testing.T) {
	f := newMgmtFake(t)
	// A gathering longer than the test: only full batches publish, however
	// the goroutines are scheduled.
	m := newTestManagement(t, f.serve(), ManagementConfig{BatchSize: 10, Gather: time.Hour})
	var wg sync.WaitGroup
	for g := range 10 {
		wg.Go(func() {
			for i := range 10 {
				_, err := m.Apply(context.Background(), "add-host", host(fmt.Sprintf("h%03d", g*10+i)))
				assert.NoError(t, err)
			}
		})
	}
	wg.Wait()
	assert.Equal(t, 10, m.Publishes())
	assert.Equal(t, 10, f.count(api.CommandPublish))
	public, pending, violations := f.state()
	assert.Equal(t, hostNames("h", 100), public)
	assert.Zero(t, pending)
	assert.Empty(t, violations)
}

// A batch that every change in flight has joined waits (Gather) for the
// changes about to start, and publishes when none starts meanwhile.
func TestGatheringWaitsForChangesAboutToStart(t *testing.T) {
	f := newMgmtFake(t)
	m := newTestManagement(t, f.serve(), ManagementConfig{BatchSize: 10, Gather: time.Minute})
	ends := make(chan func(), 4)
	m.afterFunc = func(d time.Duration, fn func()) {
		assert.Equal(t, time.Minute, d)
		ends <- fn
	}
	results := make(chan error, 2)
	go func() { _, err := m.Apply(context.Background(), "add-host", host("first")); results <- err }()
	firstEnd := <-ends // first made its change and gathers
	assert.Zero(t, f.count(api.CommandPublish), "no publish while gathering")

	go func() { _, err := m.Apply(context.Background(), "add-host", host("second")); results <- err }()
	secondEnd := <-ends // second joined: a new gathering
	firstEnd()          // the first gathering ends after another change started: nothing
	assert.Zero(t, f.count(api.CommandPublish), "a change started during the gathering")

	secondEnd()
	require.NoError(t, <-results)
	require.NoError(t, <-results)
	assert.Equal(t, 1, f.count(api.CommandPublish), "one publish for both")
	public, pending, violations := f.state()
	assert.Equal(t, []string{"first", "second"}, public)
	assert.Zero(t, pending)
	assert.Empty(t, violations)
}

func TestTwentyGoroutinesShareOneSession(t *testing.T) {
	for _, size := range []int{0, 3} {
		t.Run(fmt.Sprint("batch size ", size), func(t *testing.T) {
			f := newMgmtFake(t)
			m := newTestManagement(t, f.serve(), ManagementConfig{BatchSize: size})
			var wg sync.WaitGroup
			for g := range 20 {
				wg.Go(func() {
					for i := range 3 {
						name := fmt.Sprintf("h%03d", g*3+i)
						_, err := m.Apply(context.Background(), "add-host", host(name))
						assert.NoError(t, err)
						_, err = m.Apply(context.Background(), "set-host", map[string]any{"name": name, "ipv4-address": "192.0.2.2"})
						assert.NoError(t, err)
						var got map[string]any
						assert.NoError(t, m.Show(context.Background(), "show-host", map[string]any{"name": name}, &got))
						assert.Equal(t, "192.0.2.2", got["ipv4-address"])
					}
				})
			}
			wg.Wait()
			public, pending, violations := f.state()
			assert.Equal(t, hostNames("h", 60), public)
			assert.Zero(t, pending)
			assert.Empty(t, violations)
			assert.Equal(t, 1, f.count(api.CommandLogin))
			assert.LessOrEqual(t, m.Publishes(), 120)
		})
	}
}

// blockOn makes the fake hold the first command of name until release is
// closed, and reports on arrived when it got there.
func blockOn(f *mgmtFake, name string) (arrived, release chan struct{}) {
	arrived, release = make(chan struct{}), make(chan struct{})
	var once sync.Once
	f.setHook(func(command string, n int, body map[string]any) string {
		if body["name"] == name {
			once.Do(func() {
				close(arrived)
				<-release
			})
		}
		return ""
	})
	return arrived, release
}

func TestPublishWaitsForEveryChangeInFlight(t *testing.T) {
	f := newMgmtFake(t)
	m := newTestManagement(t, f.serve(), ManagementConfig{})
	arrived, release := blockOn(f, "slow")
	fastMade := make(chan struct{})
	f.mu.Lock()
	f.answered = func(command string, body map[string]any) {
		if body["name"] == "fast" {
			close(fastMade)
		}
	}
	f.mu.Unlock()
	slow := make(chan error)
	go func() {
		_, err := m.Apply(context.Background(), "add-host", host("slow"))
		slow <- err
	}()
	<-arrived
	fast := make(chan error)
	go func() {
		_, err := m.Apply(context.Background(), "add-host", host("fast"))
		fast <- err
	}()
	// fast's change is made while slow's is in flight: fast must wait for
	// slow, not publish alone.
	<-fastMade
	close(release)
	require.NoError(t, <-slow)
	require.NoError(t, <-fast)
	assert.Equal(t, 1, m.Publishes(), "one publish for both changes")
	public, _, violations := f.state()
	assert.Equal(t, []string{"fast", "slow"}, public)
	assert.Empty(t, violations)
}

func TestFailedChangeLeavesAndCompletesTheBatch(t *testing.T) {
	f := newMgmtFake(t)
	m := newTestManagement(t, f.serve(), ManagementConfig{})
	_, err := m.Apply(context.Background(), "add-host", host("taken"))
	require.NoError(t, err)

	arrived, release := blockOn(f, "taken")
	failing := make(chan error)
	go func() {
		_, err := m.Apply(context.Background(), "add-host", host("taken"))
		failing <- err
	}()
	<-arrived
	ok := make(chan error)
	go func() {
		_, err := m.Apply(context.Background(), "add-host", host("other"))
		ok <- err
	}()
	close(release)
	err = <-failing
	require.Error(t, err)
	assert.Contains(t, err.Error(), api.CodeNameNotUnique)
	require.NoError(t, <-ok)
	public, pending, violations := f.state()
	assert.Equal(t, []string{"other", "taken"}, public)
	assert.Zero(t, pending)
	assert.Empty(t, violations)
}

func TestFailedPublishDiscardsTheWholeBatch(t *testing.T) {
	for _, fault := range []string{"fail-task", "reject"} {
		t.Run(fault, func(t *testing.T) {
			f := newMgmtFake(t)
			cfg := f.serve()
			m := newTestManagement(t, cfg, ManagementConfig{BatchSize: 2})
			f.setHook(func(command string, n int, body map[string]any) string {
				if command == api.CommandPublish && n == 1 {
					return fault
				}
				return ""
			})
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i := range 2 {
				wg.Go(func() {
					_, errs[i] = m.Apply(context.Background(), "add-host", host(fmt.Sprint("h", i)))
				})
			}
			wg.Wait()
			for _, err := range errs {
				require.Error(t, err)
				assert.Contains(t, err.Error(), "discarded: ")
				assert.Contains(t, err.Error(), "injected")
			}
			assert.Equal(t, 1, f.count(api.CommandDiscard))
			assert.Equal(t, 1, m.Publishes(), "a definitive failure is not published again")
			public, pending, _ := f.state()
			assert.Empty(t, public)
			assert.Zero(t, pending, "no change and no lock left")

			// Another process applies the same objects: nothing is locked.
			other := newTestManagement(t, cfg, ManagementConfig{})
			_, err := other.Apply(context.Background(), "add-host", host("h0"))
			require.NoError(t, err)
		})
	}
}

func TestLostAnswersMakeNoDuplicate(t *testing.T) {
	cases := []struct {
		name    string
		command string
		fault   func(n int) string
	}{
		// The retries send it again and find the first try's object.
		{"add answer dropped once", "add-host", func(n int) string { return map[bool]string{true: "drop"}[n == 1] }},
		// Every try dropped: the outcome is unknown, show-host finds it.
		{"add answer dropped always", "add-host", func(n int) string { return "drop" }},
		{"set answer dropped", "set-host", func(n int) string { return map[bool]string{true: "drop"}[n <= 2] }},
		{"delete answer dropped", "delete-host", func(n int) string { return map[bool]string{true: "drop"}[n == 1] }},
		{"delete answer dropped always", "delete-host", func(n int) string { return map[bool]string{true: "drop"}[n <= 2] }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newMgmtFake(t)
			m := newTestManagement(t, f.serve(), ManagementConfig{})
			if tc.command != "add-host" {
				_, err := m.Apply(context.Background(), "add-host", host("web"))
				require.NoError(t, err)
			}
			f.setHook(func(command string, n int, body map[string]any) string {
				if command == tc.command {
					return tc.fault(n)
				}
				return ""
			})
			_, err := m.Apply(context.Background(), tc.command, map[string]any{"name": "web", "ipv4-address": "192.0.2.9"})
			require.NoError(t, err)
			public, pending, _ := f.state()
			assert.Zero(t, pending)
			f.mu.Lock()
			defer f.mu.Unlock()
			switch tc.command {
			case "delete-host":
				assert.Empty(t, public)
			case "set-host":
				assert.Equal(t, "192.0.2.9", f.public["web"]["ipv4-address"])
			default:
				assert.Equal(t, []string{"web"}, public, "one object, no duplicate")
			}
		})
	}
}

func TestLostAddOfAnotherSessionsNameFails(t *testing.T) {
	f := newMgmtFake(t)
	m := newTestManagement(t, f.serve(), ManagementConfig{})
	_, err := m.Apply(context.Background(), "add-host", host("taken"))
	require.NoError(t, err)
	// The add never reaches the database (500 on every try): show-host
	// finds the published object, which is not this session's change.
	f.setHook(func(command string, n int, body map[string]any) string {
		return map[bool]string{true: "500"}[command == "add-host"]
	})
	_, err = m.Apply(context.Background(), "add-host", host("taken"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is not this session's change")
	assert.Equal(t, 1, m.Publishes(), "nothing to publish")
}

func TestLostPublishAnswerIsCheckedInTheSession(t *testing.T) {
	f := newMgmtFake(t)
	m := newTestManagement(t, f.serve(), ManagementConfig{})
	// Both tries of the first publish are cut after it published.
	f.setHook(func(command string, n int, body map[string]any) string {
		return map[bool]string{true: "drop"}[command == api.CommandPublish && n <= 2]
	})
	_, err := m.Apply(context.Background(), "add-host", host("web"))
	require.NoError(t, err)
	assert.Equal(t, 1, m.Publishes(), "the session had no change left: not published again")
	assert.Equal(t, 2, f.count(api.CommandShowSession), "one at login (cleanup), one after the lost publish")
	public, pending, _ := f.state()
	assert.Equal(t, []string{"web"}, public)
	assert.Zero(t, pending)
	assert.Zero(t, f.count(api.CommandDiscard))
}

func TestUnknownOutcomeDiscardsItsBatch(t *testing.T) {
	f := newMgmtFake(t)
	m := newTestManagement(t, f.serve(), ManagementConfig{})
	// The add is made, its answers are lost, and the check fails too: the
	// change may be in the session, so the batch is discarded rather than
	// published without Terraform knowing it.
	f.setHook(func(command string, n int, body map[string]any) string {
		switch command {
		case "add-host":
			return "drop"
		case "show-host":
			return "500"
		}
		return ""
	})
	_, err := m.Apply(context.Background(), "add-host", host("web"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "discarded: the outcome of add-host is unknown")
	assert.Zero(t, m.Publishes())
	public, pending, _ := f.state()
	assert.Empty(t, public)
	assert.Zero(t, pending)
}

func TestPublishPollsWithGrowingPauses(t *testing.T) {
	f := newMgmtFake(t)
	f.taskPolls = 5
	m := newTestManagement(t, f.serve(), ManagementConfig{PollInterval: time.Second})
	var pauses []time.Duration
	m.pause = func(ctx context.Context, d time.Duration) error {
		pauses = append(pauses, d)
		return nil
	}
	_, err := m.Apply(context.Background(), "add-host", host("web"))
	require.NoError(t, err)
	assert.Equal(t, []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 5 * time.Second}, pauses)
}

func TestCancelledApplyWaitsForItsPublish(t *testing.T) {
	f := newMgmtFake(t)
	m := newTestManagement(t, f.serve(), ManagementConfig{})
	ctx, cancel := context.WithCancel(context.Background())
	f.setHook(func(command string, n int, body map[string]any) string {
		if command == api.CommandShowTask && n == 1 {
			cancel() // Ctrl-C while the publish runs
		}
		return ""
	})
	out, err := m.Apply(ctx, "add-host", host("web"))
	require.NoError(t, err, "the change is published, so the Apply reports it")
	assert.Equal(t, "web", out["name"])
	public, pending, _ := f.state()
	assert.Equal(t, []string{"web"}, public)
	assert.Zero(t, pending)
}

func TestExpiredSessionFailsItsPendingChanges(t *testing.T) {
	f := newMgmtFake(t)
	m := newTestManagement(t, f.serve(), ManagementConfig{})
	_, err := m.Apply(context.Background(), "add-host", host("first"))
	require.NoError(t, err)

	arrived, release := blockOn(f, "slow")
	slow := make(chan error)
	go func() {
		_, err := m.Apply(context.Background(), "add-host", host("slow"))
		slow <- err
	}()
	<-arrived
	waiting := make(chan error)
	go func() {
		_, err := m.Apply(context.Background(), "add-host", host("waiting"))
		waiting <- err
	}()
	// waiting's change is made in the session; then the session expires
	// before slow's command reaches the server.
	expired := make(chan struct{})
	f.mu.Lock()
	f.answered = func(command string, body map[string]any) {
		if body["name"] == "waiting" {
			f.mu.Lock()
			for _, s := range f.sessions {
				s.expired = true
			}
			f.mu.Unlock()
			close(expired)
		}
	}
	f.mu.Unlock()
	<-expired
	close(release)
	err = <-waiting
	require.Error(t, err)
	assert.Contains(t, err.Error(), "discarded: the session expired")
	require.NoError(t, <-slow, "slow's command ran again in the new session")
	public, pending, _ := f.state()
	assert.Equal(t, []string{"first", "slow"}, public)
	assert.Zero(t, pending, "the expired session's change was discarded from the new one")
	assert.Equal(t, 2, f.count(api.CommandLogin))
}

func TestFirstLoginDiscardsOnlyExpiredSessionsOfThisProvider(t *testing.T) {
	f := newMgmtFake(t)
	cfg := f.serve()
	f.mu.Lock()
	for _, s := range []fakeSession{
		{uid: "s-crashed", user: "admin", desc: "apply " + DefaultSessionMarker, expired: true},
		{uid: "s-live", user: "admin", desc: "apply " + DefaultSessionMarker},
		{uid: "s-other-admin", user: "bob", desc: DefaultSessionMarker, expired: true},
		{uid: "s-console", user: "admin", desc: "SmartConsole", expired: true},
	} {
		s.sid = "sid-" + s.uid
		s.changes = map[string]map[string]any{"lock-" + s.uid: {"name": "lock-" + s.uid, "type": "host"}}
		f.sessions[s.sid] = &s
	}
	f.mu.Unlock()

	m := newTestManagement(t, cfg, ManagementConfig{})
	// The crashed apply's lock no longer blocks a change of its object.
	_, err := m.Apply(context.Background(), "add-host", host("lock-s-crashed"))
	require.NoError(t, err)
	f.mu.Lock()
	defer f.mu.Unlock()
	assert.Empty(t, f.sessions["sid-s-crashed"].changes)
	for _, uid := range []string{"s-live", "s-other-admin", "s-console"} {
		assert.Len(t, f.sessions["sid-"+uid].changes, 1, uid+" is not touched")
	}
	for _, s := range f.sessions {
		if s.uid != "s-crashed" && s.user == "admin" && !s.expired {
			assert.Contains(t, s.desc, DefaultSessionMarker, "this process's session carries the marker")
		}
	}
}

func TestKeepaliveRunsUntilLogout(t *testing.T) {
	f := newMgmtFake(t)
	m := newTestManagement(t, f.serve(), ManagementConfig{})
	ticks := make(chan time.Time)
	every := make(chan time.Duration, 4)
	m.after = func(d time.Duration) <-chan time.Time {
		every <- d
		return ticks
	}
	var got map[string]any
	err := m.Show(context.Background(), "show-host", map[string]any{"name": "none"}, &got)
	assert.Equal(t, api.CodeObjectNotFound, apiCode(err))
	assert.Equal(t, 200*time.Second, <-every, "a third of the session's 600 s")
	ticks <- time.Now()
	<-f.keepalives
	<-every // waiting for the next tick

	require.NoError(t, m.Logout(context.Background()))
	assert.Equal(t, 1, f.count(api.CommandLogout))
	m.mu.Lock()
	assert.Nil(t, m.stop, "the keepalive goroutine has ended")
	m.mu.Unlock()
	// A later Apply logs in again.
	_, err = m.Apply(context.Background(), "add-host", host("web"))
	require.NoError(t, err)
	assert.Equal(t, 2, f.count(api.CommandLogin))
}

func TestPublishAndDiscardActions(t *testing.T) {
	f := newMgmtFake(t)
	m := newTestManagement(t, f.serve(), ManagementConfig{})
	n, task, err := m.Publish(context.Background())
	require.NoError(t, err)
	assert.Zero(t, n)
	assert.Empty(t, task, "nothing published yet: no task")
	assert.Zero(t, f.count(api.CommandPublish), "nothing pending: no publish")
	d, err := m.Discard(context.Background())
	require.NoError(t, err)
	assert.Zero(t, d)
	assert.Zero(t, f.count(api.CommandDiscard), "no session: nothing to discard")

	_, err = m.Apply(context.Background(), "add-host", host("web"))
	require.NoError(t, err)
	n, task, err = m.Publish(context.Background())
	require.NoError(t, err)
	assert.Zero(t, n, "the change was published already")
	assert.NotEmpty(t, task, "the task of the publish that included the change")
	assert.Equal(t, 1, f.count(api.CommandPublish))
	d, err = m.Discard(context.Background())
	require.NoError(t, err)
	assert.Zero(t, d, "the change was published already")
	assert.Equal(t, 1, f.count(api.CommandDiscard))
}
