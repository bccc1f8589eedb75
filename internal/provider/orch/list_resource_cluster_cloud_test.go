package orch

import (
	"context"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	cliapi "github.com/iacsuite/providers/internal/api/orchcli"
	"github.com/iacsuite/providers/internal/client/orchcli"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

func TestAccClusterCloudControllerList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	k8s := orchacc.UniqueName(t, "k8s")
	_, err := orchAPI.AddCloud(ctx, api.CreateCloudRequest{Name: k8s, Type: api.CloudTypeKubernetes,
		Kubernetes: &api.CreateKubernetesCloud{Config: kubeconfig, ParentCloudName: "localhost", ParentCloudRegion: "localhost", StorageClassName: "standard"}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = orchAPI.RemoveCloud(context.Background(), k8s) })
	binary, _ := orchBinaryFor(t)
	det, err := orchcli.New(binary).Bootstrap(ctx, orchcli.BootstrapRequest{
		Name:         "listed",
		Cloud:        cliapi.CloudSpec{Name: "localhost", Type: "lxd", AuthTypes: []string{"certificate"}},
		Credential:   cliapi.CredentialSpec{Name: "ops", AuthType: "certificate", Attributes: map[string]string{"client-cert": "c", "client-key": "k"}},
		ModelDefault: map[string]string{"development": "true"},
	})
	require.NoError(t, err)
	cli := `orch_binary = "` + binary + `"`
	ctrl := orchacc.IDs("orch_binary", binary, "name", "listed")
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_cluster_cloud", "k8s", true, `name = "`+k8s+`"`)+
			acctest.ListBlock("orch_cluster_cloud", "elsewhere", false, `name = "`+k8s+`"`+"\nparent_cloud_name = \"maas\""),
		acctest.ExpectIdentities("orch_cluster_cloud.k8s", orchacc.IDs("name", k8s)),
		orchacc.Known("orch_cluster_cloud.k8s", orchacc.IDs("name", k8s), map[string]knownvalue.Check{
			"parent_cloud_name": knownvalue.StringExact("localhost"), "storage_class_name": knownvalue.StringExact("standard"),
			"cluster_config": knownvalue.Null(), "kubernetes_config": knownvalue.Null(), "skip_service_account_creation": knownvalue.Bool(false),
		}),
		acctest.ExpectIdentities("orch_cluster_cloud.elsewhere"),
	)
	// The controllers of the CLI, with the provider in controller mode (the
	// test is parallel already).
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: `provider "orch" { controller_mode = true }`},
			{Query: true, Config: acctest.ListBlock("orch_controller", "all", true, cli) +
				acctest.ListBlock("orch_controller", "running", false, cli+"\nstatus = \"running\"") +
				acctest.ListBlock("orch_controller", "stopped", false, cli+"\nstatus = \"stopped\"") +
				acctest.ListBlock("orch_controller", "other", false, cli+"\nname = \"other\""),
				QueryResultChecks: slices.Concat(
					acctest.ExpectIdentities("orch_controller.all", ctrl),
					orchacc.Known("orch_controller.all", ctrl, map[string]knownvalue.Check{
						"controller_uuid": knownvalue.StringExact(det.UUID), "agent_version": knownvalue.StringExact(det.AgentVersion),
						"model_default": knownvalue.MapExact(map[string]knownvalue.Check{"development": knownvalue.StringExact("true")}),
						// As an import reads it from the CLI's records.
						"cloud_credential": knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"name": knownvalue.StringExact("ops"), "auth_type": knownvalue.StringExact("certificate"),
							"attributes": knownvalue.MapExact(map[string]knownvalue.Check{"client-cert": knownvalue.StringExact("c"), "client-key": knownvalue.StringExact("k")}),
						}),
					}),
					acctest.ExpectIdentities("orch_controller.running", ctrl),
					acctest.ExpectIdentities("orch_controller.stopped"),
					acctest.ExpectIdentities("orch_controller.other"),
				)},
		},
	})
}
