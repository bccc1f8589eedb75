package cloudnative_test

// Tests that drive the real Pulumi CLI (bin/pulumi, file backend) and the
// bridged provider plugin (pulumi-resource-cloudnative) against migration
// sandboxes served in this process, one per test.

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	cloudnativesdk "github.com/iacsuite/providers/bridge/sdk/cloudnative/go/cloudnative"
	"github.com/iacsuite/providers/bridge/sdk/cloudnative/go/cloudnative/migration"
	migrationapi "github.com/iacsuite/providers/internal/api/migration"
	client "github.com/iacsuite/providers/internal/client/migration"
	sandbox "github.com/iacsuite/providers/internal/sandbox/migration"
	"github.com/iacsuite/providers/internal/sandbox/migration/migrationtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
	"github.com/iacsuite/providers/internal/wait"
)

// testToken is the sandboxes' access token: distinctive, so that a plaintext
// copy in a state file is found.
const testToken = "pulumi-test-token-3f9c27d1e8"

const (
	project  = "pulumi-project"
	location = "europe-west4"
)

var uuidPattern = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

func TestMain(m *testing.M) { pulumitest.Main(m) }

// startSandbox serves a fresh migration sandbox (its handler wrapped by
// wrap, when set) and returns its URL and a client of its API.
func startSandbox(t *testing.T, wrap func(http.Handler) http.Handler) (string, *client.Client) {
	t.Helper()
	url := pulumitest.ServeSandbox(t, "migration", func(st *store.Store) (http.Handler, error) {
		h, err := sandbox.New(sandbox.Config{Store: st, Token: testToken, OperationDelay: 50 * time.Millisecond})
		if err == nil && wrap != nil {
			h = wrap(h)
		}
		return h, err
	}).String()
	api, err := client.New(client.Config{Endpoint: url, AccessToken: testToken,
		PollBackoff: wait.Backoff{Initial: 20 * time.Millisecond, Factor: 1.5, Max: 200 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	return url, api
}

// providerConfig is the stack configuration of the provider against the
// sandbox at url, the token a secret; without the token when it comes
// from the environment.
func providerConfig(url string, withToken bool) pulumitest.Config {
	cfg := pulumitest.Config{
		{Key: "cloudnative:endpoint", Value: url},
		{Key: "cloudnative:project", Value: project},
		{Key: "cloudnative:location", Value: location},
	}
	if withToken {
		cfg = append(cfg, pulumitest.Setting{Key: "cloudnative:accessToken", Value: testToken, Secret: true})
	}
	return cfg
}

// The example YAML program goes through a whole life: up, an upload to the
// signed address it outputs, an empty second preview and refresh, no
// plaintext secret in the state, replacement of the data file on a changed
// input (the service has no update), and a destroy that leaves nothing.
func TestYAMLProgram(t *testing.T) {
	ctx := context.Background()
	url, api := startSandbox(t, nil)
	cli := pulumitest.New(t, "cloudnative")
	dir := cli.Example("cloudnative")
	cli.InitStack(dir, "dev", providerConfig(url, true))

	cli.Up(dir)
	out := cli.OutputsShowingSecrets(dir)
	job := migrationapi.ImportJobName(project, location, "inventory-2025")
	file := job + "/importDataFiles/vm-export"
	if out["jobName"] != job || out["fileName"] != file || out["fileState"] != migrationapi.FileStateActive {
		t.Fatalf("outputs %v", out)
	}
	firstRequestID, _ := out["requestId"].(string)
	if !uuidPattern.MatchString(firstRequestID) {
		t.Errorf("requestId output %q is not a UUID", out["requestId"])
	}
	f, err := api.GetImportDataFile(ctx, file)
	if err != nil || f.DisplayName != "RVTools export" || f.Format != migrationapi.FormatRVToolsCSV {
		t.Fatalf("data file in the sandbox: %+v (%v)", f, err)
	}

	t.Log("the content uploads to the signed address with the returned headers")
	uri, _ := out["uploadUri"].(string)
	headers, _ := out["uploadHeaders"].(map[string]any)
	content := "VM,Powerstate,CPUs\nweb-1,poweredOn,2\n"
	upload(t, uri, headers, content)
	got, ct, err := api.GetImportDataFileContent(ctx, file)
	if err != nil || string(got) != content || ct != "text/csv" {
		t.Fatalf("read back %q (%s), %v", got, ct, err)
	}

	t.Log("a second preview and a refresh show no changes")
	cli.ExpectNoChanges(dir)
	cli.Run(dir, "refresh", "--yes", "--skip-preview", "--expect-no-changes", "--non-interactive")
	cli.ExpectNoChanges(dir)

	t.Log("the state holds the token and the upload signature only encrypted")
	raw := cli.Run(dir, "stack", "export")
	if strings.Contains(raw, testToken) {
		t.Error("stack export holds the access token in plaintext")
	}
	if sig := regexp.MustCompile(`signature=([0-9a-f]+)`).FindStringSubmatch(uri); sig == nil || strings.Contains(raw, sig[1]) {
		t.Errorf("stack export holds the upload signature in plaintext (or the address has none: %v)", sig)
	}

	t.Log("a new display name replaces the data file, not the job")
	cli.Run(dir, "config", "set", "fileDisplayName", "RVTools export, March")
	cli.Preview(dir).ExpectReplacement(t, "vms", "displayName", "inventory")
	cli.Up(dir)
	out = cli.OutputsShowingSecrets(dir)
	if id, _ := out["requestId"].(string); !uuidPattern.MatchString(id) || id == firstRequestID {
		t.Errorf("the replacement was created with requestId %q, the first with %q", id, firstRequestID)
	}
	files, err := api.ListImportDataFiles(ctx, job)
	if err != nil || len(files) != 1 || files[0].DisplayName != "RVTools export, March" {
		t.Errorf("data files after the replacement: %+v (%v)", files, err)
	}
	cli.ExpectNoChanges(dir)

	t.Log("destroy removes everything")
	cli.Destroy(dir)
	expectNothingLeft(t, api)
	cli.RemoveStack(dir)
}

// The first create of the data file reaches the service, but its answer is
// lost; the provider's retry carries the same requestId, so `pulumi up`
// succeeds and exactly one data file exists.
func TestLostCreateAnswer(t *testing.T) {
	var lossy *migrationtest.Lossy
	url, api := startSandbox(t, func(h http.Handler) http.Handler {
		lossy = migrationtest.LoseAnswers(h, 1, migrationtest.CreatesDataFile)
		return lossy
	})
	cli := pulumitest.New(t, "cloudnative")
	dir := cli.Example("cloudnative")
	cli.InitStack(dir, "dev", providerConfig(url, true))
	cli.Up(dir)
	if lossy.Lost() != 1 || lossy.Seen() != 2 {
		t.Errorf("%d create answers lost of %d requests; want 1 of 2", lossy.Lost(), lossy.Seen())
	}
	files, err := api.ListImportDataFiles(context.Background(), migrationapi.ImportJobName(project, location, "inventory-2025"))
	if err != nil || len(files) != 1 {
		t.Fatalf("%d data files (%v); want exactly 1", len(files), err)
	}
	cli.Destroy(dir)
	expectNothingLeft(t, api)
}

// `pulumi import` adopts a data file created outside Pulumi by its full
// name; the program that declares it then previews without changes.
func TestImport(t *testing.T) {
	ctx := context.Background()
	url, api := startSandbox(t, nil)
	loc := migrationapi.LocationName(project, location)
	op, err := api.CreateImportJob(ctx, loc, "legacy", migrationapi.ImportJob{}, "")
	if err == nil {
		_, err = api.WaitOperation(ctx, op, time.Minute)
	}
	if err != nil {
		t.Fatal(err)
	}
	job := loc + "/importJobs/legacy"
	op, err = api.CreateImportDataFile(ctx, job, "cmdb-export", migrationapi.ImportDataFile{DisplayName: "CMDB export", Format: migrationapi.FormatCMDB}, "")
	if err == nil {
		_, err = api.WaitOperation(ctx, op, time.Minute)
	}
	if err != nil {
		t.Fatal(err)
	}
	name := job + "/importDataFiles/cmdb-export"

	cli := pulumitest.New(t, "cloudnative")
	// This time the token comes from the environment.
	cli.Setenv("CLOUDNATIVE_ACCESS_TOKEN", testToken)
	dir := t.TempDir()
	program := `name: cloudnative-import-adopt
runtime: yaml
resources:
  adopted:
    type: cloudnative:migration/v1alpha1:ImportDataFile
    properties:
      importJobId: legacy
      importDataFileId: cmdb-export
      displayName: CMDB export
      format: IMPORT_JOB_FORMAT_CMDB
`
	if err := os.WriteFile(filepath.Join(dir, "Pulumi.yaml"), []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	cli.InitStack(dir, "dev", providerConfig(url, false))

	cli.Run(dir, "import", "cloudnative:migration/v1alpha1:ImportDataFile", "adopted", name,
		"--yes", "--protect=false", "--non-interactive")
	found := false
	for _, r := range cli.State(dir) {
		if r.Type == "cloudnative:migration/v1alpha1:ImportDataFile" {
			found = true
			if r.ID != name || r.Outputs["state"] != migrationapi.FileStateActive || r.Outputs["importJobId"] != "legacy" {
				t.Errorf("imported state: id %s, outputs %v", r.ID, r.Outputs)
			}
		}
	}
	if !found {
		t.Fatal("the data file is not in the state after import")
	}
	cli.ExpectNoChanges(dir)

	cli.Destroy(dir)
	if _, err := api.GetImportDataFile(ctx, name); !client.IsNotFound(err) {
		t.Errorf("the adopted data file after destroy: %v", err)
	}
}

// A Go program of the Automation API (inline, so no Go language host is
// needed) uses the generated Go SDK with an explicit provider.
func TestAutomationAPIGoSDK(t *testing.T) {
	ctx := context.Background()
	url, api := startSandbox(t, nil)
	cli := pulumitest.New(t, "cloudnative")

	program := func(ctx *pulumi.Context) error {
		p, err := cloudnativesdk.NewProvider(ctx, "sandbox", &cloudnativesdk.ProviderArgs{
			Endpoint:    pulumi.String(url),
			AccessToken: pulumi.String(testToken),
			Project:     pulumi.String(project),
			Location:    pulumi.String(location),
		})
		if err != nil {
			return err
		}
		use := pulumi.Provider(p)
		job, err := migration.NewImportJob(ctx, "job", &migration.ImportJobArgs{
			ImportJobId: pulumi.String("automation"),
			Labels:      pulumi.StringMap{"owner": pulumi.String("automation")},
		}, use)
		if err != nil {
			return err
		}
		file, err := migration.NewImportDataFile(ctx, "file", &migration.ImportDataFileArgs{
			ImportJobId:      job.ImportJobId,
			ImportDataFileId: pulumi.String("azure"),
			Format:           pulumi.String(migrationapi.FormatExportedAzureCSV),
		}, use)
		if err != nil {
			return err
		}
		ctx.Export("fileName", file.Name)
		ctx.Export("state", file.State)
		ctx.Export("contentType", file.UploadFileInfo.Headers().MapIndex(pulumi.String("Content-Type")))
		return nil
	}
	prog := pulumitest.NewGoProgram(t, cli, "cloudnative-automation", program)
	res := prog.Up()
	name := migrationapi.ImportDataFileName(project, location, "automation", "azure")
	if res.Outputs["fileName"].Value != name || res.Outputs["state"].Value != migrationapi.FileStateActive ||
		res.Outputs["contentType"].Value != "text/csv" {
		t.Errorf("outputs %v", res.Outputs)
	}
	if j, err := api.GetImportJob(ctx, migrationapi.ImportJobName(project, location, "automation")); err != nil || j.Labels["owner"] != "automation" {
		t.Errorf("import job in the sandbox: %+v (%v)", j, err)
	}
	prog.ExpectNoChanges()
	prog.Destroy()
	expectNothingLeft(t, api)
	prog.Remove()
}

func upload(t *testing.T, uri string, headers map[string]any, content string) {
	t.Helper()
	if uri == "" || len(headers) != 2 {
		t.Fatalf("upload address %q with headers %v", uri, headers)
	}
	req, err := http.NewRequest(http.MethodPut, uri, strings.NewReader(content))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		s, ok := v.(string)
		if !ok {
			t.Fatalf("header %s is a %T, not a string", k, v)
		}
		req.Header.Set(k, s)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		var body bytes.Buffer
		_, _ = body.ReadFrom(resp.Body)
		t.Fatalf("upload: HTTP %d %s", resp.StatusCode, body.String())
	}
}

// expectNothingLeft: the sandbox has no import job left in the test's
// location.
func expectNothingLeft(t *testing.T, api *client.Client) {
	t.Helper()
	jobs, err := api.ListImportJobs(context.Background(), migrationapi.LocationName(project, location))
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range jobs {
		t.Errorf("import job %s is left", j.Name)
	}
}

// With the provider's importJobId (and project and location), a data file
// needs only its importDataFileId, the one input the service description
// requires. A requestId set later (as after an import) is an in-place
// update, never a replacement: the data file stays the same one.
func TestDataFileWithOnlyItsID(t *testing.T) {
	ctx := context.Background()
	url, api := startSandbox(t, nil)
	cli := pulumitest.New(t, "cloudnative")
	dir := t.TempDir()
	program := `name: cloudnative-minimal
runtime: yaml
resources:
  wave:
    type: cloudnative:migration/v1alpha1:ImportJob
    properties:
      importJobId: wave-1
  vms:
    type: cloudnative:migration/v1alpha1:ImportDataFile
    properties:
      importDataFileId: vms%s
    options:
      dependsOn:
        - ${wave}
outputs:
  fileName: ${vms.name}
  importJobId: ${vms.importJobId}
`
	write := func(extra string) {
		if err := os.WriteFile(filepath.Join(dir, "Pulumi.yaml"), []byte(fmt.Sprintf(program, extra)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("")
	cli.InitStack(dir, "dev", append(providerConfig(url, true), pulumitest.Setting{Key: "cloudnative:importJobId", Value: "wave-1"}))
	cli.Up(dir)
	name := migrationapi.ImportDataFileName(project, location, "wave-1", "vms")
	if out := cli.OutputsShowingSecrets(dir); out["fileName"] != name || out["importJobId"] != "wave-1" {
		t.Fatalf("outputs %v", out)
	}
	before, err := api.GetImportDataFile(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	cli.ExpectNoChanges(dir)

	t.Log("setting requestId afterwards updates in place")
	write("\n      requestId: 1b4e28ba-2fa1-11d2-883f-0016d3cca427")
	if ops := cli.Preview(dir).Ops(); ops["vms"] != "update" {
		t.Errorf("preview after setting requestId: %v", ops)
	}
	cli.Up(dir)
	after, err := api.GetImportDataFile(ctx, name)
	if err != nil || after.CreateTime != before.CreateTime || after.UploadFileInfo.SignedURI != before.UploadFileInfo.SignedURI {
		t.Errorf("the data file changed: %+v, was %+v (%v)", after, before, err)
	}
	cli.ExpectNoChanges(dir)

	cli.Destroy(dir)
	expectNothingLeft(t, api)
}
