package orch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

const kubeconfig = `apiVersion: v1
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

func clusterCloudConfig(name, path, storageClass string) string {
	return fmt.Sprintf(`
resource "orch_cluster_cloud" "k" {
  name                = %q
  cluster_config      = %q
  parent_cloud_name   = "localhost"
  parent_cloud_region = "localhost"
  storage_class_name  = %q
}
`, name, path, storageClass)
}

func TestAccClusterCloud_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := orchacc.UniqueName(t, "")
	path := filepath.Join(t.TempDir(), "kubeconfig")
	require.NoError(t, os.WriteFile(path, []byte(kubeconfig), 0o600))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: clusterCloudConfig(name, path, "standard"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_cluster_cloud.k", tfjsonpath.New("credential"), knownvalue.StringExact(name)),
				},
			},
			{
				Config:           clusterCloudConfig(name, path, "standard"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config:                  clusterCloudConfig(name, path, "standard"),
				ResourceName:            "orch_cluster_cloud.k",
				ImportState:             true,
				ImportStateId:           name,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"cluster_config"},
			},
			// Every change replaces the cloud (it has no update).
			{
				Config: clusterCloudConfig(name, path, "fast"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_cluster_cloud.k", plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
			{
				Config: clusterCloudConfig(name, path, "fast"),
				PreConfig: func() {
					require.NoError(t, orchAPI.RemoveCloud(context.Background(), name))
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_cluster_cloud.k", plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

func TestAccClusterCloud_badInput(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      clusterCloudConfig(orchacc.UniqueName(t, ""), filepath.Join(t.TempDir(), "missing"), "x"),
				ExpectError: regexp.MustCompile(`cluster_config is the path of a readable cluster config file`),
			},
			{
				Config:        clusterCloudConfig("k", "/x", "x"),
				ResourceName:  "orch_cluster_cloud.k",
				ImportState:   true,
				ImportStateId: "bad/name",
				ExpectError:   regexp.MustCompile(`(?s)is\s+not\s+of\s+the\s+shape\s+<cloud_name>`),
			},
		},
	})
}

// In hub mode a cluster cloud goes on a controller
// that has its parent cloud, for a service account with can_addmodel there,
// which can then add a model on it.
func TestAccClusterCloud_hubMode(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	ctx := context.Background()
	id, secret := orchacc.NewServiceAccount(t, orchacc.HubAdmin, "k8s")
	grant := []hubapi.Tuple{{Object: hubapi.ServiceAccountObject(id), Relation: hubapi.AccessCanAddModel, Target: hubapi.CloudTarget("localhost")}}
	require.NoError(t, orchacc.HubAdmin.ChangeRelations(ctx, grant, nil))
	t.Cleanup(func() { _ = orchacc.HubAdmin.ChangeRelations(ctx, nil, grant) })
	name := orchacc.UniqueName(t, "")
	config := orchacc.HubProvider(orchacc.HubAddress, "", id, secret) + fmt.Sprintf(`
resource "orch_cluster_cloud" "k" {
  name                          = %[1]q
  parent_cloud_name             = "localhost"
  skip_service_account_creation = true
}
resource "orch_model" "m" {
  name = %[1]q
  cloud {
    name = orch_cluster_cloud.k.name
  }
}
`, name)
	onControllers := func() int {
		n := 0
		for _, c := range []*client.Client{orchAPI, orchacc.WestAPI} {
			if _, err := c.Cloud(ctx, name); err == nil {
				n++
			}
		}
		return n
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			if n := onControllers(); n != 0 {
				return fmt.Errorf("cloud %s still on %d controllers", name, n)
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_cluster_cloud.k", tfjsonpath.New("credential"), knownvalue.StringExact(name)),
					statecheck.ExpectKnownValue("orch_model.m", tfjsonpath.New("type"), knownvalue.StringExact("caas")),
				},
				Check: func(*terraform.State) error {
					require.Equal(t, 1, onControllers(), "the cloud is on one controller")
					return nil
				},
			},
			{Config: config, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{ResourceName: "orch_cluster_cloud.k", ImportState: true, ImportStateId: name, ImportStateVerify: true},
		},
	})
}

// Importing a cluster cloud with its documented configuration plans no
// replacement: the cluster config (a local path) is not imported, and the
// first apply only records it; the cloud and its credential stay.
func TestAccClusterCloud_importNoReplacement(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := orchacc.UniqueName(t, "")
	path := filepath.Join(t.TempDir(), "kubeconfig")
	require.NoError(t, os.WriteFile(path, []byte(kubeconfig), 0o600))
	_, err := orchAPI.AddCloud(context.Background(), api.CreateCloudRequest{Name: name, Type: api.CloudTypeKubernetes,
		Kubernetes: &api.CreateKubernetesCloud{Config: kubeconfig, ParentCloudName: "localhost", ParentCloudRegion: "localhost", StorageClassName: "standard"}})
	require.NoError(t, err)
	cfg := clusterCloudConfig(name, path, "standard")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: cfg, ResourceName: "orch_cluster_cloud.k", ImportState: true, ImportStateId: name, ImportStatePersist: true},
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_cluster_cloud.k", plancheck.ResourceActionUpdate),
				}},
			},
			{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// TestAccClusterCloud_kubernetesConfig: upstream's kubernetes_config, the
// kubeconfig's content (as every upstream configuration passes it, with
// file()), beside the seed's cluster_config path; not both.
func TestAccClusterCloud_kubernetesConfig(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := orchacc.UniqueName(t, "")
	config := func(storageClass string) string {
		return fmt.Sprintf(`
resource "orch_cluster_cloud" "k" {
  name                = %q
  kubernetes_config   = %q
  parent_cloud_name   = "localhost"
  parent_cloud_region = "localhost"
  storage_class_name  = %q
}
`, name, kubeconfig, storageClass)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: fmt.Sprintf(`
resource "orch_cluster_cloud" "k" {
  name              = %q
  kubernetes_config = %q
  cluster_config    = "/some/path"
}
`, name, kubeconfig),
				ExpectError: regexp.MustCompile(`(?s)Invalid Attribute Combination.*cluster_config`),
			},
			{
				Config: config("standard"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_cluster_cloud.k", tfjsonpath.New("credential"), knownvalue.StringExact(name)),
				},
				Check: func(*terraform.State) error {
					c, err := orchAPI.Cloud(context.Background(), name)
					require.NoError(t, err)
					require.Equal(t, "https://10.1.2.3:6443", c.Endpoint)
					return nil
				},
			},
			{
				Config:           config("standard"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config:                  config("standard"),
				ResourceName:            "orch_cluster_cloud.k",
				ImportState:             true,
				ImportStateId:           name,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"kubernetes_config"},
			},
			{
				Config: strings.Replace(config("standard"), "10.1.2.3", "10.1.2.4", 1),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_cluster_cloud.k", plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
		},
	})
}
