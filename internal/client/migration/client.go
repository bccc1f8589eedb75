// Package migration is the typed client of the cloud-migration API
// (docs/api/migration.md): bearer-token authentication, retries of 429 and
// 5xx answers and of lost answers (honouring Retry-After), long-running
// operations polled with a capped backoff, and uploads to signed addresses.
//
// Retries resend a request exactly as it was, query included, so a create
// retried after its answer was lost carries the same requestId and the
// service answers the operation the first try started instead of creating
// anything twice. Callers generate a requestId once per logical request
// (NewRequestID) and pass the same one to every call that repeats it.
package migration

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/httpclient"
	"github.com/iacsuite/providers/internal/wait"
)

// Config configures a Client.
type Config struct {
	// Endpoint is the API's base address, such as https://127.0.0.1:18444.
	Endpoint string
	// AccessToken is sent as "Authorization: Bearer".
	AccessToken string
	UserAgent   string
	// HTTP tunes retries; zero values take httpclient's defaults.
	HTTP httpclient.Options
	// PollBackoff shapes operation polling; zero takes wait.DefaultBackoff.
	PollBackoff wait.Backoff
}

// Client calls the migration API. It is safe for concurrent use.
type Client struct {
	core        httpclient.Core
	http        *http.Client // also for uploads to signed addresses
	userAgent   string
	pollBackoff wait.Backoff
}

// New returns a client.
func New(cfg Config) (*Client, error) {
	base, err := url.Parse(strings.TrimSuffix(cfg.Endpoint, "/"))
	if err != nil || (base.Scheme != "https" && base.Scheme != "http") || base.Host == "" || (base.Path != "" && base.Path != "/") {
		return nil, fmt.Errorf("migration API endpoint %q is not an absolute http(s) URL without a path", cfg.Endpoint)
	}
	if cfg.AccessToken == "" {
		return nil, errors.New("migration API access token is required")
	}
	backoff := cfg.PollBackoff
	if backoff.Initial == 0 {
		backoff = wait.DefaultBackoff
	}
	retrying := httpclient.New(cfg.HTTP)
	return &Client{
		core: httpclient.Core{
			Service:     "migration API",
			Base:        base,
			HTTP:        retrying,
			UserAgent:   cfg.UserAgent,
			Authorize:   func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+cfg.AccessToken) },
			DecodeError: decodeError,
			MaxAnswer:   64 << 20,
			// A call with a requestId is safe to send again: the service
			// answers a repeated one as the first.
			RequestIDParam: "requestId",
		},
		http:        retrying,
		userAgent:   cfg.UserAgent,
		pollBackoff: backoff,
	}, nil
}

// Endpoint returns the base address the client calls.
func (c *Client) Endpoint() string { return c.core.Base.String() }

// APIError is a non-2xx answer of the API.
type APIError struct {
	// HTTPStatus is the status code of the answer.
	HTTPStatus int
	api.Status
}

func (e *APIError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.HTTPStatus)
	}
	return fmt.Sprintf("migration API: %s (HTTP %d %s)", msg, e.HTTPStatus, e.Status.Status)
}

// FieldViolations returns the request fields the service named as breaking
// a rule.
func (e *APIError) FieldViolations() []api.FieldViolation {
	var out []api.FieldViolation
	for _, d := range e.Details {
		out = append(out, d.FieldViolations...)
	}
	return out
}

// IsNotFound reports whether err is a 404 answer.
func IsNotFound(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.HTTPStatus == http.StatusNotFound
}

// HasStatus reports whether err is an answer with the given status name,
// such as StatusAlreadyExists.
func HasStatus(err error, status string) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.Status.Status == status
}

// OperationError is a long-running operation that finished with an error.
type OperationError struct {
	Operation string
	Status    api.Status
}

func (e *OperationError) Error() string {
	return fmt.Sprintf("migration operation %s failed: %s (%s)", e.Operation, e.Status.Message, e.Status.Status)
}

// do sends a request with a JSON body (when in is not nil) and decodes a
// JSON answer into out (when out is not nil).
func (c *Client) do(ctx context.Context, method, path string, query url.Values, in, out any) error {
	return c.core.Do(ctx, httpclient.Request{Method: method, Path: path, Query: query, Body: in}, out)
}

// decodeError makes an APIError of an error answer; an answer that is not
// the error body keeps its text as the message.
func decodeError(status int, raw []byte) error {
	apiErr := &APIError{HTTPStatus: status}
	var body api.ErrorBody
	if json.Unmarshal(raw, &body) == nil {
		apiErr.Status = body.Error
	}
	if apiErr.Message == "" {
		apiErr.Message = strings.TrimSpace(string(raw))
	}
	return apiErr
}

func apiPath(name string) string { return "/" + api.APIVersion + "/" + name }

func withRequestID(q url.Values, requestID string) url.Values {
	if q == nil {
		q = url.Values{}
	}
	if requestID != "" {
		q.Set("requestId", requestID)
	}
	return q
}

// CreateImportJob starts creating an import job in a location
// (projects/{project}/locations/{location}).
func (c *Client) CreateImportJob(ctx context.Context, location, importJobID string, job api.ImportJob, requestID string) (api.Operation, error) {
	var op api.Operation
	q := withRequestID(url.Values{"importJobId": {importJobID}}, requestID)
	err := c.do(ctx, http.MethodPost, apiPath(location)+"/importJobs", q, job, &op)
	return op, err
}

// GetImportJob returns an import job by its full name.
func (c *Client) GetImportJob(ctx context.Context, name string) (api.ImportJob, error) {
	var job api.ImportJob
	err := c.do(ctx, http.MethodGet, apiPath(name), nil, nil, &job)
	return job, err
}

// ListImportJobs returns every import job of a location, following pages.
func (c *Client) ListImportJobs(ctx context.Context, location string) ([]api.ImportJob, error) {
	return collect(c.ImportJobs(ctx, location))
}

// ImportJobs streams the import jobs of a location, one page (request) at
// a time: the next page is asked for only when the caller has used up the
// last, and none after it stops. An error ends the sequence.
func (c *Client) ImportJobs(ctx context.Context, location string) iter.Seq2[api.ImportJob, error] {
	return pages(ctx, c, apiPath(location)+"/importJobs", func(p *api.ListImportJobsResponse) ([]api.ImportJob, string) {
		return p.ImportJobs, p.NextPageToken
	})
}

// ListPageSize is the page size of the listings.
const ListPageSize = 100

// pages streams the items of a paged listing at path.
func pages[P, T any](ctx context.Context, c *Client, path string, items func(*P) ([]T, string)) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		token := ""
		for {
			var page P
			q := url.Values{"pageSize": {strconv.Itoa(ListPageSize)}}
			if token != "" {
				q.Set("pageToken", token)
			}
			if err := c.do(ctx, http.MethodGet, path, q, nil, &page); err != nil {
				var zero T
				yield(zero, err)
				return
			}
			list, next := items(&page)
			for _, it := range list {
				if !yield(it, nil) {
					return
				}
			}
			if token = next; token == "" {
				return
			}
		}
	}
}

// collect gathers a stream into a slice.
func collect[T any](seq iter.Seq2[T, error]) ([]T, error) {
	var all []T
	for it, err := range seq {
		if err != nil {
			return nil, err
		}
		all = append(all, it)
	}
	return all, nil
}

// UpdateImportJob starts changing the fields of job named by updateMask
// (displayName, labels); job.Name selects the job.
func (c *Client) UpdateImportJob(ctx context.Context, job api.ImportJob, updateMask []string, requestID string) (api.Operation, error) {
	var op api.Operation
	q := withRequestID(url.Values{"updateMask": {strings.Join(updateMask, ",")}}, requestID)
	body := api.ImportJob{DisplayName: job.DisplayName, Labels: job.Labels}
	err := c.do(ctx, http.MethodPatch, apiPath(job.Name), q, body, &op)
	return op, err
}

// DeleteImportJob starts deleting an import job; with force, its data files
// go with it.
func (c *Client) DeleteImportJob(ctx context.Context, name, requestID string, force bool) (api.Operation, error) {
	var op api.Operation
	q := withRequestID(nil, requestID)
	if force {
		q.Set("force", "true")
	}
	err := c.do(ctx, http.MethodDelete, apiPath(name), q, nil, &op)
	return op, err
}

// CreateImportDataFile starts creating a data file in an import job (its
// full name).
func (c *Client) CreateImportDataFile(ctx context.Context, importJob, importDataFileID string, file api.ImportDataFile, requestID string) (api.Operation, error) {
	var op api.Operation
	q := withRequestID(url.Values{"importDataFileId": {importDataFileID}}, requestID)
	body := api.ImportDataFile{DisplayName: file.DisplayName, Format: file.Format}
	err := c.do(ctx, http.MethodPost, apiPath(importJob)+"/importDataFiles", q, body, &op)
	return op, err
}

// GetImportDataFile returns a data file by its full name.
func (c *Client) GetImportDataFile(ctx context.Context, name string) (api.ImportDataFile, error) {
	var f api.ImportDataFile
	err := c.do(ctx, http.MethodGet, apiPath(name), nil, nil, &f)
	return f, err
}

// ListImportDataFiles returns every data file of an import job, following
// pages.
func (c *Client) ListImportDataFiles(ctx context.Context, importJob string) ([]api.ImportDataFile, error) {
	return collect(c.ImportDataFiles(ctx, importJob))
}

// ImportDataFiles streams the data files of an import job (its full name),
// as ImportJobs does.
func (c *Client) ImportDataFiles(ctx context.Context, importJob string) iter.Seq2[api.ImportDataFile, error] {
	return pages(ctx, c, apiPath(importJob)+"/importDataFiles", func(p *api.ListImportDataFilesResponse) ([]api.ImportDataFile, string) {
		return p.ImportDataFiles, p.NextPageToken
	})
}

// DeleteImportDataFile starts deleting a data file.
func (c *Client) DeleteImportDataFile(ctx context.Context, name, requestID string) (api.Operation, error) {
	var op api.Operation
	err := c.do(ctx, http.MethodDelete, apiPath(name), withRequestID(nil, requestID), nil, &op)
	return op, err
}

// CreateUploadURI asks for a fresh signed upload address of an existing
// data file, valid for ttlSeconds (0: the service's default).
func (c *Client) CreateUploadURI(ctx context.Context, file string, ttlSeconds int) (api.UploadURI, error) {
	var u api.UploadURI
	err := c.do(ctx, http.MethodPost, apiPath(file)+"/uploadUris", nil, api.CreateUploadURIRequest{TTLSeconds: ttlSeconds}, &u)
	return u, err
}

// RevokeUploadURI revokes an upload address of CreateUploadURI by its name
// ({file}/uploadUris/{id}); uploads to it are refused from then on.
func (c *Client) RevokeUploadURI(ctx context.Context, name string) error {
	return c.do(ctx, http.MethodDelete, apiPath(name), nil, nil, nil)
}

// GetOperation returns an operation by its full name.
func (c *Client) GetOperation(ctx context.Context, name string) (api.Operation, error) {
	var op api.Operation
	err := c.do(ctx, http.MethodGet, apiPath(name), nil, nil, &op)
	return op, err
}

// WaitOperation polls op until it is done, with the client's capped
// backoff, and returns it. An operation that finished with an error is
// returned with an *OperationError; on timeout the error wraps
// wait.ErrTimeout.
func (c *Client) WaitOperation(ctx context.Context, op api.Operation, timeout time.Duration) (api.Operation, error) {
	last := op
	if !op.Done {
		err := wait.Until(ctx, timeout, c.pollBackoff, func(ctx context.Context) (bool, error) {
			o, err := c.GetOperation(ctx, op.Name)
			if err != nil {
				return false, err
			}
			last = o
			return o.Done, nil
		})
		if err != nil {
			return last, fmt.Errorf("waiting for operation %s (%s %s): %w", op.Name, op.Metadata.Verb, op.Metadata.Target, err)
		}
	}
	if last.Error != nil {
		return last, &OperationError{Operation: last.Name, Status: *last.Error}
	}
	return last, nil
}

// OperationResponse decodes the response of a successful operation into a
// resource type (ImportJob or ImportDataFile).
func OperationResponse[T any](op api.Operation) (T, error) {
	var v T
	if !op.Done || len(op.Response) == 0 {
		return v, fmt.Errorf("operation %s has no response", op.Name)
	}
	if err := json.Unmarshal(op.Response, &v); err != nil {
		return v, fmt.Errorf("operation %s: decoding response: %w", op.Name, err)
	}
	return v, nil
}

// GetImportDataFileContent returns the content uploaded for a data file and
// its media type; a 404 *APIError when nothing was uploaded.
func (c *Client) GetImportDataFileContent(ctx context.Context, name string) ([]byte, string, error) {
	raw, header, err := c.core.DoRaw(ctx, httpclient.Request{
		Method: http.MethodGet, Path: apiPath(name), Query: url.Values{"alt": {"media"}},
	})
	if err != nil {
		return nil, "", err
	}
	return raw, header.Get("Content-Type"), nil
}

// Upload PUTs content to a signed upload address with exactly the headers
// it was signed with. It sends no access token: the address authorises the
// upload, and it may name another host.
func (c *Client) Upload(ctx context.Context, info api.UploadFileInfo, content []byte) (api.UploadResult, error) {
	var out api.UploadResult
	if info.SignedURI == "" {
		return out, errors.New("no signed upload address")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, info.SignedURI, bytes.NewReader(content))
	if err != nil {
		return out, err
	}
	for k, v := range info.Headers {
		req.Header.Set(k, v)
	}
	req.ContentLength = int64(len(content))
	if c.userAgent != "" {
		req.Header.Set("User-Agent", c.userAgent)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return out, fmt.Errorf("upload: %w", redactSignature(err))
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return out, fmt.Errorf("upload: reading answer: %w", err)
	}
	if resp.StatusCode >= 300 {
		return out, decodeError(resp.StatusCode, raw)
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return out, fmt.Errorf("upload: decoding answer: %w", err)
	}
	return out, nil
}

// redactSignature keeps the signature of an upload address out of error
// messages: a *url.Error quotes the whole address.
func redactSignature(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		if u, perr := url.Parse(ue.URL); perr == nil {
			q := u.Query()
			if q.Has(api.QuerySignature) {
				q.Set(api.QuerySignature, "REDACTED")
				u.RawQuery = q.Encode()
			}
			return &url.Error{Op: ue.Op, URL: u.String(), Err: ue.Err}
		}
	}
	return err
}

// ParseTime parses a timestamp of the API.
func ParseTime(s string) (time.Time, error) { return time.Parse(time.RFC3339Nano, s) }
