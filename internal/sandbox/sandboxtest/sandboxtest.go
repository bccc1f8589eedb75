// Package sandboxtest starts sandbox services inside a test process, on HTTPS
// loopback, the way `sandbox serve` does, and makes this process trust them.
package sandboxtest

import (
	"crypto/tls"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"

	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

var (
	trustOnce sync.Once
	certPEM   []byte
	keyPEM    []byte
	trustErr  error
)

// TB is the part of testing.TB this package uses; TestMain has no testing.TB,
// so it passes a small adapter.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// Serve serves h over HTTPS on a loopback port until the test ends and
// returns its base URL. Every server of the process shares one self-signed
// certificate, which is trusted through SSL_CERT_FILE, as a user of
// `sandbox serve` trusts it; the first call must come before anything in the
// process loads the system certificate pool.
func Serve(t TB, h http.Handler) string {
	t.Helper()
	return ServeWith(t, h, Options{})
}

// Options change a test server.
type Options struct {
	// Name prefixes the fault log lines; "sandbox" when empty.
	Name string
	// Faults are injected into the server's answers (httpx.Faults).
	Faults httpx.Faults
	// Injector, when not nil, is set to the fault injector, so that the
	// test can count the faults.
	Injector **httpx.FaultInjector
}

// ServeWith is Serve with options, such as faults injected into every answer.
func ServeWith(t TB, h http.Handler, o Options) string {
	t.Helper()
	if o.Name == "" {
		o.Name = "sandbox"
	}
	fi := httpx.NewFaultInjector(o.Name, o.Faults)
	if o.Injector != nil {
		*o.Injector = fi
	}
	h = fi.Wrap(h)
	cert := trustedCertificate(t)
	srv := httptest.NewUnstartedServer(h)
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv.URL
}

func trustedCertificate(t TB) tls.Certificate {
	t.Helper()
	trustOnce.Do(func() {
		certPEM, keyPEM, trustErr = httpx.SelfSignedCertificate()
		if trustErr != nil {
			return
		}
		dir, err := os.MkdirTemp("", "sandbox-cert-")
		if err != nil {
			trustErr = err
			return
		}
		path := filepath.Join(dir, httpx.CertFileName)
		if trustErr = os.WriteFile(path, certPEM, 0o644); trustErr != nil {
			return
		}
		trustErr = os.Setenv("SSL_CERT_FILE", path)
	})
	if trustErr != nil {
		t.Fatalf("sandbox certificate: %v", trustErr)
	}
	cert, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		t.Fatalf("sandbox certificate: %v", err)
	}
	return cert
}

// mainTB lets TestMain, which has no testing.TB, start sandboxes.
type mainTB struct{ cleanups []func() }

func (*mainTB) Helper() {}
func (*mainTB) Fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}
func (m *mainTB) Cleanup(f func()) { m.cleanups = append(m.cleanups, f) }

// ForMain returns a TB for TestMain and the function that runs its cleanups,
// last registered first.
func ForMain() (TB, func()) {
	m := &mainTB{}
	return m, func() {
		for i := len(m.cleanups) - 1; i >= 0; i-- {
			m.cleanups[i]()
		}
	}
}
