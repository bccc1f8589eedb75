package orch

import (
	"encoding/pem"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Secret backends (docs/api/orch.md, Secret backends): external stores of
// secret content that a model names in its `secret-backend` configuration.

const (
	// SecretBackendTypeVault is a HashiCorp Vault server.
	SecretBackendTypeVault = "vault"
	// SecretBackendTypeKubernetes is the secrets store of a kubernetes
	// cluster.
	SecretBackendTypeKubernetes = "kubernetes"
	// SecretBackendInternal is the controller's own store, built in.
	SecretBackendInternal = "internal"
	// SecretBackendAuto lets the controller choose (internal, or the
	// cluster's store on a container-cluster model): the default.
	SecretBackendAuto = "auto"
	// ModelConfigSecretBackend is the model configuration key naming the
	// backend of the model's secrets.
	ModelConfigSecretBackend = "secret-backend"
	// MinTokenRotateInterval is the shortest token rotation.
	MinTokenRotateInterval = time.Minute
)

// SecretBackendTypes are the types a secret backend may be added with.
var SecretBackendTypes = []string{SecretBackendTypeVault, SecretBackendTypeKubernetes}

// SecretBackend is a secret backend of the controller (superusers only).
type SecretBackend struct {
	Name        string `json:"name"`
	BackendType string `json:"backendType"`
	// TokenRotateInterval is how often the controller rotates the token it
	// gives agents to reach the backend, a Go duration as time.Duration
	// prints it ("24h0m0s"); empty for never (vault only).
	TokenRotateInterval string `json:"tokenRotateInterval,omitempty"`
	// Config is the backend's configuration, answered only with
	// ?reveal=true (it holds credentials).
	Config map[string]string `json:"config,omitempty"`
	// Models are the UUIDs of the models whose secret-backend names it.
	Models []string `json:"models"`
}

// CreateSecretBackendRequest is the body of POST /v1/secret-backends.
type CreateSecretBackendRequest struct {
	Name                string            `json:"name"`
	BackendType         string            `json:"backendType"`
	TokenRotateInterval string            `json:"tokenRotateInterval,omitempty"`
	Config              map[string]string `json:"config"`
}

// UpdateSecretBackendRequest is the body of PATCH
// /v1/secret-backends/{name}: the fields given change.
type UpdateSecretBackendRequest struct {
	// Name renames the backend; the models that name it follow.
	Name *string `json:"name,omitempty"`
	// TokenRotateInterval "" stops the rotation.
	TokenRotateInterval *string `json:"tokenRotateInterval,omitempty"`
	// Config replaces the whole configuration.
	Config map[string]string `json:"config,omitempty"`
}

// secretBackendNamePattern: a letter or digit, then letters, digits, dots
// and hyphens.
var secretBackendNamePattern = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9.-]{0,62}$`)

// CheckSecretBackendName is the rule of a secret backend's name.
func CheckSecretBackendName(name string) error {
	if !secretBackendNamePattern.MatchString(name) {
		return fmt.Errorf("must be 1 to 63 letters, digits, dots and hyphens, starting with a letter or digit, not %q", name)
	}
	if name == SecretBackendInternal || name == SecretBackendAuto {
		return fmt.Errorf("%q is reserved: it names the controller's own store", name)
	}
	return nil
}

// secretBackendKey is one configuration key of a backend type.
type secretBackendKey struct {
	required bool
	check    func(string) error
}

func checkURL(v string) error {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("must be an http or https URL with a host, not %q", v)
	}
	return nil
}

func checkPEM(v string) error {
	if b, _ := pem.Decode([]byte(v)); b == nil {
		return fmt.Errorf("must be PEM-encoded (-----BEGIN ...)")
	}
	return nil
}

func checkNotEmpty(v string) error {
	if v == "" {
		return fmt.Errorf("must not be empty")
	}
	return nil
}

// secretBackendConfigKeys are the keys each type takes.
var secretBackendConfigKeys = map[string]map[string]secretBackendKey{
	SecretBackendTypeVault: {
		"endpoint":        {required: true, check: checkURL},
		"token":           {check: checkNotEmpty},
		"namespace":       {check: checkNotEmpty},
		"ca-cert":         {check: checkPEM},
		"client-cert":     {check: checkPEM},
		"client-key":      {check: checkPEM},
		"tls-server-name": {check: checkNotEmpty},
	},
	SecretBackendTypeKubernetes: {
		"endpoint":        {required: true, check: checkURL},
		"namespace":       {check: checkNotEmpty},
		"token":           {check: checkNotEmpty},
		"ca-certs":        {check: checkPEM},
		"service-account": {check: checkNotEmpty},
	},
}

// SecretBackendConfigKeys lists the keys a backend type takes, sorted.
func SecretBackendConfigKeys(backendType string) []string {
	keys := make([]string, 0, len(secretBackendConfigKeys[backendType]))
	for k := range secretBackendConfigKeys[backendType] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// CheckSecretBackendConfig checks the configuration of a backend of type
// backendType; the error's key is the config key at fault ("" for the
// type).
func CheckSecretBackendConfig(backendType string, cfg map[string]string) (key string, err error) {
	keys, ok := secretBackendConfigKeys[backendType]
	if !ok {
		return "", fmt.Errorf("must be one of %s, not %q", strings.Join(SecretBackendTypes, ", "), backendType)
	}
	for _, k := range SecretBackendConfigKeys(backendType) {
		if _, set := cfg[k]; keys[k].required && !set {
			return k, fmt.Errorf("is required for a %s backend", backendType)
		}
	}
	names := make([]string, 0, len(cfg))
	for k := range cfg {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		spec, ok := keys[k]
		if !ok {
			return k, fmt.Errorf("is not a key of a %s backend (%s)", backendType, strings.Join(SecretBackendConfigKeys(backendType), ", "))
		}
		if err := spec.check(cfg[k]); err != nil {
			return k, err
		}
	}
	if backendType == SecretBackendTypeVault {
		_, cert := cfg["client-cert"]
		_, key := cfg["client-key"]
		switch {
		case cert && !key:
			return "client-key", fmt.Errorf("is required with client-cert")
		case key && !cert:
			return "client-cert", fmt.Errorf("is required with client-key")
		}
	}
	return "", nil
}

// ParseTokenRotateInterval parses a rotation interval of a backend of
// backendType: a Go duration of at least MinTokenRotateInterval, for vault
// backends only; "" is none.
func ParseTokenRotateInterval(backendType, v string) (time.Duration, error) {
	if v == "" {
		return 0, nil
	}
	if backendType != SecretBackendTypeVault {
		return 0, fmt.Errorf("only a vault backend rotates its token")
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("must be a duration such as 10m, 1h or 24h, not %q", v)
	}
	if d < MinTokenRotateInterval {
		return 0, fmt.Errorf("must be at least %s, not %s", MinTokenRotateInterval, d)
	}
	return d, nil
}
