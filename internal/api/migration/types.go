// Package migration holds the wire types and naming rules of the migration
// API (docs/api/migration.md), shared by the client (internal/client/migration)
// and the sandbox (internal/sandbox/migration).
package migration

// Wire types of the migration API (v1alpha1), as written down in
// docs/api/migration.md. The sandbox (internal/sandbox/migration) serves
// exactly these shapes. JSON field names are camelCase; output-only fields are
// ignored when a client sends them.

import "encoding/json"

// APIVersion is the version segment of every API path.
const APIVersion = "v1alpha1"

// Import data file formats (ImportDataFile.Format), exactly as the service
// spells them.
const (
	FormatUnspecified      = "IMPORT_JOB_FORMAT_UNSPECIFIED"
	FormatCMDB             = "IMPORT_JOB_FORMAT_CMDB"
	FormatRVToolsXLSX      = "IMPORT_JOB_FORMAT_RVTOOLS_XLSX"
	FormatRVToolsCSV       = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"
	FormatExportedAWSCSV   = "IMPORT_JOB_FORMAT_EXPORTED_AWS_CSV"
	FormatExportedAzureCSV = "IMPORT_JOB_FORMAT_EXPORTED_AZURE_CSV"
	FormatManualCSV        = "IMPORT_JOB_FORMAT_MANUAL_CSV"
)

// Formats lists every accepted format, in the order the contract lists them.
var Formats = []string{
	FormatUnspecified,
	FormatCMDB,
	FormatRVToolsXLSX,
	FormatRVToolsCSV,
	FormatExportedAWSCSV,
	FormatExportedAzureCSV,
	FormatManualCSV,
}

// States of an import data file. A created file is CREATING until its create
// operation finishes, then ACTIVE; a deleted one is DELETING until its delete
// operation finishes, then gone.
const (
	FileStateCreating = "CREATING"
	FileStateActive   = "ACTIVE"
	FileStateDeleting = "DELETING"
)

// States of an import job. A created job is IMPORT_JOB_STATE_PENDING (ready to
// receive data files); the sandbox does not run imports, so it stays there.
const (
	JobStatePending = "IMPORT_JOB_STATE_PENDING"
)

// JobStates are the states an import job can be in, as the upstream
// migration API names them (the sandbox's jobs stay PENDING); a list of
// import jobs filters by one of them.
var JobStates = []string{JobStatePending, "IMPORT_JOB_STATE_RUNNING", "IMPORT_JOB_STATE_COMPLETED", "IMPORT_JOB_STATE_FAILED",
	"IMPORT_JOB_STATE_VALIDATING", "IMPORT_JOB_STATE_FAILED_VALIDATION", "IMPORT_JOB_STATE_READY"}

// FileStates are the states of a data file a list of data files holds (and
// filters by): a DELETING one is gone for Terraform.
var FileStates = []string{FileStateCreating, FileStateActive}

// Header names of the signed upload address. HeaderContentLengthRange bounds
// the size of the uploaded content ("min,max" in bytes, inclusive).
const (
	HeaderContentType        = "Content-Type"
	HeaderContentLengthRange = "x-cloudnative-content-length-range"
)

// Query parameters of a signed upload address.
const (
	QueryExpires       = "expires"
	QuerySignedHeaders = "signedHeaders"
	QuerySignature     = "signature"
	// QueryUploadURI names the upload address (UploadURI) an address
	// issued by POST {file}/uploadUris belongs to, so that it can be
	// revoked; the address issued with the file has none.
	QueryUploadURI = "uploadUri"
)

// Canonical status names of the error body (the gRPC code names).
const (
	StatusInvalidArgument    = "INVALID_ARGUMENT"
	StatusFailedPrecondition = "FAILED_PRECONDITION"
	StatusOutOfRange         = "OUT_OF_RANGE"
	StatusUnauthenticated    = "UNAUTHENTICATED"
	StatusPermissionDenied   = "PERMISSION_DENIED"
	StatusNotFound           = "NOT_FOUND"
	StatusAborted            = "ABORTED"
	StatusAlreadyExists      = "ALREADY_EXISTS"
	StatusResourceExhausted  = "RESOURCE_EXHAUSTED"
	StatusInternal           = "INTERNAL"
	StatusUnavailable        = "UNAVAILABLE"
)

// Type URLs of the "@type" member of operation metadata, responses and error
// details.
const (
	TypeOperationMetadata = "type.cloudnative.example/migration.v1alpha1.OperationMetadata"
	TypeImportJob         = "type.cloudnative.example/migration.v1alpha1.ImportJob"
	TypeImportDataFile    = "type.cloudnative.example/migration.v1alpha1.ImportDataFile"
	TypeEmpty             = "type.cloudnative.example/protobuf.Empty"
	TypeBadRequest        = "type.cloudnative.example/rpc.BadRequest"
)

// ErrorBody is the body of every non-2xx answer.
type ErrorBody struct {
	Error Status `json:"error"`
}

// Status is an error. In an ErrorBody, Code is the HTTP status code; in a
// failed Operation it is the numeric gRPC code (3 INVALID_ARGUMENT,
// 5 NOT_FOUND, 6 ALREADY_EXISTS, 9 FAILED_PRECONDITION, ...).
type Status struct {
	Code    int           `json:"code"`
	Message string        `json:"message"`
	Status  string        `json:"status,omitempty"`
	Details []ErrorDetail `json:"details,omitempty"`
}

// ErrorDetail is one entry of Status.Details. The service sends one of type
// TypeBadRequest with the fields that broke a rule.
type ErrorDetail struct {
	Type            string           `json:"@type"`
	FieldViolations []FieldViolation `json:"fieldViolations,omitempty"`
}

// FieldViolation names a request field (camelCase, as on the wire) and what
// is wrong with it.
type FieldViolation struct {
	Field       string `json:"field"`
	Description string `json:"description"`
}

// ImportJob is the parent of import data files.
type ImportJob struct {
	// Name is projects/{project}/locations/{location}/importJobs/{importJob}.
	// Output only.
	Name        string            `json:"name,omitempty"`
	DisplayName string            `json:"displayName,omitempty"`
	Labels      map[string]string `json:"labels,omitempty"`
	// AssetSource names the source the imported assets are attributed to,
	// projects/{project}/locations/{location}/sources/{source}. Optional and
	// fixed at creation.
	AssetSource string `json:"assetSource,omitempty"`
	// Output only.
	State      string `json:"state,omitempty"`
	CreateTime string `json:"createTime,omitempty"`
	UpdateTime string `json:"updateTime,omitempty"`
}

// ImportDataFile is a file of inventory data inside an import job.
type ImportDataFile struct {
	// Name is projects/{project}/locations/{location}/importJobs/{importJob}/
	// importDataFiles/{importDataFile}. Output only.
	Name        string `json:"name,omitempty"`
	DisplayName string `json:"displayName,omitempty"`
	Format      string `json:"format,omitempty"`
	// Output only.
	CreateTime     string          `json:"createTime,omitempty"`
	State          string          `json:"state,omitempty"`
	UploadFileInfo *UploadFileInfo `json:"uploadFileInfo,omitempty"`
}

// UploadFileInfo is where and how to upload the content of a data file: a PUT
// of the content to SignedURI carrying exactly Headers, before
// URIExpirationTime. Output only.
type UploadFileInfo struct {
	SignedURI         string            `json:"signedUri,omitempty"`
	Headers           map[string]string `json:"headers,omitempty"`
	URIExpirationTime string            `json:"uriExpirationTime,omitempty"`
}

// CreateUploadURIRequest is the body of POST /v1alpha1/{file}/uploadUris:
// a fresh signed upload address for an existing data file.
type CreateUploadURIRequest struct {
	// TTLSeconds is how long the address is valid: 60 to 3600 seconds;
	// the service's default (one hour) when zero.
	TTLSeconds int `json:"ttlSeconds,omitempty"`
}

// MinUploadURITTLSeconds and MaxUploadURITTLSeconds bound
// CreateUploadURIRequest.TTLSeconds.
const (
	MinUploadURITTLSeconds = 60
	MaxUploadURITTLSeconds = 3600
)

// UploadURI is an upload address issued for a data file by POST
// {file}/uploadUris, until it expires or DELETE {name} revokes it.
type UploadURI struct {
	// Name is {file}/uploadUris/{uploadUri}.
	Name string `json:"name"`
	UploadFileInfo
}

// ListImportJobsResponse is one page of import jobs.
type ListImportJobsResponse struct {
	ImportJobs    []ImportJob `json:"importJobs,omitempty"`
	NextPageToken string      `json:"nextPageToken,omitempty"`
}

// ListImportDataFilesResponse is one page of import data files.
type ListImportDataFilesResponse struct {
	ImportDataFiles []ImportDataFile `json:"importDataFiles,omitempty"`
	NextPageToken   string           `json:"nextPageToken,omitempty"`
}

// Operation is a long-running operation. When Done, exactly one of Error and
// Response is set. Response is the resource (with an "@type" member) for
// create and update, and {"@type": TypeEmpty} for delete.
type Operation struct {
	// Name is projects/{project}/locations/{location}/operations/{operation}.
	Name     string            `json:"name"`
	Metadata OperationMetadata `json:"metadata"`
	Done     bool              `json:"done,omitempty"`
	Error    *Status           `json:"error,omitempty"`
	Response json.RawMessage   `json:"response,omitempty"`
}

// OperationMetadata describes what an operation does.
type OperationMetadata struct {
	Type       string `json:"@type"`
	CreateTime string `json:"createTime"`
	EndTime    string `json:"endTime,omitempty"`
	// Target is the name of the resource the operation acts on.
	Target string `json:"target"`
	// Verb is create, update or delete.
	Verb       string `json:"verb"`
	APIVersion string `json:"apiVersion"`
}

// UploadResult is the answer of a successful upload to a signed address.
type UploadResult struct {
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
	SHA256      string `json:"sha256"`
	UploadTime  string `json:"uploadTime"`
}
