// Package bridgeinfo turns a short per-provider mapping (a Spec) into the
// pulumi-terraform-bridge ProviderInfo of a Terraform Plugin Framework
// provider, and holds the main functions of its two programs
// (pulumi-tfgen-<p> and pulumi-resource-<p>). Everything a provider shares
// lives here, so bridging one more provider is a mapping file and two
// three-line main packages.
package bridgeinfo

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	pfbridge "github.com/pulumi/pulumi-terraform-bridge/v3/pkg/pf/tfbridge"
	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfbridge"
	bridgetokens "github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfbridge/tokens"
	pschema "github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	presource "github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
)

const (
	// Publisher, Homepage and Repository of every package.
	Publisher  = "iacsuite"
	Repository = "https://github.com/iacsuite/providers"
	// GoModule is the Go module that holds the bridge and the Go SDKs.
	GoModule = "github.com/iacsuite/providers/bridge"
	// NPMScope is the scope of the TypeScript SDKs (@iacsuite/<p>).
	NPMScope = "@iacsuite"
	// TypeScriptVersion is the pinned tsc of bridge/package.json.
	TypeScriptVersion = "5.9.3"
)

// Spec is what differs between bridged providers.
type Spec struct {
	// Name is the Pulumi package name, which is also the Terraform type
	// name of the provider and the prefix of its resource types ("netfab"
	// for netfab_mcr).
	Name string
	// DisplayName and Description describe the package.
	DisplayName string
	Description string
	Keywords    []string
	// New is the Terraform provider's constructor, the very one its
	// Terraform binary serves.
	New func(version string) func() provider.Provider
	// Module is the Pulumi module of the tokens computed for types that are
	// not listed in Resources or DataSources: "index" by default, giving
	// <name>:index/<camelName>:<PascalName> and
	// <name>:index/get<Name>:get<Name>.
	Module string
	// Resources and DataSources map a Terraform type name to the Pulumi
	// token it must have where the computed one is not wanted, for
	// example "cloudnative_import_data_file":
	// "cloudnative:migration/v1alpha1:ImportDataFile".
	Resources   map[string]string
	DataSources map[string]string
	// ConfigEnv names the environment variables a provider setting (by its
	// Terraform name) is read from, so that the schema and the SDKs know
	// them.
	ConfigEnv map[string][]string
	// Metadata is the committed bridge-metadata.json (go:embed).
	Metadata []byte
	// Schema is the committed schema.json (go:embed); the provider
	// program serves it.
	Schema []byte
	// TypeTokens renames object types of the package schema (old token to
	// new), for types that must live in another module than the bridge
	// places them in.
	TypeTokens map[string]string
	// Customize, when set, edits the ProviderInfo last (field renames,
	// defaults, docs overrides).
	Customize func(*tfbridge.ProviderInfo)
	// ImportInputs edits, by Terraform type, the inputs that `pulumi
	// import` reads from a resource, where the bridge would declare
	// inputs that the schema forbids together (it takes every input that
	// has a value), so that the program the import prints is valid.
	ImportInputs map[string]func(inputs presource.PropertyMap)
}

// GoImportBasePath is the import path of the generated Go SDK of a package.
func GoImportBasePath(name string) string {
	return path.Join(GoModule, "sdk", name, "go", name)
}

// Info builds the ProviderInfo of spec at the given (semver) version. What
// the Terraform schema says and the bridge cannot see (replacing inputs,
// static defaults, deprecation) is stated from it (see Facts) before
// Customize runs.
func (s Spec) Info(version string) tfbridge.ProviderInfo {
	info := tfbridge.ProviderInfo{
		P:            pfbridge.ShimProvider(s.New(version)()),
		Name:         s.Name,
		DisplayName:  s.DisplayName,
		Description:  s.Description,
		Keywords:     append([]string{"pulumi", s.Name}, s.Keywords...),
		License:      "MPL-2.0",
		Publisher:    Publisher,
		Homepage:     Repository,
		Repository:   Repository,
		GitHubOrg:    Publisher,
		Version:      version,
		MetadataInfo: tfbridge.NewProviderMetadata(s.Metadata),
		Config:       map[string]*tfbridge.SchemaInfo{},
		Resources:    map[string]*tfbridge.ResourceInfo{},
		DataSources:  map[string]*tfbridge.DataSourceInfo{},
		// Docs never come from a checkout of the Terraform provider:
		// GenInfo points tfgen at pages made from its schema.
		UpstreamRepoPath: "nodocs",
		Golang: &tfbridge.GolangInfo{
			ImportBasePath:                 GoImportBasePath(s.Name),
			GenerateResourceContainerTypes: true,
		},
		JavaScript: &tfbridge.JavaScriptInfo{
			PackageName: NPMScope + "/" + s.Name,
			// The TypeScript that make pulumi-sdk-check compiles the SDK
			// with (bridge/package.json).
			TypeScriptVersion: TypeScriptVersion,
		},
		Python: &tfbridge.PythonInfo{
			PackageName: "iacsuite_" + s.Name,
		},
	}
	for key, vars := range s.ConfigEnv {
		info.Config[key] = &tfbridge.SchemaInfo{Default: &tfbridge.DefaultInfo{EnvVars: vars}}
	}

	for tf, tok := range s.Resources {
		info.Resources[tf] = &tfbridge.ResourceInfo{Tok: tokens.Type(tok)}
	}
	for tf, tok := range s.DataSources {
		info.DataSources[tf] = &tfbridge.DataSourceInfo{Tok: tokens.ModuleMember(tok)}
	}
	module := s.Module
	if module == "" {
		module = "index"
	}
	info.MustComputeTokens(bridgetokens.SingleModule(s.Name+"_", module, bridgetokens.MakeStandard(s.Name)))
	if err := applyFacts(&info, s.New(version)()); err != nil {
		panic(fmt.Sprintf("%s: reading the Terraform schema: %v", s.Name, err))
	}
	if len(s.TypeTokens) > 0 {
		info.SchemaPostProcessor = func(spec *pschema.PackageSpec) { RenameTypes(spec, s.TypeTokens) }
	}
	if s.Customize != nil {
		s.Customize(&info)
	}
	return info
}

type descriptions struct {
	resources, dataSources map[string]string
}

// describe reads the description of every resource and data source of a
// framework provider, keyed by Terraform type name.
func describe(ctx context.Context, p provider.Provider) descriptions {
	out := descriptions{resources: map[string]string{}, dataSources: map[string]string{}}
	var meta provider.MetadataResponse
	p.Metadata(ctx, provider.MetadataRequest{}, &meta)
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var m resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: meta.TypeName}, &m)
		var sr resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &sr)
		out.resources[m.TypeName] = firstNonEmpty(sr.Schema.MarkdownDescription, sr.Schema.Description)
	}
	for _, newDataSource := range p.DataSources(ctx) {
		d := newDataSource()
		var m datasource.MetadataResponse
		d.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: meta.TypeName}, &m)
		var sr datasource.SchemaResponse
		d.Schema(ctx, datasource.SchemaRequest{}, &sr)
		out.dataSources[m.TypeName] = firstNonEmpty(sr.Schema.MarkdownDescription, sr.Schema.Description)
	}
	return out
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}

// GenInfo is Info for tfgen: it also writes a page per resource and data
// source under dir, holding the description of the Terraform schema, and
// points the generator there, so that the package schema carries the
// provider's own descriptions (field descriptions tfgen reads from the
// Terraform schema itself).
func (s Spec) GenInfo(version, dir string) (tfbridge.ProviderInfo, error) {
	info := s.Info(version)
	docs := describe(context.Background(), s.New(version)())
	for kind, pages := range map[string]map[string]string{
		"resources": docs.resources, "data-sources": docs.dataSources,
	} {
		sub := filepath.Join(dir, "docs", kind)
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return info, err
		}
		for tf, text := range pages {
			if strings.TrimSpace(text) == "" {
				text = fmt.Sprintf("The %s type.", tf)
			}
			page := fmt.Sprintf("---\npage_title: %q\n---\n\n# %s\n\n%s\n", tf, tf, strings.TrimSpace(text))
			if err := os.WriteFile(filepath.Join(sub, tf+".md"), []byte(page), 0o644); err != nil {
				return info, err
			}
		}
	}
	info.UpstreamRepoPath = dir
	return info, nil
}

// TerraformNames lists the Terraform type names of the resources and data
// sources a ProviderInfo maps, sorted; tests use it.
func TerraformNames(info tfbridge.ProviderInfo) (resources, dataSources []string) {
	for k := range info.Resources {
		resources = append(resources, k)
	}
	for k := range info.DataSources {
		dataSources = append(dataSources, k)
	}
	sort.Strings(resources)
	sort.Strings(dataSources)
	return resources, dataSources
}
