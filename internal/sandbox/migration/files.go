package migration

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	mig "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

func (s *service) createFile(w http.ResponseWriter, r *http.Request) error {
	loc, job := locationName(r), jobName(r)
	q := r.URL.Query()
	id := q.Get("importDataFileId")
	var in mig.ImportDataFile
	if err := decodeBody(r, &in); err != nil {
		return err
	}
	switch {
	case id == "":
		return fieldError("importDataFileId", "is required")
	case !mig.IDRegexp.MatchString(id):
		return fieldError("importDataFileId", fmt.Sprintf("%q %s", id, mig.IDRule))
	}
	if err := checkDisplayName(in.DisplayName); err != nil {
		return err
	}
	format := in.Format
	if format == "" {
		format = mig.FormatUnspecified
	}
	if !slices.Contains(mig.Formats, format) {
		return fieldError("format", fmt.Sprintf("%q is not a format; use one of %s", in.Format, strings.Join(mig.Formats, ", ")))
	}
	// Output-only fields a client sends are ignored, as the contract says.
	in = mig.ImportDataFile{DisplayName: in.DisplayName, Format: in.Format}
	name := job + "/importDataFiles/" + id
	base := s.publicURL(r)
	return s.mutate(w, r, mutation{
		loc: loc, requestID: q.Get("requestId"), fingerprint: fingerprint(r, in),
		verb: "create", target: name,
		apply: func(tx *store.Tx, now time.Time, op *opDoc) error {
			var parent jobDoc
			ok, err := tx.Get(kindJob, job, &parent)
			if err != nil {
				return err
			}
			if !ok {
				return notFound("import job", job)
			}
			if parent.Deleting {
				return errorf(http.StatusBadRequest, mig.StatusFailedPrecondition, "import job %s is being deleted and accepts no new data files", job)
			}
			var existing fileDoc
			ok, err = tx.Get(kindFile, name, &existing)
			if err != nil {
				return err
			}
			if ok {
				return errorf(http.StatusConflict, mig.StatusAlreadyExists, "import data file %s already exists", name)
			}
			uid := make([]byte, 16)
			if _, err := rand.Read(uid); err != nil {
				return err
			}
			doc := fileDoc{UID: hex.EncodeToString(uid), File: mig.ImportDataFile{
				Name:        name,
				DisplayName: in.DisplayName,
				Format:      format,
				CreateTime:  formatTime(now),
				State:       mig.FileStateCreating,
			}}
			info := s.sign(base, name, doc.UID, format, now.Add(s.cfg.UploadURLTTL))
			doc.File.UploadFileInfo = &info
			op.Action = actionCreateFile
			return tx.Put(kindFile, name, job, doc)
		},
	})
}

// publicURL is the base of signed upload addresses.
func (s *service) publicURL(r *http.Request) string {
	if s.cfg.PublicURL != "" {
		return s.cfg.PublicURL
	}
	scheme := "https"
	if r.TLS == nil {
		scheme = "http"
	}
	return scheme + "://" + r.Host
}

func (s *service) listFiles(w http.ResponseWriter, r *http.Request) error {
	job := jobName(r)
	var out mig.ListImportDataFilesResponse
	err := s.read(r.Context(), func(tx *store.Tx) error {
		ok, err := tx.Get(kindJob, job, &jobDoc{})
		if err != nil {
			return err
		}
		if !ok {
			return notFound("import job", job)
		}
		out.ImportDataFiles, out.NextPageToken, err = listPage(tx, r, kindFile, job, func(d fileDoc) mig.ImportDataFile { return d.File })
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *service) getFile(w http.ResponseWriter, r *http.Request) error {
	doc, err := readDoc[fileDoc](s, r, kindFile, fileName(r), "import data file")
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, doc.File)
	return nil
}

func (s *service) deleteFile(w http.ResponseWriter, r *http.Request) error {
	loc, name := locationName(r), fileName(r)
	return s.mutate(w, r, mutation{
		loc: loc, requestID: r.URL.Query().Get("requestId"), fingerprint: fingerprint(r, nil),
		verb: "delete", target: name,
		apply: func(tx *store.Tx, _ time.Time, op *opDoc) error {
			var doc fileDoc
			ok, err := tx.Get(kindFile, name, &doc)
			if err != nil {
				return err
			}
			if !ok {
				return notFound("import data file", name)
			}
			doc.File.State = mig.FileStateDeleting
			op.Action = actionDeleteFile
			return tx.Put(kindFile, name, parentOfFile(name), doc)
		},
	})
}
