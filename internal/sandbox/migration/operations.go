package migration

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	mig "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Stored documents. The API shapes are wrapped with what only the service
// knows.

type jobDoc struct {
	Job      mig.ImportJob `json:"job"`
	Deleting bool          `json:"deleting,omitempty"`
}

type fileDoc struct {
	File mig.ImportDataFile `json:"file"`
	// UID identifies this incarnation of the name; upload signatures cover it.
	UID string `json:"uid"`
}

// Operation actions.
const (
	actionCreateJob  = "createJob"
	actionUpdateJob  = "updateJob"
	actionDeleteJob  = "deleteJob"
	actionCreateFile = "createFile"
	actionDeleteFile = "deleteFile"
)

type opDoc struct {
	Op     mig.Operation `json:"op"`
	DueAt  time.Time     `json:"dueAt"`
	Action string        `json:"action"`
	// Update and Mask are the change of an updateJob.
	Update *mig.ImportJob `json:"update,omitempty"`
	Mask   []string       `json:"mask,omitempty"`
	// Force deletes a job's data files with it.
	Force bool `json:"force,omitempty"`
}

// requestDoc remembers a requestId: the request it came with and the
// operation that request started.
type requestDoc struct {
	Fingerprint string    `json:"fingerprint"`
	Operation   string    `json:"operation"`
	CreatedAt   time.Time `json:"createdAt"`
}

// typed adds the "@type" member to a resource.
type typedJob struct {
	Type string `json:"@type"`
	mig.ImportJob
}

type typedFile struct {
	Type string `json:"@type"`
	mig.ImportDataFile
}

type typedEmpty struct {
	Type string `json:"@type"`
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only plain structs of strings and maps are marshalled
	}
	return b
}

// locationOf returns projects/{p}/locations/{l} of an operation name.
func locationOf(opName string) string {
	loc, _, _ := strings.Cut(opName, "/operations/")
	return loc
}

// settle completes, in the order they were due, every operation due by now.
func (s *service) settle(tx *store.Tx, now time.Time) error {
	ops, err := store.List[opDoc](tx, kindOperation, pendingParent)
	if err != nil {
		return err
	}
	sort.SliceStable(ops, func(i, j int) bool { return ops[i].DueAt.Before(ops[j].DueAt) })
	for i := range ops {
		op := &ops[i]
		if op.DueAt.After(now) {
			continue
		}
		if err := s.complete(tx, op); err != nil {
			return err
		}
		op.Op.Done = true
		op.Op.Metadata.EndTime = formatTime(op.DueAt)
		if err := tx.Put(kindOperation, op.Op.Name, locationOf(op.Op.Name), op); err != nil {
			return err
		}
	}
	return nil
}

// complete applies the change of an operation that is due and sets its
// response or error.
func (s *service) complete(tx *store.Tx, op *opDoc) error {
	target := op.Op.Metadata.Target
	switch op.Action {
	case actionCreateJob, actionUpdateJob:
		var doc jobDoc
		ok, err := tx.Get(kindJob, target, &doc)
		if err != nil {
			return err
		}
		if !ok {
			op.Op.Error = operationError(mig.StatusNotFound, fmt.Sprintf("import job %s was deleted before the operation finished", target))
			return nil
		}
		if op.Action == actionUpdateJob && op.Update != nil {
			for _, f := range op.Mask {
				switch f {
				case "displayName":
					doc.Job.DisplayName = op.Update.DisplayName
				case "labels":
					doc.Job.Labels = op.Update.Labels
				}
			}
			doc.Job.UpdateTime = formatTime(op.DueAt)
			if err := tx.Put(kindJob, target, locationOf(op.Op.Name), doc); err != nil {
				return err
			}
		}
		op.Op.Response = mustJSON(typedJob{Type: mig.TypeImportJob, ImportJob: doc.Job})
	case actionDeleteJob:
		if op.Force {
			files, err := store.List[fileDoc](tx, kindFile, target)
			if err != nil {
				return err
			}
			for _, f := range files {
				if err := deleteFileDocs(tx, f.File.Name); err != nil {
					return err
				}
			}
		}
		if _, err := tx.Delete(kindJob, target); err != nil {
			return err
		}
		op.Op.Response = mustJSON(typedEmpty{Type: mig.TypeEmpty})
	case actionCreateFile:
		var doc fileDoc
		ok, err := tx.Get(kindFile, target, &doc)
		if err != nil {
			return err
		}
		if !ok {
			op.Op.Error = operationError(mig.StatusNotFound, fmt.Sprintf("import data file %s was deleted before it was created", target))
			return nil
		}
		if doc.File.State == mig.FileStateCreating {
			doc.File.State = mig.FileStateActive
			if err := tx.Put(kindFile, target, parentOfFile(target), doc); err != nil {
				return err
			}
		}
		op.Op.Response = mustJSON(typedFile{Type: mig.TypeImportDataFile, ImportDataFile: doc.File})
	case actionDeleteFile:
		if err := deleteFileDocs(tx, target); err != nil {
			return err
		}
		op.Op.Response = mustJSON(typedEmpty{Type: mig.TypeEmpty})
	default:
		return fmt.Errorf("operation %s has unknown action %q", op.Op.Name, op.Action)
	}
	return nil
}

func deleteFileDocs(tx *store.Tx, name string) error {
	if _, err := tx.Delete(kindFile, name); err != nil {
		return err
	}
	if _, err := tx.Delete(kindContent, name); err != nil {
		return err
	}
	if _, err := tx.DeleteBlob(kindContent, name); err != nil {
		return err
	}
	return deleteUploadURIs(tx, name)
}

// parentOfFile returns the import job name of a data file name.
func parentOfFile(name string) string {
	job, _, _ := strings.Cut(name, "/importDataFiles/")
	return job
}

// mutation is one create, update or delete: what the request checks and
// changes inside the transaction, returning the operation it starts.
type mutation struct {
	loc         string
	requestID   string
	fingerprint string
	verb        string
	target      string
	apply       func(tx *store.Tx, now time.Time, op *opDoc) error
}

// mutate runs m in a transaction with requestId idempotency and answers the
// operation.
func (s *service) mutate(w http.ResponseWriter, r *http.Request, m mutation) error {
	if err := mig.CheckRequestID(m.requestID); err != nil {
		return fieldError("requestId", err.Error())
	}
	var answer opDoc
	err := s.store.Tx(r.Context(), func(tx *store.Tx) error {
		now := s.now()
		if err := s.settle(tx, now); err != nil {
			return err
		}
		reqKey := m.loc + "|" + m.requestID
		if m.requestID != "" {
			var rec requestDoc
			ok, err := tx.Get(kindRequest, reqKey, &rec)
			if err != nil {
				return err
			}
			if ok && now.Sub(rec.CreatedAt) < s.cfg.RequestIDRetention {
				if rec.Fingerprint != m.fingerprint {
					return errorf(http.StatusConflict, mig.StatusAborted,
						"requestId %s was already used for a different request within the last %s", m.requestID, s.cfg.RequestIDRetention)
				}
				found, err := tx.Get(kindOperation, rec.Operation, &answer)
				if err != nil {
					return err
				}
				if !found {
					return errorf(http.StatusInternalServerError, mig.StatusInternal, "operation %s of requestId %s is missing", rec.Operation, m.requestID)
				}
				return nil
			}
		}
		// A random ID: a counter shared by every account told each how
		// busy the others are, and let it guess their operations' names.
		op := opDoc{
			Op: mig.Operation{
				Name: fmt.Sprintf("%s/operations/operation-%s", m.loc, strings.ToLower(rand.Text()[:16])),
				Metadata: mig.OperationMetadata{
					Type:       mig.TypeOperationMetadata,
					CreateTime: formatTime(now),
					Target:     m.target,
					Verb:       m.verb,
					APIVersion: mig.APIVersion,
				},
			},
			DueAt: now.Add(s.cfg.OperationDelay),
		}
		if err := m.apply(tx, now, &op); err != nil {
			return err
		}
		if err := tx.Put(kindOperation, op.Op.Name, pendingParent, op); err != nil {
			return err
		}
		if m.requestID != "" {
			rec := requestDoc{Fingerprint: m.fingerprint, Operation: op.Op.Name, CreatedAt: now}
			if err := tx.Put(kindRequest, reqKey, m.loc, rec); err != nil {
				return err
			}
		}
		// With no delay the operation is due now and finishes in this answer.
		if err := s.settle(tx, now); err != nil {
			return err
		}
		_, err := tx.Get(kindOperation, op.Op.Name, &answer)
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, answer.Op)
	return nil
}

func (s *service) getOperation(w http.ResponseWriter, r *http.Request) error {
	name := locationName(r) + "/operations/" + r.PathValue("operation")
	var doc opDoc
	err := s.read(r.Context(), func(tx *store.Tx) error {
		ok, err := tx.Get(kindOperation, name, &doc)
		if err != nil {
			return err
		}
		if !ok {
			return notFound("operation", name)
		}
		return nil
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, doc.Op)
	return nil
}

// read runs fn in a transaction after completing the operations that are
// due.
func (s *service) read(ctx context.Context, fn func(tx *store.Tx) error) error {
	return s.store.Tx(ctx, func(tx *store.Tx) error {
		if err := s.settle(tx, s.now()); err != nil {
			return err
		}
		return fn(tx)
	})
}

// fingerprint identifies a request for requestId reuse: method, path, query
// without requestId, and the body as decoded (so that formatting does not
// matter).
func fingerprint(r *http.Request, body any) string {
	q := r.URL.Query()
	q.Del("requestId")
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n", r.Method, r.URL.Path, q.Encode())
	if body != nil {
		_ = json.NewEncoder(h).Encode(body)
	}
	return hex.EncodeToString(h.Sum(nil))
}
