package httpclient

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
)

// TrustOnly is the TLS configuration of a provider setting that names the
// certificate authority of a server (ca_certificate): that CA is the only
// trust anchor. Adding it to the system's pool instead would hide a wrong
// setting whenever the system already trusts the server, and would let any
// CA the system trusts vouch for the server the user pinned.
func TrustOnly(caPEM string) (*tls.Config, error) {
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM([]byte(caPEM)) {
		return nil, errors.New("ca_certificate holds no PEM certificate")
	}
	return &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}, nil
}
