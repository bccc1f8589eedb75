package netfab_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
)

// The provider plugin is found in the plugin cache that `pulumi plugin
// install resource netfab <version> --file <binary>` filled (what make
// install runs), not on PATH: a broken pulumi-resource-netfab first on PATH
// changes nothing.
func TestPluginFromCache(t *testing.T) {
	t.Parallel()
	url, _ := startSandbox(t)
	cli := pulumitest.New(t, "netfab")

	var plugins []struct {
		Name    string `json:"name"`
		Kind    string `json:"kind"`
		Version string `json:"version"`
	}
	cli.RunJSON(t.TempDir(), &plugins, "plugin", "ls", "--json")
	found := false
	for _, p := range plugins {
		found = found || (p.Kind == "resource" && p.Name == "netfab" && p.Version == pulumitest.PluginVersion("netfab"))
	}
	if !found {
		t.Fatalf("netfab %s is not in the plugin cache: %+v", pulumitest.PluginVersion("netfab"), plugins)
	}

	decoy := t.TempDir()
	if err := os.WriteFile(filepath.Join(decoy, "pulumi-resource-netfab"), []byte("#!/bin/sh\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cli.Setenv("PATH", decoy+string(os.PathListSeparator)+cli.Env()["PATH"])
	dir := t.TempDir()
	program := `name: netfab-plugin-cache
runtime: yaml
variables:
  sy1:
    fn::invoke:
      function: netfab:index/getLocation:getLocation
      arguments:
        name: Equinix SY1
outputs:
  metro: ${sy1.metro}
`
	if err := os.WriteFile(filepath.Join(dir, "Pulumi.yaml"), []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	cli.InitStack(dir, "dev", configFromEnv(cli, url))
	cli.Up(dir)
	if out := cli.Outputs(dir); out["metro"] != "Sydney" {
		t.Errorf("outputs %s", mustJSON(out))
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
