package cloudnative

import (
	"fmt"
	"testing"

	"github.com/iacsuite/providers/internal/acctest"
)

// Every resource has an identity, the segments of its full name
// (acctest.TestIdentity, Terraform 1.12+); the objects are those of the
// import cases, in a location of their own.
func TestAccIdentity(t *testing.T) {
	accPreCheck(t)
	const segment = `a name segment: 1 to 63 characters`
	absent := map[string]string{
		"project":             fmt.Sprintf("%q", testProject),
		"location":            `"loc-identity"`,
		"import_job_id":       `"no-such-job"`,
		"import_data_file_id": `"no-such-file"`,
	}
	malformed := map[string][2]string{
		"project":             {`"My_Project"`, segment},
		"location":            {`"us central"`, segment},
		"import_job_id":       {`"inventory-"`, segment},
		"import_data_file_id": {`"9-files"`, segment},
	}
	cases := map[string]acctest.IdentityCase{
		"cloudnative_migration_import_job": {
			Attributes: []string{"project", "location", "import_job_id"},
		},
		"cloudnative_migration_import_data_file": {
			Attributes: []string{"project", "location", "import_job_id", "import_data_file_id"},
		},
	}
	for typ, c := range cases {
		ic := importCases[typ]
		c.Config = func(t *testing.T) string { return providerConfig("loc-identity") + ic.Config(t) }
		c.Absent, c.Malformed = map[string]string{}, map[string][2]string{}
		for _, a := range c.Attributes {
			c.Absent[a], c.Malformed[a] = absent[a], malformed[a]
		}
		cases[typ] = c
	}
	acctest.TestIdentity(t, protoV6ProviderFactories, cases)
}
