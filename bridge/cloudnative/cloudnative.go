// Package cloudnative maps the cloudnative Terraform provider to the Pulumi
// package cloudnative. Its tokens are the seed's, not computed:
// cloudnative_migration_import_data_file is
// cloudnative:migration/v1alpha1:ImportDataFile and
// cloudnative_migration_import_job is cloudnative:migration/v1alpha1:ImportJob.
package cloudnative

import (
	_ "embed" // schema.json and bridge-metadata.json

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
		"import_job_id":     {tfcloudnative.EnvImportJobID},
		"endpoint":          {tfcloudnative.EnvEndpoint},
		"operation_timeout": {tfcloudnative.EnvOperationTimeout},
	},
	Metadata: metadata,
	Schema:   schema,
	TypeTokens: map[string]string{
		"cloudnative:migration/UploadFileInfoResponse:UploadFileInfoResponse": UploadFileInfoType,
		// The resources' timeouts, in their module too.
		"cloudnative:migration/ImportJobTimeouts:ImportJobTimeouts":           "cloudnative:migration/v1alpha1:ImportJobTimeouts",
		"cloudnative:migration/ImportDataFileTimeouts:ImportDataFileTimeouts": "cloudnative:migration/v1alpha1:ImportDataFileTimeouts",
	},
	Customize: customize,
}

// UploadFileInfoType is the token of the upload details' object type: the
// name the service description gives it, in the resources' own module
// (the bridge would place it in migration, one level up).
const UploadFileInfoType = "cloudnative:migration/v1alpha1:UploadFileInfoResponse"

// customize makes replacements delete first and names the upload details'
// object type. (Which inputs replace, and the deprecation notice of the
// preview resources, come from the Terraform schema: see bridgeinfo.Facts.)
func customize(info *tfbridge.ProviderInfo) {
	for _, ri := range info.Resources {
		// Names are the caller's, never generated (the seed: no
		// auto-naming), so a replacement cannot exist beside the resource it
		// replaces: delete first, as Terraform does.
		ri.DeleteBeforeReplace = true
	}
	typeName := "UploadFileInfoResponse"
	// A single nested attribute is an object under Elem.
	file := info.Resources["cloudnative_migration_import_data_file"]
	if file.Fields == nil {
		file.Fields = map[string]*tfbridge.SchemaInfo{}
	}
	file.Fields["upload_file_info"] = &tfbridge.SchemaInfo{Elem: &tfbridge.SchemaInfo{TypeName: &typeName}}
}

// Provider is the bridge's ProviderInfo of the cloudnative package.
func Provider() tfbridge.ProviderInfo { return Spec.Info(version.Version) }

// Schema is the committed Pulumi package schema.
func Schema() []byte { return schema }
