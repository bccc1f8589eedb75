package orch

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// Every resource is imported as Terraform 1.5+ users do it: an import block
// with the documented ID, `terraform plan -generate-config-out`, apply, and
// an empty plan (internal/workflowtest). A resource without a case here
// fails the test: add one with the resource (Config creates the object as
// "<type>.test"; Add only for what the docs' Import section asks to add).
func TestAccImportGeneratedConfig(t *testing.T) {
	accPreCheck(t)
	cases := maps.Clone(importCases)
	maps.Copy(cases, hubImportCases())
	workflowtest.TestImports(t, workflowtest.Provider{Name: "orch", New: New("test"), ByIdentity: true}, cases)
}

var importCases = map[string]workflowtest.ImportCase{
	"orch_action": {
		Config: func(t *testing.T) string {
			m := deployForActions(t, "src", "juju-qa-dummy-source", 2)
			return strings.Replace(actionResourceConfig(m.UUID, "src", "echo", "src/leader", `value = "ciao"`), `"this"`, `"test"`, 1)
		},
		ID: workflowtest.IDFrom("%s", "id"),
	},
	"orch_controller": {
		ProviderConfig: "provider \"orch\" {\n  controller_mode = true\n}\n",
		Config: func(t *testing.T) string {
			binary, _ := orchBinaryFor(t)
			hcl := controllerConfigHCL(binary, orchacc.UniqueName(t, ""), `
  agent_version     = "3.6.11"
  controller_config = { "audit-log-max-backups" = "4" }
  model_default     = { "development" = "true" }
`)
			// The case's provider block comes first.
			_, resourceBlock, _ := strings.Cut(hcl, "}\n")
			return strings.Replace(resourceBlock, `"orch_controller" "c"`, `"orch_controller" "test"`, 1)
		},
		ID:  workflowtest.IDFrom("%s:%s", "orch_binary", "name"),
		Add: `cloud_credential = { name = "ops", auth_type = "certificate", attributes = { client-cert = "cert-data", client-key = "key-data-5e2a" } }`,
	},
	"orch_model": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf(`
resource "orch_model" "test" {
  name = %q
  cloud {
    name   = "localhost"
    region = "localhost"
  }
  config = {
    logging-config              = "<root>=INFO"
    update-status-hook-interval = "5m"
  }
  constraints = "cores=2 mem=4G"
}
`, orchacc.UniqueName(t, ""))
		},
		ID: workflowtest.IDFrom("%s", "uuid"),
	},
	"orch_machine": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf(`
resource "orch_machine" "test" {
  model_uuid  = %q
  name        = "web"
  base        = "ubuntu@22.04"
  constraints = "cores=2 mem=4G"
  annotations = { role = "web" }
}
`, newModel(t, orchAPI, orchacc.UniqueName(t, "")).UUID)
		},
		ID: workflowtest.IDFrom("%s:%s:%s", "model_uuid", "machine_id", "name"),
	},
	"orch_application": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf(`
resource "orch_application" "test" {
  model_uuid = %q
  name       = "postgresql"
  charm {
    name    = "postgresql"
    channel = "14/stable"
    base    = "ubuntu@22.04"
  }
  units       = 2
  constraints = "mem=2G"
  trust       = true
  config      = { plugin_pg_trgm_enable = true }
  expose {
    cidrs = "10.0.0.0/8"
  }
}
`, newModel(t, orchAPI, orchacc.UniqueName(t, "")).UUID)
		},
		ID: workflowtest.IDFrom("%s:%s", "model_uuid", "name"),
		// The generated configuration holds both units and the machines
		// they run on, which exclude each other.
		Add: `machines = null`,
	},
	"orch_integration": {
		Config: func(t *testing.T) string {
			return wordpressAndDatabases(newModel(t, orchAPI, orchacc.UniqueName(t, "")).UUID) +
				`resource "orch_integration" "test" {
  model_uuid = orch_application.wordpress.model_uuid
  application {
    name     = orch_application.wordpress.name
    endpoint = "db"
  }
  application {
    name     = orch_application.mysql.name
    endpoint = "mysql"
  }
}
`
		},
		ID: workflowtest.IDFrom("%s:wordpress:db:mysql:mysql", "model_uuid"),
	},
	"orch_offer": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf(`
resource "orch_application" "mysql" {
  model_uuid = %q
  name       = "mysql"
  charm {
    name = "mysql"
  }
}
resource "orch_offer" "test" {
  model_uuid       = orch_application.mysql.model_uuid
  application_name = orch_application.mysql.name
  endpoints        = ["mysql"]
}
`, newModel(t, orchAPI, orchacc.UniqueName(t, "")).UUID)
		},
		ID: workflowtest.IDFrom("%s", "url"),
	},
	"orch_secret": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf(`
resource "orch_secret" "test" {
  model_uuid = %q
  name       = "db-password"
  value      = { password = "import-s3cret" }
  info       = "password of the application database"
}
`, newModel(t, orchAPI, orchacc.UniqueName(t, "")).UUID)
		},
		ID:  workflowtest.IDFrom("%s:%s", "model_uuid", "name"),
		Add: `value = { password = "import-s3cret" }`,
	},
	"orch_user": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf(`
resource "orch_user" "test" {
  name         = %q
  display_name = "Imported User"
  password     = "import-user-password"
}
`, orchacc.UniqueName(t, "u"))
		},
		// The generated configuration has no password, and needs none: the
		// user keeps the password it has.
		ID: workflowtest.IDFrom("user:%s", "name"),
	},
	"orch_access_model": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf(`
resource "orch_user" "u" {
  name     = %q
  password = "import-user-password"
}
resource "orch_access_model" "test" {
  model_uuid = %q
  access     = "write"
  users      = [orch_user.u.name]
}
`, orchacc.UniqueName(t, "u"), newModel(t, orchAPI, orchacc.UniqueName(t, "")).UUID)
		},
		ID: workflowtest.IDFrom("%s:%s", "model_uuid", "access"),
	},
	"orch_access_offer": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf(`
resource "orch_user" "u" {
  name     = %q
  password = "import-user-password"
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
}
`, orchacc.UniqueName(t, "u"), newModel(t, orchAPI, orchacc.UniqueName(t, "")).UUID)
		},
		ID: workflowtest.IDFrom("%s", "offer_url"),
	},
	"orch_ssh_key": {
		Config: func(t *testing.T) string {
			return sshKeyConfig(newModel(t, orchAPI, orchacc.UniqueName(t, "")).UUID, testKey)
		},
		ID: workflowtest.IDFrom("%s", "id"),
	},
	"orch_space": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf("resource \"orch_space\" \"test\" {\n  model_uuid = %q\n  name       = \"public\"\n}\n", newModel(t, orchAPI, orchacc.UniqueName(t, "")).UUID)
		},
		ID: workflowtest.IDFrom("%s", "id"),
	},
	"orch_subnet": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf(`
resource "orch_space" "public" {
  model_uuid = %q
  name       = "public"
}
resource "orch_subnet" "test" {
  model_uuid = orch_space.public.model_uuid
  cidr       = "10.150.1.0/24"
  space_name = orch_space.public.name
}
`, newModel(t, orchAPI, orchacc.UniqueName(t, "")).UUID)
		},
		ID: workflowtest.IDFrom("%s", "id"),
	},
	"orch_storage_pool": {
		Config: func(t *testing.T) string {
			return storagePoolConfig(newModel(t, orchAPI, orchacc.UniqueName(t, "")).UUID, "fast", "lxd", `{ "zfs.pool_name" = "fast" }`)
		},
		ID: workflowtest.IDFrom("%s", "id"),
	},
	"orch_access_secret": {
		Config: func(t *testing.T) string {
			return accessSecretConfig(newModel(t, orchAPI, orchacc.UniqueName(t, "")).UUID, "[orch_application.a.name]") + `
resource "orch_access_secret" "test" {
  model_uuid   = orch_secret.s.model_uuid
  secret_id    = orch_secret.s.secret_id
  applications = [orch_application.b.name]
}
`
		},
		ID: workflowtest.IDFrom("%s:%s", "model_uuid", "secret_id"),
	},
	"orch_cloud": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf(`
resource "orch_cloud" "test" {
  name       = %q
  type       = "lxd"
  auth_types = ["certificate", "interactive"]
  endpoint   = "https://10.0.0.1:8443"
  regions = [
    { name = "rack-1" },
    { name = "rack-2", endpoint = "https://10.0.1.1:8443" },
  ]
}
`, orchacc.UniqueName(t, ""))
		},
		ID: workflowtest.IDFrom("%s", "name"),
	},
	"orch_credential": {
		Config: func(t *testing.T) string {
			return credentialConfig(orchacc.UniqueName(t, ""), "import-key") + `
resource "orch_credential" "test" {
  name      = "${orch_credential.c.name}-2"
  auth_type = "certificate"
  cloud {
    name = orch_cloud.own.name
  }
  attributes = {
    client-cert = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"
    client-key  = "import-key-2"
  }
}
`
		},
		ID: func(v map[string]any) string {
			cloud := v["cloud"].([]any)[0].(map[string]any)
			return fmt.Sprintf("%s:%s:false:true", v["name"], cloud["name"])
		},
		Add: `attributes = { client-cert = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----", client-key = "import-key-2" }`,
	},
	"orch_secret_backend": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf(`
resource "orch_secret_backend" "test" {
  name                  = %q
  backend_type          = "vault"
  token_rotate_interval = "1h"
  config                = { endpoint = "https://vault.example.com:8200", token = "s.import" }
}
`, orchacc.UniqueName(t, ""))
		},
		ID: workflowtest.IDFrom("%s", "name"),
		// The configuration is sensitive: the generated configuration
		// leaves it out (the resource's Import section).
		Add: `config = { endpoint = "https://vault.example.com:8200", token = "s.import" }`,
	},
	"orch_cluster_cloud": {
		Config: func(t *testing.T) string {
			path := filepath.Join(t.TempDir(), "kubeconfig.yaml")
			if err := os.WriteFile(path, []byte(kubeconfig), 0o600); err != nil {
				t.Fatal(err)
			}
			return fmt.Sprintf(`
resource "orch_cluster_cloud" "test" {
  name                = %q
  cluster_config      = %q
  parent_cloud_name   = "localhost"
  parent_cloud_region = "localhost"
  storage_class_name  = "standard"
}
`, orchacc.UniqueName(t, ""), path)
		},
		ID: workflowtest.IDFrom("%s", "name"),
	},
}
