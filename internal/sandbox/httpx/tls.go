package httpx

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"time"
)

// CertFileName is the file, in the sandbox state directory, holding the
// certificate authority that clients must trust (for example through
// SSL_CERT_FILE). It signs the server certificate and nothing else.
const CertFileName = "sandbox-ca.pem"

// The CA's key, and the server certificate (with the CA after it) and its
// key, in the state directory. A state directory of an earlier version has
// the CA's key in serverKeyFileName and no server certificate: the CA then
// doubled as the server certificate; at the next start its key moves to
// caKeyFileName and a server certificate is issued, so that clients keep
// trusting the same CA.
const (
	caKeyFileName      = "sandbox-ca-key.pem"
	serverCertFileName = "sandbox-cert.pem"
	serverKeyFileName  = "sandbox-key.pem"
)

// LoadOrCreateCertificate returns the sandbox's TLS server certificate for
// localhost and loopback addresses, issued by the sandbox CA (CertFileName).
// Both are created in dir on first use, so that restarts keep them; every
// file is written with mode 0600.
func LoadOrCreateCertificate(dir string) (tls.Certificate, error) {
	caPath, caKeyPath := filepath.Join(dir, CertFileName), filepath.Join(dir, caKeyFileName)
	certPath, keyPath := filepath.Join(dir, serverCertFileName), filepath.Join(dir, serverKeyFileName)
	if cert, err := loadKeyPair(certPath, keyPath); err == nil {
		return cert, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return tls.Certificate{}, fmt.Errorf("load sandbox certificate: %w", err)
	}
	ca, err := loadKeyPair(caPath, caKeyPath)
	if errors.Is(err, os.ErrNotExist) {
		// An earlier version's CA, with its key where the server key goes.
		if ca, err = loadKeyPair(caPath, keyPath); err == nil {
			if err = os.Rename(keyPath, caKeyPath); err != nil {
				return tls.Certificate{}, err
			}
		}
	}
	if errors.Is(err, os.ErrNotExist) {
		caPEM, caKeyPEM, err := NewCA()
		if err != nil {
			return tls.Certificate{}, err
		}
		if err := writeNew(caKeyPath, caKeyPEM); err != nil {
			return tls.Certificate{}, err
		}
		if err := writeNew(caPath, caPEM); err != nil {
			return tls.Certificate{}, err
		}
		if ca, err = tls.X509KeyPair(caPEM, caKeyPEM); err != nil {
			return tls.Certificate{}, err
		}
	} else if err != nil {
		return tls.Certificate{}, fmt.Errorf("load sandbox CA: %w", err)
	}
	certPEM, keyPEM, err := IssueServerCertificate(ca)
	if err != nil {
		return tls.Certificate{}, err
	}
	// A server key without its certificate is of no use.
	if err := os.Remove(keyPath); err != nil && !errors.Is(err, os.ErrNotExist) {
		return tls.Certificate{}, err
	}
	if err := writeNew(keyPath, keyPEM); err != nil {
		return tls.Certificate{}, err
	}
	if err := writeNew(certPath, certPEM); err != nil {
		return tls.Certificate{}, err
	}
	return tls.X509KeyPair(certPEM, keyPEM)
}

// loadKeyPair is tls.LoadX509KeyPair of files of the state directory, read
// as ReadStateFile reads them (no symbolic link, the running user's own).
func loadKeyPair(certPath, keyPath string) (tls.Certificate, error) {
	certPEM, err := ReadStateFile(certPath)
	if err != nil {
		return tls.Certificate{}, err
	}
	keyPEM, err := ReadStateFile(keyPath)
	if err != nil {
		return tls.Certificate{}, err
	}
	return tls.X509KeyPair(certPEM, keyPEM)
}

// ServerTLSConfig is the TLS configuration of every sandbox server: TLS 1.2
// or later, and with TLS 1.2 only the AEAD suites with forward secrecy (TLS
// 1.3 has no others).
func ServerTLSConfig(cert tls.Certificate) *tls.Config {
	return &tls.Config{
		Certificates: []tls.Certificate{cert},
		MinVersion:   tls.VersionTLS12,
		CipherSuites: []uint16{
			tls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
			tls.TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
			tls.TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
			tls.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
			tls.TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
			tls.TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
		},
	}
}

// NewCA makes a certificate authority, valid for ten years, that may sign
// only server certificates for loopback names (it is constrained to them).
func NewCA() (certPEM, keyPEM []byte, err error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	tmpl, err := certTemplate("iacsuite sandbox CA")
	if err != nil {
		return nil, nil, err
	}
	tmpl.KeyUsage = x509.KeyUsageCertSign | x509.KeyUsageCRLSign
	tmpl.IsCA = true
	tmpl.MaxPathLenZero = true
	tmpl.PermittedDNSDomainsCritical = true
	tmpl.PermittedDNSDomains = []string{"localhost"}
	tmpl.PermittedIPRanges = []*net.IPNet{
		{IP: net.IPv4(127, 0, 0, 0).To4(), Mask: net.CIDRMask(8, 32)},
		{IP: net.IPv6loopback, Mask: net.CIDRMask(128, 128)},
	}
	return createCert(tmpl, tmpl, key, key)
}

// IssueServerCertificate makes a server certificate, valid for ten years,
// for localhost, 127.0.0.1 and ::1, signed by ca; the PEM of the
// certificate has the CA's after it.
func IssueServerCertificate(ca tls.Certificate) (certPEM, keyPEM []byte, err error) {
	caCert, err := x509.ParseCertificate(ca.Certificate[0])
	if err != nil {
		return nil, nil, err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	tmpl, err := certTemplate("iacsuite sandbox")
	if err != nil {
		return nil, nil, err
	}
	tmpl.KeyUsage = x509.KeyUsageDigitalSignature
	tmpl.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}
	tmpl.DNSNames = []string{"localhost"}
	tmpl.IPAddresses = []net.IP{net.ParseIP("127.0.0.1"), net.ParseIP("::1")}
	certPEM, keyPEM, err = createCert(tmpl, caCert, key, ca.PrivateKey)
	if err != nil {
		return nil, nil, err
	}
	return append(certPEM, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: ca.Certificate[0]})...), keyPEM, nil
}

func certTemplate(cn string) (*x509.Certificate, error) {
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return nil, err
	}
	return &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: cn},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().AddDate(10, 0, 0),
		BasicConstraintsValid: true,
	}, nil
}

func createCert(tmpl, parent *x509.Certificate, key *ecdsa.PrivateKey, signer any) (certPEM, keyPEM []byte, err error) {
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, signer)
	if err != nil {
		return nil, nil, err
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), nil
}

// SelfSignedCertificate makes a certificate, valid for ten years, for
// localhost, 127.0.0.1 and ::1, which is its own authority: for the test
// servers, which live as long as a test; the sandbox serves a certificate
// its CA issued (LoadOrCreateCertificate).
func SelfSignedCertificate() (certPEM, keyPEM []byte, err error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return nil, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "iacsuite sandbox"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().AddDate(10, 0, 0),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		DNSNames:              []string{"localhost"},
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1"), net.ParseIP("::1")},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, err
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), nil
}
