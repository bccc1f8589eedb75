package orch_test

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	api "github.com/iacsuite/providers/internal/api/orch"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/hub/hubtest"
	sandbox "github.com/iacsuite/providers/internal/sandbox/orch"
)

// concurrentCallers is how many calls the tests start at once: Terraform's
// default parallelism.
const concurrentCallers = 10

// loginCounter serves a sandbox controller behind a front that counts the
// login requests it receives and can hold or refuse them.
type loginCounter struct {
	*controller
	address string
	logins  atomic.Int32
	// hold, when set, is where a login waits until it is closed.
	hold atomic.Pointer[chan struct{}]
	// refuse, when set, makes every login a 401.
	refuse atomic.Bool
	// arrived receives a value for each login, when a test listens.
	arrived chan struct{}
}

func newLoginCounter(t *testing.T) *loginCounter {
	t.Helper()
	lc := &loginCounter{controller: newController(t, 0), arrived: make(chan struct{}, 100)}
	front := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == api.APIPrefix+"/login" {
			lc.logins.Add(1)
			lc.arrived <- struct{}{}
			if hold := lc.hold.Load(); hold != nil {
				<-*hold
			}
			if lc.refuse.Load() {
				httpx.WriteJSON(w, http.StatusUnauthorized, api.ErrorBody{Code: api.CodeUnauthorized, Message: "invalid username or password"})
				return
			}
		}
		lc.handler.ServeHTTP(w, r)
	})
	var pem string
	lc.address, pem = serveTLS(t, front)
	lc.caPEM = pem
	return lc
}

func (lc *loginCounter) client(t *testing.T) *client.Client {
	t.Helper()
	return lc.controller.client(t, lc.address)
}

// holdLogins makes logins wait until the returned function is called.
func (lc *loginCounter) holdLogins() (release func()) {
	ch := make(chan struct{})
	lc.hold.Store(&ch)
	return sync.OnceFunc(func() { lc.hold.Store(nil); close(ch) })
}

// callAll makes n calls at once and returns their errors once all ended.
// started is called when every goroutine has begun.
func callAll(n int, call func() error, started func()) []error {
	errs := make([]error, n)
	var ready, done sync.WaitGroup
	ready.Add(n)
	for i := range n {
		done.Go(func() {
			ready.Done()
			errs[i] = call()
		})
	}
	ready.Wait()
	started()
	done.Wait()
	return errs
}

// Terraform starts up to 10 operations at once in a new provider process:
// they share one login.
func TestConcurrentFirstCallsLogInOnce(t *testing.T) {
	t.Parallel()
	lc := newLoginCounter(t)
	cl := lc.client(t)
	// The first login waits until every caller has started, so that they
	// all find no token.
	release := lc.holdLogins()
	errs := callAll(concurrentCallers, func() error {
		_, err := cl.Controller(context.Background())
		return err
	}, func() { <-lc.arrived; release() })
	for _, err := range errs {
		require.NoError(t, err)
	}
	assert.Equal(t, int32(1), lc.logins.Load())

	_, err := cl.Controller(context.Background())
	require.NoError(t, err)
	assert.Equal(t, int32(1), lc.logins.Load(), "the token is kept")
}

// A session the controller refuses (here: expired by its clock, which the
// client does not know) costs one more login however many calls it refused.
func TestRefusedSessionLogsInAgainOnce(t *testing.T) {
	t.Parallel()
	lc := newLoginCounter(t)
	cl := lc.client(t)
	_, err := cl.Controller(context.Background())
	require.NoError(t, err)
	<-lc.arrived
	lc.clock.Advance(sandbox.DefaultTokenTTL + time.Hour)

	release := lc.holdLogins()
	errs := callAll(concurrentCallers, func() error {
		_, err := cl.Controller(context.Background())
		return err
	}, func() { <-lc.arrived; release() })
	for _, err := range errs {
		require.NoError(t, err)
	}
	assert.Equal(t, int32(2), lc.logins.Load())
}

// A failed login is the error of every caller that waited for it; it is not
// kept: the next call logs in again, and succeeds once the controller
// accepts the credentials.
func TestFailedLoginIsEveryWaitersErrorAndNotKept(t *testing.T) {
	t.Parallel()
	lc := newLoginCounter(t)
	cl := lc.client(t)
	lc.refuse.Store(true)
	release := lc.holdLogins()
	errs := callAll(concurrentCallers, func() error {
		_, err := cl.Controller(context.Background())
		return err
	}, func() { <-lc.arrived; release() })
	for _, err := range errs {
		var apiErr *client.APIError
		require.ErrorAs(t, err, &apiErr)
		assert.Equal(t, http.StatusUnauthorized, apiErr.StatusCode)
		assert.Contains(t, err.Error(), `login as "admin"`)
		assert.Contains(t, err.Error(), "invalid username or password")
	}
	failed := lc.logins.Load()
	assert.Less(t, failed, int32(concurrentCallers), "the callers share failed logins")

	lc.refuse.Store(false)
	_, err := cl.Controller(context.Background())
	require.NoError(t, err)
	assert.Equal(t, failed+1, lc.logins.Load())
}

// A caller that gives up while its login is under way does not fail the
// callers that wait for that login.
func TestCancelledCallerDoesNotFailTheOthers(t *testing.T) {
	t.Parallel()
	lc := newLoginCounter(t)
	cl := lc.client(t)
	release := lc.holdLogins()
	defer release()

	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan error, 1)
	go func() {
		_, err := cl.Controller(ctx)
		first <- err
	}()
	<-lc.arrived // the first caller's login is at the controller
	second := make(chan error, 1)
	go func() {
		_, err := cl.Controller(context.Background())
		second <- err
	}()
	cancel()
	require.ErrorIs(t, <-first, context.Canceled)
	release()
	require.NoError(t, <-second)
}

// In hub mode the token comes from the hub's client-credentials grant: the
// concurrent first calls share one token, and calls that the hub refuses
// together obtain one new token.
func TestHubTokenIsShared(t *testing.T) {
	t.Parallel()
	clk := &clock{now: time.Now()}
	h := hubtest.Start(t, hubtest.Options{Now: clk.Now, TokenTTL: time.Hour})
	hc, err := hubclient.New(hubclient.Config{Addresses: []string{h.Address}, ClientID: hubapi.DefaultAdminClientID,
		ClientSecret: hubtest.AdminSecret, CACertificate: h.CACertPEM})
	require.NoError(t, err)
	cl, err := client.New(client.Config{Addresses: []string{h.Address}, CACertificate: h.CACertPEM,
		PollBackoff: fastPoll, Token: hc.Tokens().Token})
	require.NoError(t, err)

	controllers := func() error {
		_, err := cl.Controller(context.Background())
		return err
	}
	for _, err := range callAll(concurrentCallers, controllers, func() {}) {
		require.NoError(t, err)
	}
	assert.Equal(t, 1, hc.Tokens().Grants())

	// The hub's clock passes the token's expiry; the client's does not, so
	// every call learns it from a 401.
	clk.Advance(2 * time.Hour)
	for _, err := range callAll(concurrentCallers, controllers, func() {}) {
		require.NoError(t, err)
	}
	assert.Equal(t, 2, hc.Tokens().Grants())
}
