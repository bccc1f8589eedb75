// Package cloudnative maps the cloudnative Terraform provider to the Pulumi
// package cloudnative. Its tokens are the seed's, not computed:
// cloudnative_migration_import_data_file is
// cloudnative:migration/v1alpha1:ImportDataFile and
// cloudnative_migration_import_job is cloudnative:migration/v1alpha1:ImportJob.
package cloudnative

import (
	"context"
	_ "embed" // schema.json and bridge-metadata.json
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfbridge"

	"github.com/iacsuite/providers/bridge/internal/bridgeinfo"
	"github.com/iacsuite/providers/bridge/internal/version"
	tfcloudnative "github.com/iacsuite/providers/internal/provider/cloudnative"
)

//go:embed schema.json
var schema []byte

//go:embed bridge-metadata.json
var metadata []byte

// Tokens of the package's resources, by Terraform type name.
var Tokens = map[string]string{
	"cloudnative_migration_import_data_file": "cloudnative:migration/v1alpha1:ImportDataFile",
	"cloudnative_migration_import_job":       "cloudnative:migration/v1alpha1:ImportJob",
}

// Spec is the mapping of the cloudnative provider.
var Spec = bridgeinfo.Spec{
	Name:        "cloudnative",
	DisplayName: "cloudnative (preview)",
	Description: "A Pulumi package for the cloud-migration service, API v1alpha1: import jobs and the import " +
		"data files inside them, with signed upload addresses. Preview: v1alpha1 is deprecated and may change " +
		"or be withdrawn without notice.",
	Keywords:  []string{"migration", "preview", "category/cloud"},
	New:       tfcloudnative.New,
	Resources: Tokens,
	ConfigEnv: map[string][]string{
		"access_token":      {tfcloudnative.EnvAccessToken},
		"project":           {tfcloudnative.EnvProject},
		"location":          {tfcloudnative.EnvLocation},
		"endpoint":          {tfcloudnative.EnvEndpoint},
		"operation_timeout": {tfcloudnative.EnvOperationTimeout},
	},
	Metadata:  metadata,
	Schema:    schema,
	Customize: customize,
}

// customize carries into the package what the Terraform schema says but the
// bridge does not read from a framework provider: the deprecation notice of
// the preview resources and which inputs replace a resource when changed
// (willReplaceOnChanges); and it makes replacements delete first. It also names the upload details' object type as
// the service description does, UploadFileInfoResponse.
func customize(info *tfbridge.ProviderInfo) {
	ctx := context.Background()
	p := tfcloudnative.New(version.Version)()
	var meta provider.MetadataResponse
	p.Metadata(ctx, provider.MetadataRequest{}, &meta)
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var m resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: meta.TypeName}, &m)
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		ri := info.Resources[m.TypeName]
		if ri == nil {
			continue
		}
		ri.DeprecationMessage = s.Schema.DeprecationMessage
		// Names are the caller's, never generated (the seed: no
		// auto-naming), so a replacement cannot exist beside the resource it
		// replaces: delete first, as Terraform does.
		ri.DeleteBeforeReplace = true
		if ri.Fields == nil {
			ri.Fields = map[string]*tfbridge.SchemaInfo{}
		}
		for name, a := range s.Schema.Attributes {
			if RequiresReplace(a) {
				ri.Fields[name] = &tfbridge.SchemaInfo{ForceNew: tfbridge.True()}
			}
		}
	}
	typeName := "UploadFileInfoResponse"
	// A single nested attribute is an object under Elem.
	info.Resources["cloudnative_migration_import_data_file"].Fields["upload_file_info"] =
		&tfbridge.SchemaInfo{Elem: &tfbridge.SchemaInfo{TypeName: &typeName}}
}

// RequiresReplace reports whether changing a configurable string attribute
// replaces its resource: it has a RequiresReplace plan modifier.
func RequiresReplace(a rschema.Attribute) bool {
	sa, ok := a.(rschema.StringAttribute)
	if !ok || (!sa.Required && !sa.Optional) {
		return false
	}
	for _, m := range sa.PlanModifiers {
		if strings.Contains(m.Description(context.Background()), "destroy and recreate") {
			return true
		}
	}
	return false
}

// Provider is the bridge's ProviderInfo of the cloudnative package.
func Provider() tfbridge.ProviderInfo { return Spec.Info(version.Version) }

// Schema is the committed Pulumi package schema.
func Schema() []byte { return schema }
