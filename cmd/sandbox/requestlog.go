package main

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"os"
	"runtime/pprof"
	"sync"
	"time"
)

// requestLogger writes one line per request, so that benchmarks can count
// the calls a provider makes and see when each answer left the service.
type requestLogger struct {
	mu sync.Mutex
	f  *os.File
	w  *bufio.Writer
}

// openRequestLog opens the request log for appending, readable by its owner
// only (whatever the umask; an existing file is tightened): it shows what
// every caller did.
func openRequestLog(path string) (*requestLogger, error) {
	f, err := ownerOnlyFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND)
	if err != nil {
		return nil, err
	}
	return &requestLogger{f: f, w: bufio.NewWriter(f)}, nil
}

// ownerOnlyFile opens path with flag, creating it with mode 0600, and makes
// it 0600 if it existed with another mode.
func ownerOnlyFile(path string, flag int) (*os.File, error) {
	f, err := os.OpenFile(path, flag, 0o600)
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// wrap logs each request h serves when its answer is written: the time in
// Unix nanoseconds, the service, method, path and status.
func (l *requestLogger) wrap(service string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(sw, r)
		l.line(service, r.Method, r.URL.Path, sw.status)
	})
}

// connState logs each new connection as "CONNECT -" with status 0, so that
// benchmarks see how many connections (TLS handshakes) clients opened.
func (l *requestLogger) connState(service string) func(net.Conn, http.ConnState) {
	return func(_ net.Conn, state http.ConnState) {
		if state == http.StateNew {
			l.line(service, "CONNECT", "-", 0)
		}
	}
}

func (l *requestLogger) line(service, method, path string, status int) {
	line := fmt.Sprintf("%d %s %s %s %d\n", time.Now().UnixNano(), service, method, path, status)
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = l.w.WriteString(line)
	// Flushed at once: readers look at the file while the sandbox runs.
	_ = l.w.Flush()
}

func (l *requestLogger) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	_ = l.w.Flush()
	return l.f.Close()
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(status int) {
	w.status = status
	w.ResponseWriter.WriteHeader(status)
}

// startCPUProfile profiles the process into path (0600, whatever the
// umask) until the returned function is called.
func startCPUProfile(path string) (func(), error) {
	f, err := ownerOnlyFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
