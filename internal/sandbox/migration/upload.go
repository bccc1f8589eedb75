package migration

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"log"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	mig "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// contentDoc describes the uploaded content of a data file; the content
// itself is the store blob of the same kind and name (streamed in and out
// a chunk at a time). Data is the content as an earlier version kept it,
// in the document.
type contentDoc struct {
	ContentType string `json:"contentType"`
	Data        []byte `json:"data,omitempty"`
	Size        int64  `json:"size"`
	SHA256      string `json:"sha256"`
	UploadTime  string `json:"uploadTime"`
}

// bodyReader reads a request's content, hashing and counting it, and
// keeps its own error apart from the store's.
type bodyReader struct {
	r    io.Reader
	hash hash.Hash
	n    int64
	err  error
}

func (b *bodyReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.hash.Write(p[:n])
	b.n += int64(n)
	if err != nil && err != io.EOF {
		b.err = err
	}
	return n, err
}

// contentTypes is the media type a format's content is uploaded as.
var contentTypes = map[string]string{
	mig.FormatUnspecified:      "application/octet-stream",
	mig.FormatCMDB:             "application/octet-stream",
	mig.FormatRVToolsXLSX:      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	mig.FormatRVToolsCSV:       "text/csv",
	mig.FormatExportedAWSCSV:   "text/csv",
	mig.FormatExportedAzureCSV: "text/csv",
	mig.FormatManualCSV:        "text/csv",
}

// signedHeaderNames are the headers every upload address is signed with, in
// signing order.
var signedHeaderNames = []string{strings.ToLower(mig.HeaderContentType), mig.HeaderContentLengthRange}

func uploadPath(name string) string { return "/upload/" + mig.APIVersion + "/" + name }

// mac is the signature of an upload address.
func (s *service) mac(path, expires, signedHeaders string, header func(string) string, uid string) []byte {
	m := hmac.New(sha256.New, s.key)
	fmt.Fprintf(m, "PUT\n%s\n%s\n%s\n", path, expires, signedHeaders)
	for _, h := range strings.Split(signedHeaders, ";") {
		fmt.Fprintf(m, "%s:%s\n", h, strings.TrimSpace(header(h)))
	}
	m.Write([]byte(uid))
	return m.Sum(nil)
}

// sign issues the upload address of a data file.
func (s *service) sign(base, name, uid, format string, expiry time.Time) mig.UploadFileInfo {
	return s.signURI(base, name, uid, "", format, expiry)
}

// signKey is what binds an address to this incarnation of the file (uid)
// and, for an address of POST {file}/uploadUris, to its ID.
func signKey(uid, uploadURI string) string {
	if uploadURI == "" {
		return uid
	}
	return uid + "\n" + uploadURI
}

// signURI issues an upload address of a data file; uploadURI is the ID of
// an address of POST {file}/uploadUris, "" for the file's own.
func (s *service) signURI(base, name, uid, uploadURI, format string, expiry time.Time) mig.UploadFileInfo {
	headers := map[string]string{
		mig.HeaderContentType:        contentTypes[format],
		mig.HeaderContentLengthRange: fmt.Sprintf("0,%d", s.cfg.MaxUploadBytes),
	}
	byLower := map[string]string{}
	for k, v := range headers {
		byLower[strings.ToLower(k)] = v
	}
	path := uploadPath(name)
	expires := strconv.FormatInt(expiry.Unix(), 10)
	signed := strings.Join(signedHeaderNames, ";")
	sig := s.mac(path, expires, signed, func(h string) string { return byLower[h] }, signKey(uid, uploadURI))
	q := url.Values{}
	if uploadURI != "" {
		q.Set(mig.QueryUploadURI, uploadURI)
	}
	q.Set(mig.QueryExpires, expires)
	q.Set(mig.QuerySignedHeaders, signed)
	q.Set(mig.QuerySignature, hex.EncodeToString(sig))
	return mig.UploadFileInfo{
		SignedURI:         base + path + "?" + q.Encode(),
		Headers:           headers,
		URIExpirationTime: formatTime(time.Unix(expiry.Unix(), 0)),
	}
}

// upload is PUT /upload/v1alpha1/{file}: the content of a data file, to a
// signed address.
func (s *service) upload(w http.ResponseWriter, r *http.Request, name string) error {
	if _, _, _, _, err := mig.ParseImportDataFileName(name); err != nil {
		return errorf(http.StatusNotFound, mig.StatusNotFound, "no such upload address %s", r.URL.Path)
	}
	// Check the address before reading the content.
	uid, err := s.verifyUpload(r, name)
	if err != nil {
		return err
	}
	lo, hi, err := lengthRange(r.Header.Get(mig.HeaderContentLengthRange))
	if err != nil {
		return err
	}
	outside := func(what string) error {
		return errorf(http.StatusBadRequest, mig.StatusInvalidArgument,
			"the content is %s, outside the signed range %d to %d bytes (%s)", what, lo, hi, mig.HeaderContentLengthRange)
	}
	if r.ContentLength > hi {
		return outside(fmt.Sprintf("%d bytes", r.ContentLength))
	}
	// The content goes to the store as it comes, a chunk at a time, and
	// is hashed on the way: it is never whole in memory.
	body := &bodyReader{r: io.LimitReader(r.Body, hi+1), hash: sha256.New()}
	blob, err := s.store.WriteBlob(r.Context(), body)
	if err != nil {
		if body.err != nil {
			return errorf(http.StatusBadRequest, mig.StatusInvalidArgument, "reading the content: %v", body.err)
		}
		return err
	}
	if n := blob.Size; n < lo || n > hi {
		s.store.DiscardBlob(context.WithoutCancel(r.Context()), blob)
		if n > hi {
			return outside(fmt.Sprintf("more than %d bytes", hi))
		}
		return outside(fmt.Sprintf("%d bytes", n))
	}
	now := s.now()
	doc := contentDoc{
		ContentType: r.Header.Get(mig.HeaderContentType),
		Size:        blob.Size,
		SHA256:      hex.EncodeToString(body.hash.Sum(nil)),
		UploadTime:  formatTime(now),
	}
	err = s.store.Tx(r.Context(), func(tx *store.Tx) error {
		var f fileDoc
		ok, err := tx.Get(kindFile, name, &f)
		if err != nil {
			return err
		}
		if !ok || f.UID != uid || f.File.State == mig.FileStateDeleting {
			return notFound("import data file", name)
		}
		if err := tx.SetBlob(kindContent, name, blob); err != nil {
			return err
		}
		return tx.Put(kindContent, name, parentOfFile(name), doc)
	})
	if err != nil {
		s.store.DiscardBlob(context.WithoutCancel(r.Context()), blob)
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, mig.UploadResult{
		Name:        name,
		ContentType: doc.ContentType,
		Size:        doc.Size,
		SHA256:      doc.SHA256,
		UploadTime:  doc.UploadTime,
	})
	return nil
}

// verifyUpload checks the signature and expiry of an upload request and
// returns the UID of the data file it is for.
//
// Whoever sends the request is unauthenticated until the signature
// matches: an address of a data file that does not exist is answered
// exactly as a signature that does not match (same status, same body, and
// the signature computed all the same), so that no one learns from a PUT
// which data files, of whichever account, exist. Only a caller whose
// signature matches hears that the file is being deleted.
func (s *service) verifyUpload(r *http.Request, name string) (string, error) {
	var f fileDoc
	var exists bool
	err := s.read(r.Context(), func(tx *store.Tx) (err error) {
		exists, err = tx.Get(kindFile, name, &f)
		return err
	})
	if err != nil {
		return "", err
	}
	if !exists {
		// A key no signature was made with: the signature cannot match.
		f = fileDoc{UID: "no data file " + name}
	}
	q := r.URL.Query()
	expires, signed, sigHex := q.Get(mig.QueryExpires), q.Get(mig.QuerySignedHeaders), q.Get(mig.QuerySignature)
	uploadURI := q.Get(mig.QueryUploadURI)
	want := s.mac(r.URL.Path, expires, signed, r.Header.Get, signKey(f.UID, uploadURI))
	got, err := hex.DecodeString(sigHex)
	if !exists || err != nil || sigHex == "" || signed != strings.Join(signedHeaderNames, ";") || !hmac.Equal(got, want) {
		return "", errorf(http.StatusForbidden, mig.StatusPermissionDenied,
			"the signature does not match the request: use the signedUri exactly as issued and send exactly its headers (%s), "+
				"to a data file that exists", strings.Join(signedHeaderNames, ", "))
	}
	if f.File.State == mig.FileStateDeleting {
		return "", notFound("import data file", name)
	}
	exp, err := strconv.ParseInt(expires, 10, 64)
	if err != nil {
		return "", errorf(http.StatusForbidden, mig.StatusPermissionDenied, "the signed upload address has no valid expiry")
	}
	if expiry := time.Unix(exp, 0); !s.now().Before(expiry) {
		return "", errorf(http.StatusForbidden, mig.StatusPermissionDenied,
			"the signed upload address expired at %s; create the import data file again for a new one", formatTime(expiry))
	}
	if uploadURI != "" {
		if err := s.checkUploadURI(r, name, uploadURI); err != nil {
			return "", err
		}
	}
	return f.UID, nil
}

// lengthRange parses "min,max" of the (signed) content-length-range header.
func lengthRange(v string) (int64, int64, error) {
	lo, hi, ok := strings.Cut(v, ",")
	a, errA := strconv.ParseInt(strings.TrimSpace(lo), 10, 64)
	b, errB := strconv.ParseInt(strings.TrimSpace(hi), 10, 64)
	if !ok || errA != nil || errB != nil || a < 0 || b < a {
		return 0, 0, errorf(http.StatusBadRequest, mig.StatusInvalidArgument, "header %s must be min,max in bytes, got %q", mig.HeaderContentLengthRange, v)
	}
	return a, b, nil
}

// download is GET /v1alpha1/{file}?alt=media: the uploaded content.
func (s *service) download(w http.ResponseWriter, r *http.Request) error {
	name := fileName(r)
	var doc contentDoc
	var blob store.Blob
	err := s.read(r.Context(), func(tx *store.Tx) error {
		var f fileDoc
		ok, err := tx.Get(kindFile, name, &f)
		if err != nil {
			return err
		}
		if !ok {
			return notFound("import data file", name)
		}
		ok, err = tx.Get(kindContent, name, &doc)
		if err == nil && !ok {
			err = errorf(http.StatusNotFound, mig.StatusNotFound, "import data file %s has no uploaded content yet", name)
		}
		if err != nil || doc.Data != nil {
			return err
		}
		blob, ok, err = tx.GetBlob(kindContent, name)
		if err == nil && !ok && doc.Size > 0 {
			err = fmt.Errorf("the content of %s is missing from the store", name)
		}
		return err
	})
	if err != nil {
		return err
	}
	ct := doc.ContentType
	if ct == "" {
		ct = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("X-Content-Sha256", doc.SHA256)
	if doc.Data != nil {
		// Kept by an earlier version, in the document.
		w.Header().Set("Content-Length", strconv.Itoa(len(doc.Data)))
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(doc.Data)
		return nil
	}
	w.Header().Set("Content-Length", strconv.FormatInt(blob.Size, 10))
	w.WriteHeader(http.StatusOK)
	if blob.Size == 0 {
		return nil
	}
	// Streamed a chunk at a time. Once the answer has started, a failure
	// can only cut it short (the client sees fewer bytes than
	// Content-Length): log it, and answer nothing more.
	if err := s.store.ReadBlob(r.Context(), blob, w); err != nil {
		log.Printf("migration: the content of %s was cut short: %v", name, err)
	}
	return nil
}
