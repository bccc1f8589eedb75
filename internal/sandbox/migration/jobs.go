package migration

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	mig "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

var (
	labelKey   = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,62}$`)
	labelValue = regexp.MustCompile(`^[a-z0-9_-]{0,63}$`)
)

const maxLabels = 64

// decodeBody decodes a JSON body into v, refusing unknown fields; an empty
// body is the empty object. The body is read through the bounds of
// httpx.ReadJSON: larger than httpx.MaxBodyBytes is a 413, nested deeper
// than httpx.MaxJSONDepth a 400, each naming the limit.
func decodeBody(r *http.Request, v any) error {
	raw, err := httpx.ReadJSON(r)
	var le *httpx.LimitError
	if errors.As(err, &le) {
		return errorf(le.Status, mig.StatusInvalidArgument, "%s", le.Message)
	}
	if err != nil {
		return errorf(http.StatusBadRequest, mig.StatusInvalidArgument, "reading the request body: %v", err)
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	var fe *httpx.FieldError
	if errors.As(httpx.CheckJSON(raw), &fe) {
		return fieldError(fe.Field, fe.Reason)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errorf(http.StatusBadRequest, mig.StatusInvalidArgument, "the request body is not valid JSON for this method: %v", err)
	}
	return nil
}

func checkDisplayName(s string) error {
	if n := utf8.RuneCountInString(s); n > mig.MaxDisplayNameLength {
		return fieldError("displayName", fmt.Sprintf("must be at most %d characters, got %d", mig.MaxDisplayNameLength, n))
	}
	return nil
}

func checkLabels(labels map[string]string) error {
	if len(labels) > maxLabels {
		return fieldError("labels", fmt.Sprintf("at most %d labels, got %d", maxLabels, len(labels)))
	}
	for k, v := range labels {
		if !labelKey.MatchString(k) {
			return fieldError("labels", fmt.Sprintf("key %q must be 1 to 63 characters of lowercase letters, digits, _ and -, starting with a letter", k))
		}
		if !labelValue.MatchString(v) {
			return fieldError("labels", fmt.Sprintf("value %q of key %q must be at most 63 characters of lowercase letters, digits, _ and -", v, k))
		}
	}
	return nil
}

// checkAssetSource requires projects/{p}/locations/{l}/sources/{s} in the
// job's own project and location.
func checkAssetSource(loc, src string) error {
	if src == "" {
		return nil
	}
	rest, ok := strings.CutPrefix(src, loc+"/sources/")
	if !ok || !mig.IDRegexp.MatchString(rest) {
		return fieldError("assetSource", fmt.Sprintf("must be %s/sources/{source} with a source ID that %s; got %q", loc, mig.IDRule, src))
	}
	return nil
}

// page cuts items into the page a request asks for.
func page[T any](r *http.Request, items []T) ([]T, string, error) {
	q := r.URL.Query()
	size := 50
	if v := q.Get("pageSize"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return nil, "", fieldError("pageSize", fmt.Sprintf("must be a non-negative integer, got %q", v))
		}
		if n > 0 {
			size = min(n, 1000)
		}
	}
	start := 0
	if tok := q.Get("pageToken"); tok != "" {
		raw, err := base64.RawURLEncoding.DecodeString(tok)
		rest, ok := strings.CutPrefix(string(raw), "offset:")
		n, convErr := strconv.Atoi(rest)
		if err != nil || !ok || convErr != nil || n < 0 {
			return nil, "", fieldError("pageToken", "is not a token this service issued")
		}
		start = min(n, len(items))
	}
	end := min(start+size, len(items))
	next := ""
	if end < len(items) {
		next = base64.RawURLEncoding.EncodeToString([]byte("offset:" + strconv.Itoa(end)))
	}
	return items[start:end], next, nil
}

// listPage reads the page a request asks for of the documents of kind under
// parent, as their views.
func listPage[D, T any](tx *store.Tx, r *http.Request, kind, parent string, view func(D) T) ([]T, string, error) {
	docs, err := store.List[D](tx, kind, parent)
	if err != nil {
		return nil, "", err
	}
	docs, next, err := page(r, docs)
	var out []T
	for _, d := range docs {
		out = append(out, view(d))
	}
	return out, next, err
}

// readDoc reads the document name of kind; what names it in the 404.
func readDoc[D any](s *service, r *http.Request, kind, name, what string) (D, error) {
	var doc D
	err := s.read(r.Context(), func(tx *store.Tx) error {
		ok, err := tx.Get(kind, name, &doc)
		if err == nil && !ok {
			err = notFound(what, name)
		}
		return err
	})
	return doc, err
}

func (s *service) createJob(w http.ResponseWriter, r *http.Request) error {
	loc := locationName(r)
	q := r.URL.Query()
	id := q.Get("importJobId")
	var in mig.ImportJob
	if err := decodeBody(r, &in); err != nil {
		return err
	}
	switch {
	case id == "":
		return fieldError("importJobId", "is required")
	case !mig.IDRegexp.MatchString(id):
		return fieldError("importJobId", fmt.Sprintf("%q %s", id, mig.IDRule))
	}
	for _, err := range []error{checkDisplayName(in.DisplayName), checkLabels(in.Labels), checkAssetSource(loc, in.AssetSource)} {
		if err != nil {
			return err
		}
	}
	name := loc + "/importJobs/" + id
	return s.mutate(w, r, mutation{
		loc: loc, requestID: q.Get("requestId"), fingerprint: fingerprint(r, in),
		verb: "create", target: name,
		apply: func(tx *store.Tx, now time.Time, op *opDoc) error {
			var existing jobDoc
			ok, err := tx.Get(kindJob, name, &existing)
			if err != nil {
				return err
			}
			if ok {
				return errorf(http.StatusConflict, mig.StatusAlreadyExists, "import job %s already exists", name)
			}
			job := mig.ImportJob{
				Name:        name,
				DisplayName: in.DisplayName,
				Labels:      in.Labels,
				AssetSource: in.AssetSource,
				State:       mig.JobStatePending,
				CreateTime:  formatTime(now),
				UpdateTime:  formatTime(now),
			}
			op.Action = actionCreateJob
			return tx.Put(kindJob, name, loc, jobDoc{Job: job})
		},
	})
}

func (s *service) listJobs(w http.ResponseWriter, r *http.Request) error {
	var out mig.ListImportJobsResponse
	err := s.read(r.Context(), func(tx *store.Tx) (err error) {
		out.ImportJobs, out.NextPageToken, err = listPage(tx, r, kindJob, locationName(r), func(d jobDoc) mig.ImportJob { return d.Job })
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *service) getJob(w http.ResponseWriter, r *http.Request) error {
	doc, err := readDoc[jobDoc](s, r, kindJob, jobName(r), "import job")
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, doc.Job)
	return nil
}

func (s *service) updateJob(w http.ResponseWriter, r *http.Request) error {
	loc, name := locationName(r), jobName(r)
	q := r.URL.Query()
	var in mig.ImportJob
	if err := decodeBody(r, &in); err != nil {
		return err
	}
	var mask []string
	for _, f := range strings.Split(q.Get("updateMask"), ",") {
		if f = strings.TrimSpace(f); f != "" {
			mask = append(mask, f)
		}
	}
	if len(mask) == 0 {
		return fieldError("updateMask", "is required: name the fields to change, displayName and/or labels")
	}
	for _, f := range mask {
		var err error
		switch f {
		case "displayName":
			err = checkDisplayName(in.DisplayName)
		case "labels":
			err = checkLabels(in.Labels)
		default:
			err = fieldError("updateMask", fmt.Sprintf("%q can not be updated; updatable fields are displayName and labels", f))
		}
		if err != nil {
			return err
		}
	}
	return s.mutate(w, r, mutation{
		loc: loc, requestID: q.Get("requestId"), fingerprint: fingerprint(r, in),
		verb: "update", target: name,
		apply: func(tx *store.Tx, _ time.Time, op *opDoc) error {
			var doc jobDoc
			ok, err := tx.Get(kindJob, name, &doc)
			if err != nil {
				return err
			}
			if !ok {
				return notFound("import job", name)
			}
			if doc.Deleting {
				return errorf(http.StatusBadRequest, mig.StatusFailedPrecondition, "import job %s is being deleted", name)
			}
			op.Action = actionUpdateJob
			op.Update = &mig.ImportJob{DisplayName: in.DisplayName, Labels: in.Labels}
			op.Mask = mask
			return nil
		},
	})
}

func (s *service) deleteJob(w http.ResponseWriter, r *http.Request) error {
	loc, name := locationName(r), jobName(r)
	q := r.URL.Query()
	force := false
	if v := q.Get("force"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fieldError("force", fmt.Sprintf("must be true or false, got %q", v))
		}
		force = b
	}
	return s.mutate(w, r, mutation{
		loc: loc, requestID: q.Get("requestId"), fingerprint: fingerprint(r, nil),
		verb: "delete", target: name,
		apply: func(tx *store.Tx, _ time.Time, op *opDoc) error {
			var doc jobDoc
			ok, err := tx.Get(kindJob, name, &doc)
			if err != nil {
				return err
			}
			if !ok {
				return notFound("import job", name)
			}
			if !force {
				files, err := store.List[fileDoc](tx, kindFile, name)
				if err != nil {
					return err
				}
				if len(files) > 0 {
					return errorf(http.StatusBadRequest, mig.StatusFailedPrecondition,
						"import job %s holds %d import data file(s); delete them first or delete with force=true", name, len(files))
				}
			}
			doc.Deleting = true
			op.Action = actionDeleteJob
			op.Force = force
			return tx.Put(kindJob, name, loc, doc)
		},
	})
}
