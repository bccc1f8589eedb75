package orch

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"testing"

	fwresource "github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/iacsuite/providers/internal/acctest"
	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
)

// Every resource has an identity, the parts of its import ID
// (acctest.TestIdentity, Terraform 1.12+); the objects are those of the
// import cases (TestAccImportGeneratedConfig), but for the machine, the
// controller and the hub controller's grants.
func TestAccIdentity(t *testing.T) {
	accPreCheck(t)
	const (
		absentUUID = `"7b1c9e40-3f0a-4d2b-9c55-1e8f0a6b2d93"`
		modelUUID  = `a model UUID \(such as`
		appName    = `an application name \(lower-case letters`
	)
	// A CLI of the test's own, which knows no controller but the one the
	// case bootstraps.
	binary, _ := orchBinaryFor(t)
	cases := map[string]acctest.IdentityCase{
		"orch_model": {
			// The import records no config entries and no cloud block (the
			// resource's description): the configuration has neither.
			Config: func(t *testing.T) string {
				return fmt.Sprintf("resource \"orch_model\" \"test\" {\n  name = %q\n}\n", orchacc.UniqueName(t, ""))
			},
			Attributes: []string{"uuid"},
			Absent:     map[string]string{"uuid": absentUUID},
			Malformed:  map[string][2]string{"uuid": {`"production"`, modelUUID}},
		},
		"orch_machine": {
			// An import by identity names the machine machine-<machine_id>
			// (the name is Terraform's alone): the configuration leaves it out.
			Config: func(t *testing.T) string {
				return fmt.Sprintf(`
resource "orch_machine" "test" {
  model_uuid  = %q
  base        = "ubuntu@22.04"
  constraints = "cores=2 mem=4G"
}
`, newModel(t, orchAPI, orchacc.UniqueName(t, "")).UUID)
			},
			Attributes: []string{"model_uuid", "machine_id"},
			Absent:     map[string]string{"model_uuid": absentUUID, "machine_id": `"0"`},
			Malformed: map[string][2]string{
				"model_uuid": {`"m"`, modelUUID},
				"machine_id": {`"web-0"`, `a machine ID \(a number, or a container such as 0/lxd/1\)`},
			},
		},
		"orch_application": {
			Attributes: []string{"model_uuid", "name"},
			Absent:     map[string]string{"model_uuid": absentUUID, "name": `"postgresql"`},
			Malformed: map[string][2]string{
				"model_uuid": {`"m"`, modelUUID},
				"name":       {`"Postgres_1"`, appName},
			},
		},
		"orch_integration": {
			Attributes: []string{"model_uuid", "first_application", "first_endpoint", "second_application", "second_endpoint"},
			Absent: map[string]string{"model_uuid": absentUUID, "first_application": `"wordpress"`, "first_endpoint": `"db"`,
				"second_application": `"mysql"`, "second_endpoint": `"mysql"`},
			Malformed: map[string][2]string{
				"model_uuid":         {`"m"`, modelUUID},
				"first_application":  {`"Word_Press"`, `an application name \(such as wordpress\)`},
				"first_endpoint":     {`"DB"`, `an endpoint name \(such as db\)`},
				"second_application": {`"my sql"`, `an application name \(such as wordpress\)`},
				"second_endpoint":    {`"-db"`, `an endpoint name \(such as db\)`},
			},
			StatePaths: map[string]tfjsonpath.Path{
				"first_application":  tfjsonpath.New("application").AtSliceIndex(0).AtMapKey("name"),
				"first_endpoint":     tfjsonpath.New("application").AtSliceIndex(0).AtMapKey("endpoint"),
				"second_application": tfjsonpath.New("application").AtSliceIndex(1).AtMapKey("name"),
				"second_endpoint":    tfjsonpath.New("application").AtSliceIndex(1).AtMapKey("endpoint"),
			},
		},
		"orch_offer": {
			Attributes: []string{"url"},
			Absent:     map[string]string{"url": `"admin/absent-model.mysql"`},
			Malformed:  map[string][2]string{"url": {`"mysql"`, `an offer URL <owner>/<model>.<offer> \(such as admin/production.mysql\)`}},
		},
		"orch_action": {
			Attributes: []string{"model_uuid", "application_name", "action_name", "action_id"},
			Absent: map[string]string{"model_uuid": absentUUID, "application_name": `"src"`, "action_name": `"echo"`,
				"action_id": `"99"`},
			Malformed: map[string][2]string{
				"model_uuid":       {`"m"`, modelUUID},
				"application_name": {`"Src"`, appName},
				"action_name":      {`""`, `an action name \(such as get-password\)`},
				"action_id":        {`"x1"`, `a task ID \(a number such as 4\)`},
			},
		},
		"orch_secret": {
			Attributes: []string{"model_uuid", "secret_id"},
			Absent:     map[string]string{"model_uuid": absentUUID, "secret_id": `"d1a4kp7emr2s6f3u9c0b"`},
			Malformed: map[string][2]string{
				"model_uuid": {`"m"`, modelUUID},
				"secret_id":  {`"db-password"`, `a secret ID \(20 lower-case letters and digits`},
			},
		},
		"orch_access_secret": {
			// The secret of accessSecretConfig, whose applications this
			// resource alone grants.
			Config: func(t *testing.T) string {
				cfg := accessSecretConfig(newModel(t, orchAPI, orchacc.UniqueName(t, "")).UUID, "[orch_application.a.name, orch_application.b.name]")
				return strings.Replace(cfg, `"orch_access_secret" "s"`, `"orch_access_secret" "test"`, 1)
			},
			Attributes: []string{"model_uuid", "secret_id"},
			Absent:     map[string]string{"model_uuid": absentUUID, "secret_id": `"d1a4kp7emr2s6f3u9c0b"`},
			Malformed: map[string][2]string{
				"model_uuid": {`"m"`, modelUUID},
				"secret_id":  {`"secret:d1a4"`, `a secret ID \(20 lower-case letters and digits`},
			},
		},
		"orch_cloud": {
			Attributes: []string{"name"},
			Absent:     map[string]string{"name": `"absent-cloud"`},
			Malformed:  map[string][2]string{"name": {`"-maas"`, `a cloud name \(letters, digits`}},
		},
		"orch_cluster_cloud": {
			Attributes: []string{"name"},
			Absent:     map[string]string{"name": `"absent-cluster"`},
			Malformed:  map[string][2]string{"name": {`"my k8s"`, `a cloud name \(letters, digits`}},
			Records:    "cluster_config",
		},
		"orch_credential": {
			Attributes: []string{"name", "cloud_name"},
			Absent:     map[string]string{"name": `"absent-creds"`, "cloud_name": `"localhost"`},
			Malformed: map[string][2]string{
				"name":       {`"-creds"`, `a credential name \(letters, digits`},
				"cloud_name": {`"local host"`, `a cloud name \(letters, digits`},
			},
			StatePaths: map[string]tfjsonpath.Path{"cloud_name": tfjsonpath.New("cloud").AtSliceIndex(0).AtMapKey("name")},
		},
		"orch_controller": {
			Config: func(t *testing.T) string {
				return controllerIdentityConfig(binary, orchacc.UniqueName(t, ""))
			},
			Attributes: []string{"orch_binary", "name"},
			Absent:     map[string]string{"orch_binary": fmt.Sprintf("%q", binary), "name": `"absent-controller"`},
			Malformed: map[string][2]string{
				"orch_binary": {`" orch"`, `a path to the orch binary`},
				"name":        {`"My_Controller"`, `a controller name \(lower-case letters, digits and hyphens`},
			},
		},
		"orch_hub_group": {
			Attributes: []string{"uuid"},
			Absent:     map[string]string{"uuid": absentUUID},
			Malformed:  map[string][2]string{"uuid": {`"devops-team"`, `a group UUID \(such as`}},
		},
		"orch_hub_role": {
			Attributes: []string{"uuid"},
			Absent:     map[string]string{"uuid": absentUUID},
			Malformed:  map[string][2]string{"uuid": {`"devops-team"`, `a role UUID \(such as`}},
		},
		"orch_hub_controller": {
			Attributes: []string{"name"},
			Absent:     map[string]string{"name": `"absent-controller"`},
			Malformed:  map[string][2]string{"name": {`"-east"`, `a controller name \(letters, digits`}},
			Records:    "password",
		},
		"orch_hub_access_cloud": {
			Attributes: []string{"cloud_name", "access"},
			Absent:     map[string]string{"cloud_name": `"absent-cloud"`, "access": `"can_addmodel"`},
			Malformed: map[string][2]string{
				"cloud_name": {`"-cloud"`, `a cloud name \(such as localhost\)`},
				"access":     {`"owner"`, `an access level, one of administrator, can_addmodel`},
			},
		},
		"orch_hub_access_group": {
			Attributes: []string{"group_id", "access"},
			Absent:     map[string]string{"group_id": absentUUID, "access": `"member"`},
			Malformed: map[string][2]string{
				"group_id": {`"admins"`, `a UUID \(such as`},
				"access":   {`"assignee"`, `an access level, one of member`},
			},
		},
		"orch_hub_access_role": {
			Attributes: []string{"role_id", "access"},
			Absent:     map[string]string{"role_id": absentUUID, "access": `"assignee"`},
			Malformed: map[string][2]string{
				"role_id": {`"admins"`, `a UUID \(such as`},
				"access":  {`"member"`, `an access level, one of assignee`},
			},
		},
		"orch_hub_access_controller": {
			// A hub of its own: the resource holds every administrator of it.
			Config: func(t *testing.T) string {
				addr, _ := orchacc.ServeHub(sandboxtest.TB(t), nil)
				return hubAccessControllerIdentityConfig(addr)
			},
			Attributes:  []string{"access"},
			Absent:      map[string]string{"access": `"administrator"`},
			NeverAbsent: "the hub's administrator always holds its administrator access",
			Malformed:   map[string][2]string{"access": {`"owner"`, `an access level, one of administrator`}},
		},
		"orch_hub_access_model": {
			Attributes: []string{"model_uuid", "access"},
			Absent:     map[string]string{"model_uuid": absentUUID, "access": `"reader"`},
			Malformed: map[string][2]string{
				"model_uuid": {`"development"`, `a UUID \(such as`},
				"access":     {`"read"`, `an access level, one of reader, writer, administrator`},
			},
		},
		"orch_hub_access_offer": {
			Attributes: []string{"offer_url", "access"},
			Absent:     map[string]string{"offer_url": `"admin/nowhere.db"`, "access": `"reader"`},
			Malformed: map[string][2]string{
				"offer_url": {`"nowhere"`, `an offer URL <owner>/<model>.<offer> \(such as`},
				"access":    {`"consume"`, `an access level, one of reader, consumer, administrator`},
			},
		},
		// Issue 26: users, access to models and offers, SSH keys.
		"orch_user": {
			Attributes: []string{"name"},
			Absent:     map[string]string{"name": `"nobody-here"`},
			Malformed:  map[string][2]string{"name": {`"-bad-"`, `a user name`}},
			Records:    "password",
		},
		"orch_access_model": {
			Attributes: []string{"model_uuid", "access"},
			Absent:     map[string]string{"model_uuid": absentUUID, "access": `"read"`},
			Malformed: map[string][2]string{
				"model_uuid": {`"not-a-uuid"`, `a model UUID`},
				"access":     {`"superuser"`, `read, write or admin`},
			},
		},
		"orch_access_offer": {
			Attributes: []string{"offer_url"},
			Absent:     map[string]string{"offer_url": `"admin/nowhere.nothing"`},
			Malformed:  map[string][2]string{"offer_url": {`"no-url"`, `an offer URL`}},
		},
		"orch_storage_pool": {
			Attributes: []string{"id"},
			Absent:     map[string]string{"id": `"7b1c9e40-3f0a-4d2b-9c55-1e8f0a6b2d93:nothing"`},
			Malformed:  map[string][2]string{"id": {`"fast"`, `<model_uuid>:<pool_name>`}},
		},
		"orch_space": {
			Attributes: []string{"id"},
			Absent:     map[string]string{"id": `"7b1c9e40-3f0a-4d2b-9c55-1e8f0a6b2d93:nothing"`},
			Malformed:  map[string][2]string{"id": {`"public"`, `<model_uuid>:<space name>`}},
		},
		"orch_subnet": {
			Attributes: []string{"id"},
			Absent:     map[string]string{"id": `"7b1c9e40-3f0a-4d2b-9c55-1e8f0a6b2d93:10.150.1.0/24"`},
			Malformed:  map[string][2]string{"id": {`"10.150.1.0/24"`, `<model_uuid>:<cidr>`}},
		},
		"orch_secret_backend": {
			Attributes: []string{"name"},
			Absent:     map[string]string{"name": `"nowhere"`},
			Malformed:  map[string][2]string{"name": {`"-vault"`, `a secret backend name`}},
		},
		"orch_ssh_key": {
			Attributes: []string{"id"},
			Absent:     map[string]string{"id": `"sshkey:7b1c9e40-3f0a-4d2b-9c55-1e8f0a6b2d93:` + testKeyMD5 + `"`},
			Malformed:  map[string][2]string{"id": {`"sshkey:x"`, `sshkey:<model_uuid>`}},
		},
	}
	imports := maps.Clone(importCases)
	maps.Copy(imports, hubImportCases())
	for typ, c := range cases {
		ic, ok := imports[typ]
		if !ok {
			t.Fatalf("%s has no import case", typ)
		}
		if c.Config == nil {
			c.Config = func(t *testing.T) string { return ic.ProviderConfig + ic.Config(t) }
		}
		cases[typ] = c
	}
	for _, r := range resources {
		var meta fwresource.MetadataResponse
		r().Metadata(context.Background(), fwresource.MetadataRequest{ProviderTypeName: "orch"}, &meta)
		if _, ok := cases[meta.TypeName]; !ok {
			t.Errorf("%s has no identity case", meta.TypeName)
		}
	}
	acctest.TestIdentity(t, orchacc.ProviderFactories, cases)
}

func hubAccessControllerIdentityConfig(hub string) string {
	return orchacc.HubProvider(hub, "", hubapi.DefaultAdminClientID, orchacc.HubAdminSecret) + fmt.Sprintf(`
resource "orch_hub_access_controller" "test" {
  access           = "administrator"
  users            = ["dave@example.com"]
  service_accounts = [%q]
}
`, hubapi.DefaultAdminClientID)
}
