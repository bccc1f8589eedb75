package orch

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
