package orch

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// ImageRef is a parsed OCI image reference
// "[<host>[:<port>]/]<path>[:<tag>][@<digest>]".
type ImageRef struct {
	// Registry is "<host>" or "<host>:<port>"; "docker.io" when the
	// reference names none.
	Registry string
	// Repository is the path within the registry ("org/image").
	Repository string
	Tag        string
	Digest     string
}

// Name is the reference minus its tag and digest: "<registry>/<repository>".
func (r ImageRef) Name() string { return r.Registry + "/" + r.Repository }

var (
	pathComponentRE = regexp.MustCompile(`^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$`)
	tagRE           = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$`)
	digestRE        = regexp.MustCompile(`^[a-z0-9]+(?:[+._-][a-z0-9]+)*:[A-Fa-f0-9]{32,}$`)
	hostRE          = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$`)
)

// ParseImageRef parses an OCI image reference. The first path element is the
// registry when it holds a dot or a colon or is "localhost", as container
// tools read references.
func ParseImageRef(s string) (ImageRef, error) {
	var r ImageRef
	rest := s
	if i := strings.Index(rest, "@"); i >= 0 {
		r.Digest = rest[i+1:]
		rest = rest[:i]
		if !digestRE.MatchString(r.Digest) {
			return r, fmt.Errorf("%q: digest %q is not <algorithm>:<hex>", s, r.Digest)
		}
	}
	if i := strings.LastIndex(rest, ":"); i >= 0 && !strings.Contains(rest[i+1:], "/") {
		r.Tag = rest[i+1:]
		rest = rest[:i]
		if !tagRE.MatchString(r.Tag) {
			return r, fmt.Errorf("%q: tag %q is not valid", s, r.Tag)
		}
	}
	first, path, hasSlash := strings.Cut(rest, "/")
	if hasSlash && (strings.ContainsAny(first, ".:") || first == "localhost") {
		if err := checkRegistry(first); err != nil {
			return r, fmt.Errorf("%q: %w", s, err)
		}
		r.Registry, r.Repository = first, path
	} else {
		r.Registry, r.Repository = "docker.io", rest
	}
	if r.Repository == "" {
		return r, fmt.Errorf("%q: no image name", s)
	}
	for _, c := range strings.Split(r.Repository, "/") {
		if !pathComponentRE.MatchString(c) {
			return r, fmt.Errorf("%q: path element %q is not valid (lowercase letters, digits, separators . _ -)", s, c)
		}
	}
	return r, nil
}

func checkRegistry(hostport string) error {
	host, port, hasPort := strings.Cut(hostport, ":")
	if !hostRE.MatchString(host) {
		return fmt.Errorf("registry host %q is not valid", host)
	}
	if hasPort {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return fmt.Errorf("registry port %q is not a port number", port)
		}
	}
	return nil
}

// MatchRegistryCredential returns the key of creds that applies to image, or
// "" when none does. A key "<host>[:<port>][/<path>]" applies when its
// registry equals the image's registry exactly (host and port: a key that is
// only a prefix of the host, or a host without the port the image names, does
// not match) and its path, if any, equals the image's repository or a leading
// run of its path elements. The tag and digest play no part. The longest
// matching key wins.
func MatchRegistryCredential[V any](image ImageRef, creds map[string]V) string {
	best := ""
	for key := range creds {
		k := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(key, "https://"), "http://"), "/")
		registry, path, _ := strings.Cut(k, "/")
		if registry != image.Registry {
			continue
		}
		if path != "" && path != image.Repository && !strings.HasPrefix(image.Repository, path+"/") {
			continue
		}
		if len(key) > len(best) || (len(key) == len(best) && key < best) {
			best = key
		}
	}
	return best
}

// IsRevision reports whether a resource value is a revision number, and which.
func IsRevision(v string) (int, bool) {
	if v == "" || strings.TrimLeft(v, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(v)
	return n, err == nil
}
