package orch_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	"github.com/iacsuite/providers/bridge/orch"
)

// importKubeconfig is the cluster config the ClusterCloud case reads.
const importKubeconfig = `apiVersion: v1
kind: Config
clusters:
- name: test
  cluster:
    server: https://10.1.2.3:6443
users:
- name: admin
  user:
    client-certificate-data: Y2VydA==
    client-key-data: a2V5
contexts:
- name: test
  context:
    cluster: test
    user: admin
current-context: test
`

// importCases: one per resource of the provider (TestImportEveryResource
// fails for a resource without one). Each creates the resource in the
// program that is then forgotten (referring to other cases by name, as
// ${model.uuid}), and names the import ID of its Terraform docs
// (docs/orch/resources/<name>.md, "Import"). {{kubeconfig}} in Properties
// is the path of a kubeconfig file.
var importCases = map[string]pulumitest.ImportCase{
	"orch_cloud": {
		Name: "lab",
		Properties: `
			name: lab
			type: lxd
			authTypes: [certificate, interactive]
			endpoint: https://10.0.0.1:8443
			regions:
			  - name: rack-1
			  - name: rack-2
			    endpoint: https://10.0.1.1:8443`,
		ID: func(o pulumitest.Outputs) string { return o.S("name") }, // <cloud_name>
	},
	"orch_cluster_cloud": {
		Name: "k8s",
		Properties: `
			name: k8s
			clusterConfig: {{kubeconfig}}
			parentCloudName: localhost
			parentCloudRegion: localhost
			storageClassName: standard`,
		ID: func(o pulumitest.Outputs) string { return o.S("name") }, // <cloud_name>
	},
	"orch_credential": {
		Name: "labCredential",
		Properties: `
			name: lab
			authType: certificate
			clouds:
			  - name: ${lab.name}
			attributes:
			  client-cert: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"
			  client-key: key-one`,
		// <credential_name>:<cloud_name>:<is_client_credential>:<is_controller_credential>
		ID: func(o pulumitest.Outputs) string {
			clouds, _ := o["clouds"].([]any)
			var cloud pulumitest.Outputs
			if len(clouds) == 1 {
				cloud, _ = clouds[0].(map[string]any)
			}
			return o.S("name") + ":" + cloud.S("name") + ":" + o.S("clientCredential") + ":" + o.S("controllerCredential")
		},
	},
	"orch_model": {
		Name: "development",
		Properties: `
			name: development
			clouds:
			  - name: localhost
			    region: localhost
			config:
			  logging-config: <root>=INFO`,
		ID: func(o pulumitest.Outputs) string { return o.S("uuid") }, // <model_uuid>
	},
	"orch_application": {
		Name: "database",
		Properties: `
			modelUuid: ${development.uuid}
			name: mysql
			charms:
			  - name: mysql
			units: 1`,
		ID: func(o pulumitest.Outputs) string { return o.S("modelUuid") + ":" + o.S("name") }, // <model_uuid>:<name>
	},
	// The second application the integration and the secret grant need.
	"orch_application#blog": {
		Name: "blog",
		Properties: `
			modelUuid: ${development.uuid}
			name: wordpress
			charms:
			  - name: wordpress
			units: 2
			config:
			  tuning: optimized`,
		ID: func(o pulumitest.Outputs) string { return o.S("modelUuid") + ":" + o.S("name") },
	},
	"orch_integration": {
		Name: "db",
		Properties: `
			modelUuid: ${development.uuid}
			applications:
			  - name: ${blog.name}
			    endpoint: db
			  - name: ${database.name}`,
		// <model_uuid>:wordpress:db:mysql:mysql
		ID: func(o pulumitest.Outputs) string { return o.S("modelUuid") + ":wordpress:db:mysql:mysql" },
	},
	"orch_machine": {
		Name: "web",
		Properties: `
			modelUuid: ${development.uuid}
			name: web
			base: ubuntu@22.04
			constraints: cores=2 mem=4G
			annotations:
			  role: web`,
		// <model_uuid>:<machine_id>:<machine_name>
		ID: func(o pulumitest.Outputs) string {
			return o.S("modelUuid") + ":" + o.S("machineId") + ":" + o.S("name")
		},
	},
	"orch_offer": {
		Name: "mysqlOffer",
		Properties: `
			modelUuid: ${database.modelUuid}
			applicationName: ${database.name}
			endpoints: [mysql]`,
		ID: func(o pulumitest.Outputs) string { return o.S("url") }, // <owner>/<model_name>.<offer_name>
	},
	"orch_secret": {
		Name: "dbPassword",
		Properties: `
			modelUuid: ${development.uuid}
			name: db-password
			value:
			  password: s3cret-one
			info: password of the application database`,
		ID: func(o pulumitest.Outputs) string { return o.S("modelUuid") + ":" + o.S("name") }, // <model_uuid>:<name>
	},
	"orch_access_secret": {
		Name: "dbPasswordAccess",
		Properties: `
			modelUuid: ${development.uuid}
			secretId: ${dbPassword.secretId}
			applications: ["${blog.name}"]`,
		ID: func(o pulumitest.Outputs) string { return o.S("modelUuid") + ":" + o.S("secretId") }, // <model_uuid>:<secret_id>
	},
}

// Every orch resource imports with `pulumi import` by its Terraform import
// ID; the generated YAML is the program of the imported stack, with an
// empty preview; destroy then deletes what was imported.
func TestImportEveryResource(t *testing.T) {
	t.Parallel()
	address, _ := startController(t)
	cli := pulumitest.New(t, "orch")
	kubeconfig := filepath.Join(t.TempDir(), "kubeconfig.yaml")
	if err := os.WriteFile(kubeconfig, []byte(importKubeconfig), 0o600); err != nil {
		t.Fatal(err)
	}
	suite := pulumitest.ImportSuite{
		Package:   "orch",
		Resources: pulumitest.ResourceTokens(orch.Provider()),
		Cases:     importCases,
		Vars:      map[string]string{"{{kubeconfig}}": kubeconfig},
		Configure: func(cli *pulumitest.CLI, dir string) {
			cli.Run(dir, "config", "set", "orch:controllerAddresses", address)
			cli.Run(dir, "config", "set", "orch:username", "admin")
			cli.Run(dir, "config", "set", "--secret", "orch:password", testPassword)
		},
	}
	suite.Run(t, cli, nil)
}

// Every resource of the provider has an import case, checked without the
// CLI so that a new resource without one fails even where the CLI is
// missing.
func TestImportCasesCoverEveryResource(t *testing.T) {
	pulumitest.ImportSuite{
		Package:   "orch",
		Resources: pulumitest.ResourceTokens(orch.Provider()),
		Cases:     importCases,
	}.CheckCases(t)
}
