package orch

import (
	"fmt"
	"testing"

	"github.com/iacsuite/providers/internal/acctest"
)

// The identities of the users, access and SSH key resources (issue 26),
// with acctest.TestIdentity (Terraform 1.12+).
func TestAccIdentityAccounts(t *testing.T) {
	accPreCheck(t)
	const absentUUID = `"0b7e2a55-5d3c-4a44-9a7e-2f8f6c1d9e01"`
	cases := map[string]acctest.IdentityCase{
		"orch_access_model": {
			Config: func(t *testing.T) string {
				m := newModel(t, orchAPI, uniqueName(t, ""))
				return fmt.Sprintf(`
resource "orch_user" "u" {
  name     = %q
  password = "identity-password"
}
resource "orch_access_model" "test" {
  model_uuid = %q
  access     = "read"
  users      = [orch_user.u.name]
}`, uniqueName(t, "u"), m.UUID)
			},
			Attributes: []string{"model_uuid", "access"},
			Absent:     map[string]string{"model_uuid": absentUUID, "access": `"read"`},
			Malformed: map[string][2]string{
				"model_uuid": {`"not-a-uuid"`, `a model UUID`},
				"access":     {`"superuser"`, `read, write or admin`},
			},
		},
		"orch_access_offer": {
			Config: func(t *testing.T) string {
				m := newModel(t, orchAPI, uniqueName(t, ""))
				return fmt.Sprintf(`
resource "orch_user" "u" {
  name     = %q
  password = "identity-password"
}
resource "orch_application" "mysql" {
  model_uuid = %q
  name       = "mysql"
  charm {
    name = "mysql"
  }
}
resource "orch_offer" "o" {
  model_uuid       = orch_application.mysql.model_uuid
  application_name = orch_application.mysql.name
  endpoints        = ["mysql"]
}
resource "orch_access_offer" "test" {
  offer_url = orch_offer.o.url
  consume   = [orch_user.u.name]
}`, uniqueName(t, "u"), m.UUID)
			},
			Attributes: []string{"offer_url"},
			Absent:     map[string]string{"offer_url": `"admin/nowhere.nothing"`},
			Malformed:  map[string][2]string{"offer_url": {`"no-url"`, `an offer URL`}},
		},
		"orch_ssh_key": {
			Config: func(t *testing.T) string {
				return fmt.Sprintf(`
resource "orch_ssh_key" "test" {
  model_uuid = %q
  payload    = %q
}`, newModel(t, orchAPI, uniqueName(t, "")).UUID, testKey)
			},
			Attributes: []string{"id"},
			Absent:     map[string]string{"id": `"sshkey:0b7e2a55-5d3c-4a44-9a7e-2f8f6c1d9e01:` + testKeyMD5 + `"`},
			Malformed:  map[string][2]string{"id": {`"sshkey:x"`, `sshkey:<model_uuid>`}},
		},
	}
	acctest.TestIdentity(t, protoV6ProviderFactories, cases)
}
