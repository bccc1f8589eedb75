package httpx

import (
	"crypto/tls"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// The defaults of the connection limits (ServerLimits).
const (
	DefaultMaxConnsPerClient = 256
	DefaultBodyGrace         = 10 * time.Second
	DefaultMinBodyRate       = 1024 // bytes per second
)

// ServerLimits bound what one client can hold of a server: connections,
// and time spent sending a request.
type ServerLimits struct {
	// MaxConnsPerClient is how many connections one client address may
	// have open; further ones are closed at once. Zero is
	// DefaultMaxConnsPerClient; negative disables the cap.
	MaxConnsPerClient int
	// A request body must arrive within BodyGrace plus its length at
	// MinBodyRate bytes per second, or the read fails and the connection
	// closes: a client sending a byte every few seconds does not hold a
	// connection (and a handler) forever. Zero values are the defaults.
	BodyGrace   time.Duration
	MinBodyRate int64
}

func (l ServerLimits) withDefaults() ServerLimits {
	if l.MaxConnsPerClient == 0 {
		l.MaxConnsPerClient = DefaultMaxConnsPerClient
	}
	if l.BodyGrace <= 0 {
		l.BodyGrace = DefaultBodyGrace
	}
	if l.MinBodyRate <= 0 {
		l.MinBodyRate = DefaultMinBodyRate
	}
	return l
}

// NewServer returns the HTTPS server of a sandbox service with the limits
// every one has: headers within 10 s, bodies at the minimum rate, idle
// connections closed after two minutes, and the TLS configuration of
// ServerTLSConfig. Serve it on Listen's listener, which caps connections
// per client.
func NewServer(h http.Handler, cert tls.Certificate, limits ServerLimits) *http.Server {
	limits = limits.withDefaults()
	return &http.Server{
		Handler:           MinBodyRate(h, limits.BodyGrace, limits.MinBodyRate),
		TLSConfig:         ServerTLSConfig(cert),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
}

// Listen listens on addr and caps the connections per client address.
func Listen(addr string, limits ServerLimits) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	return LimitConnsPerClient(ln, limits.withDefaults().MaxConnsPerClient), nil
}

// MinBodyRate makes reading a request body fail once it has taken longer
// than grace plus its length so far at rate bytes per second.
func MinBodyRate(h http.Handler, grace time.Duration, rate int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Body != http.NoBody {
			rc := http.NewResponseController(w)
			br := &rateBody{body: r.Body, rc: rc, start: time.Now(), grace: grace, rate: rate}
			// The server sets the deadlines of the next request itself;
			// the one set here also bounds the server's draining of what
			// the handler left unread.
			if br.extend() == nil {
				r.Body = br
			}
		}
		h.ServeHTTP(w, r)
	})
}

type rateBody struct {
	body  io.ReadCloser
	rc    *http.ResponseController
	start time.Time
	grace time.Duration
	rate  int64
	n     int64
}

// extend moves the read deadline to what the bytes read so far earn.
func (b *rateBody) extend() error {
	return b.rc.SetReadDeadline(b.start.Add(b.grace + time.Duration(b.n)*time.Second/time.Duration(b.rate)))
}

func (b *rateBody) Read(p []byte) (int, error) {
	n, err := b.body.Read(p)
	b.n += int64(n)
	if n > 0 {
		_ = b.extend()
	}
	return n, err
}

func (b *rateBody) Close() error { return b.body.Close() }

// LimitConnsPerClient wraps ln so that one client address (the IP, without
// the port) has at most max connections open; a further one is closed as
// soon as it is accepted. A max of zero or less disables the cap.
func LimitConnsPerClient(ln net.Listener, max int) net.Listener {
	if max <= 0 {
		return ln
	}
	return &connLimiter{Listener: ln, max: max, open: map[string]int{}}
}

type connLimiter struct {
	net.Listener
	max  int
	mu   sync.Mutex
	open map[string]int
}

func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		host := hostOf(c.RemoteAddr().String())
		l.mu.Lock()
		if l.open[host] >= l.max {
			l.mu.Unlock()
			c.Close()
			continue
		}
		l.open[host]++
		l.mu.Unlock()
		return &limitedConn{Conn: c, release: func() {
			l.mu.Lock()
			if l.open[host]--; l.open[host] <= 0 {
				delete(l.open, host)
			}
			l.mu.Unlock()
		}}, nil
	}
}

type limitedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// hostOf is the host of a host:port address, or the address itself.
func hostOf(addr string) string {
	if h, _, err := net.SplitHostPort(addr); err == nil {
		return h
	}
	return addr
}

// ClientAddr is the client's IP address (without the port), the key of the
// limits on unauthenticated requests.
func ClientAddr(r *http.Request) string { return hostOf(r.RemoteAddr) }
