package orch

import "fmt"

// CharmSourceLocal is CharmRef.Source for a charm uploaded to the model
// (POST /v1/models/{uuid}/charms) rather than taken from the charm store.
const CharmSourceLocal = "local"

// LocalCharm is a charm archive uploaded to a model. URL is
// "local:<name>-<revision>"; Revision counts the uploads of that charm name
// in the model, from 1; Hash is the SHA-256 of the archive, in hex.
type LocalCharm struct {
	URL         string   `json:"url"`
	Name        string   `json:"name"`
	Revision    int      `json:"revision"`
	Hash        string   `json:"hash"`
	Bases       []string `json:"bases,omitempty"`
	Subordinate bool     `json:"subordinate,omitempty"`
}

// CheckLocalCharmResource is the rule for a resource of a local charm, which
// has no store revisions and for which the controller takes no uploads (as
// upstream, which uploads no file resource of a local charm): an oci-image
// resource takes an OCI image reference, a file resource cannot be set. The
// provider applies it at plan, the controller at apply.
func CheckLocalCharmResource(typ, value string) error {
	if typ == ResourceTypeFile {
		return fmt.Errorf("a file resource of a local charm cannot be set: the controller takes no resource uploads (leave it out)")
	}
	if _, ok := IsRevision(value); ok {
		return fmt.Errorf("the resources of a local charm have no store revisions; give an OCI image reference such as ghcr.io/org/image:tag, not %q", value)
	}
	if _, err := ParseImageRef(value); err != nil {
		return fmt.Errorf("not an OCI image reference: %w", err)
	}
	return nil
}
