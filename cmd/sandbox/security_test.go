package main

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// TestStateAtRest: the state directory is its owner's alone, also when an
// earlier version left it and its files readable by others, and no
// database holds the upload-signing key or the hub's registered controller
// password in plain text.
func TestStateAtRest(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	require.NoError(t, os.Mkdir(dir, 0o755))
	// What an earlier version left: a world-readable database.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "old.db"), []byte("x"), 0o644))
	urls, _, stop := serveServices(t, "--state-dir", dir, "--orch-admin-password", "orch-password-1")
	c := client(t, dir)
	// A data file makes the migration service use its signing key; the key
	// exists from the start anyway.
	res, err := c.Get(urls["migration"] + "/v1alpha1/projects/p/locations/l/importJobs")
	require.NoError(t, err)
	res.Body.Close()
	require.NoError(t, stop())

	info, err := os.Stat(dir)
	require.NoError(t, err)
	require.Equal(t, fs.FileMode(0o700), info.Mode().Perm(), "state directory")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		info, err := e.Info()
		require.NoError(t, err)
		require.Equal(t, fs.FileMode(0o600), info.Mode().Perm(), "mode of %s", e.Name())
		names = append(names, e.Name())
	}
	require.Contains(t, names, "migration.db")
	require.Contains(t, names, httpx.DataKeyFileName)

	// Every document body of every database is sealed: neither the word
	// "key" of the signing-key document nor any JSON is readable.
	for _, n := range names {
		if !strings.HasSuffix(n, ".db") || n == "old.db" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, n))
		require.NoError(t, err)
		wal, _ := os.ReadFile(filepath.Join(dir, n+"-wal"))
		b = append(b, wal...)
		require.NotContains(t, string(b), `{"key":`, "%s holds a plain signing key", n)
		require.NotContains(t, string(b), `"salt":`, "%s holds plain account records", n)
	}
}

// TestServerCertificateIsNotTheCA: the sandbox serves a certificate its CA
// issued, not the CA itself, and TLS 1.2 offers only AEAD suites.
func TestServerCertificateIsNotTheCA(t *testing.T) {
	dir := t.TempDir()
	base, _ := serveInBackground(t, "--state-dir", dir)
	u, err := url.Parse(base)
	require.NoError(t, err)
	caPEM, err := os.ReadFile(filepath.Join(dir, httpx.CertFileName))
	require.NoError(t, err)
	pool := x509.NewCertPool()
	require.True(t, pool.AppendCertsFromPEM(caPEM))

	conn, err := tls.Dial("tcp", u.Host, &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"})
	require.NoError(t, err)
	leaf := conn.ConnectionState().PeerCertificates[0]
	conn.Close()
	require.False(t, leaf.IsCA, "the served certificate is a CA")
	require.False(t, bytes.Contains(caPEM, leaf.Raw), "the served certificate is the CA file's")

	// A TLS 1.2 client offering only CBC suites is refused.
	_, err = tls.Dial("tcp", u.Host, &tls.Config{RootCAs: pool, ServerName: "127.0.0.1", MaxVersion: tls.VersionTLS12,
		CipherSuites: []uint16{tls.TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA, tls.TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA, tls.TLS_RSA_WITH_AES_128_CBC_SHA}})
	require.Error(t, err, "a CBC suite was accepted")
	conn, err = tls.Dial("tcp", u.Host, &tls.Config{RootCAs: pool, ServerName: "127.0.0.1", MaxVersion: tls.VersionTLS12})
	require.NoError(t, err)
	conn.Close()
}

// TestConnectionsPerClient: a client address holds at most the configured
// number of connections; the next one is closed at once.
func TestConnectionsPerClient(t *testing.T) {
	dir := t.TempDir()
	base, _ := serveInBackground(t, "--state-dir", dir, "--max-conns-per-client", "3")
	u, err := url.Parse(base)
	require.NoError(t, err)
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range 3 {
		c, err := net.Dial("tcp", u.Host)
		require.NoError(t, err)
		conns = append(conns, c)
	}
	extra, err := net.Dial("tcp", u.Host)
	require.NoError(t, err)
	defer extra.Close()
	require.NoError(t, extra.SetReadDeadline(time.Now().Add(10*time.Second)))
	_, err = extra.Read(make([]byte, 1))
	require.ErrorIs(t, err, io.EOF, "the connection over the cap was not closed")
}

// TestSlowBodies: a client that sends a login body a byte at a time does
// not hold the connection: once the body is later than the grace and the
// minimum rate allow, the server answers or closes.
func TestSlowBodies(t *testing.T) {
	dir := t.TempDir()
	urls, _, _ := serveServices(t, "--state-dir", dir, "--body-grace", "200ms")
	for _, target := range []string{urls["orch"] + "/v1/login", urls["netfab"] + "/oauth2/token", urls["hub"] + "/oauth2/token"} {
		u, err := url.Parse(target)
		require.NoError(t, err)
		caPEM, err := os.ReadFile(filepath.Join(dir, httpx.CertFileName))
		require.NoError(t, err)
		pool := x509.NewCertPool()
		pool.AppendCertsFromPEM(caPEM)
		conn, err := tls.Dial("tcp", u.Host, &tls.Config{RootCAs: pool, ServerName: "127.0.0.1", NextProtos: []string{"http/1.1"}})
		require.NoError(t, err)
		_, err = io.WriteString(conn, "POST "+u.Path+" HTTP/1.1\r\nHost: "+u.Host+"\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
		require.NoError(t, err)
		// Nothing more is sent; the server must give up on the body.
		require.NoError(t, conn.SetReadDeadline(time.Now().Add(20*time.Second)))
		_, err = io.ReadAll(conn)
		var ne net.Error
		require.False(t, err != nil && errors.As(err, &ne) && ne.Timeout(), "%s: the server still waits for the body", target)
		conn.Close()
	}
}
