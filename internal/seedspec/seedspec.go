// Package seedspec holds, per provider, the machine-readable list of what the
// specification (the seed documents) names: resources and data sources with
// their Pulumi tokens and camelCase fields, the provider configuration, the
// required inputs. One file per provider, <provider>.json in this directory,
// is read by both the Terraform schema test (internal/provider/<p>/
// provider_seed_test.go) and the Pulumi schema test (bridge/<p>/schema_test.go), so
// the lists are typed once.
//
// The file format (every list holds camelCase names, as the seed spells
// them; Snake gives the Terraform name):
//
//	{
//	  "provider": "netfab",                  // the Terraform type prefix and Pulumi package
//	  "config": {
//	    "fields":  ["accessKey", ...],       // provider settings
//	    "secrets": ["secretKey"],            // settings that are sensitive / secret
//	    "env":     {"accessKey": "NETFAB_ACCESS_KEY"}  // setting -> environment variable
//	  },
//	  "blockNames": {"entries": "entry"},    // optional: a field written as a Terraform block of another name
//	  "resources": {
//	    "mcr": {                             // Terraform type netfab_mcr
//	      "token":    "netfab:index/mcr:Mcr",
//	      "fields":   ["productName", ...],  // inputs and outputs
//	      "required": ["productName", ...],  // optional: required inputs
//	      "replaces": ["locationId"],        // optional: inputs whose change replaces
//	      "entries":  ["action", ...],       // optional: fields of the elements of "entries"
//	      "note":     "..."                  // optional: why an entry not in the seed is listed
//	    }
//	  },
//	  "dataSources": {
//	    "location": {                        // Terraform type netfab_location
//	      "token":    "netfab:index/getLocation:getLocation",
//	      "inputs":   ["id", "name"],
//	      "outputs":  ["id", "name", ...],
//	      "required": ["mcrId"]              // optional: required inputs
//	    }
//	  }
//	}
//
// A new provider adds <provider>.json here and calls Load("<provider>") in
// both tests.
package seedspec

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
)

//go:embed *.json
var files embed.FS

// Spec is what the seed names for one provider.
type Spec struct {
	Provider    string                `json:"provider"`
	Config      Config                `json:"config"`
	BlockNames  map[string]string     `json:"blockNames,omitempty"`
	Resources   map[string]Resource   `json:"resources"`
	DataSources map[string]DataSource `json:"dataSources"`
}

// Config is the provider configuration.
type Config struct {
	Fields  []string          `json:"fields"`
	Secrets []string          `json:"secrets,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
}

// Resource is one resource, keyed by its Terraform name without the
// provider prefix.
type Resource struct {
	Token    string   `json:"token"`
	Fields   []string `json:"fields"`
	Required []string `json:"required,omitempty"`
	Replaces []string `json:"replaces,omitempty"`
	Entries  []string `json:"entries,omitempty"`
	Note     string   `json:"note,omitempty"`
}

// DataSource is one data source (a Pulumi function), keyed by its Terraform
// name without the provider prefix.
type DataSource struct {
	Token    string   `json:"token"`
	Inputs   []string `json:"inputs,omitempty"`
	Outputs  []string `json:"outputs"`
	Required []string `json:"required,omitempty"`
}

// Fields are the inputs and the outputs, each once, sorted.
func (d DataSource) Fields() []string {
	all := append(slices.Clone(d.Inputs), d.Outputs...)
	sort.Strings(all)
	return slices.Compact(all)
}

// Load reads <provider>.json, refusing unknown keys so that a misspelt key
// does not silently drop a check.
func Load(provider string) (*Spec, error) {
	raw, err := files.ReadFile(provider + ".json")
	if err != nil {
		return nil, fmt.Errorf("seedspec: no spec for %q: %w", provider, err)
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	var s Spec
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("seedspec: %s.json: %w", provider, err)
	}
	if s.Provider != provider {
		return nil, fmt.Errorf("seedspec: %s.json names the provider %q", provider, s.Provider)
	}
	return &s, nil
}

// MustLoad is Load for tests: it panics on an error.
func MustLoad(provider string) *Spec {
	s, err := Load(provider)
	if err != nil {
		panic(err)
	}
	return s
}

// TerraformType is the Terraform type name of a resource or data source key.
func (s *Spec) TerraformType(key string) string { return s.Provider + "_" + key }

// TerraformName is the Terraform attribute name of a seed field: its snake
// case, or the block name given in blockNames when the schema has that
// block (has reports whether the schema has a name).
func (s *Spec) TerraformName(field string, has func(string) bool) string {
	if b, ok := s.BlockNames[field]; ok && has(b) {
		return b
	}
	return Snake(field)
}

// Snake turns a camelCase name into snake_case: productUid -> product_uid.
func Snake(camel string) string {
	var b strings.Builder
	for i, r := range camel {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
