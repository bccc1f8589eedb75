package migration

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	mig "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

type contentDoc struct {
	ContentType string `json:"contentType"`
	Data        []byte `json:"data"`
	SHA256      string `json:"sha256"`
	UploadTime  string `json:"uploadTime"`
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
	data, err := io.ReadAll(io.LimitReader(r.Body, hi+1))
	if err != nil {
		return errorf(http.StatusBadRequest, mig.StatusInvalidArgument, "reading the content: %v", err)
	}
	if n := int64(len(data)); n < lo || n > hi {
		what := fmt.Sprintf("%d bytes", n)
		if n > hi {
			what = fmt.Sprintf("more than %d bytes", hi)
		}
		return errorf(http.StatusBadRequest, mig.StatusInvalidArgument,
			"the content is %s, outside the signed range %d to %d bytes (%s)", what, lo, hi, mig.HeaderContentLengthRange)
	}
	sum := sha256.Sum256(data)
	now := s.now()
	doc := contentDoc{
		ContentType: r.Header.Get(mig.HeaderContentType),
		Data:        data,
		SHA256:      hex.EncodeToString(sum[:]),
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
		return tx.Put(kindContent, name, parentOfFile(name), doc)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, mig.UploadResult{
		Name:        name,
		ContentType: doc.ContentType,
		Size:        int64(len(data)),
		SHA256:      doc.SHA256,
		UploadTime:  doc.UploadTime,
	})
	return nil
}

// verifyUpload checks the signature and expiry of an upload request and
// returns the UID of the data file it is for.
func (s *service) verifyUpload(r *http.Request, name string) (string, error) {
	var f fileDoc
	err := s.read(r.Context(), func(tx *store.Tx) error {
		ok, err := tx.Get(kindFile, name, &f)
		if err == nil && (!ok || f.File.State == mig.FileStateDeleting) {
			err = notFound("import data file", name)
		}
		return err
	})
	if err != nil {
		return "", err
	}
	q := r.URL.Query()
	expires, signed, sigHex := q.Get(mig.QueryExpires), q.Get(mig.QuerySignedHeaders), q.Get(mig.QuerySignature)
	uploadURI := q.Get(mig.QueryUploadURI)
	want := s.mac(r.URL.Path, expires, signed, r.Header.Get, signKey(f.UID, uploadURI))
	got, err := hex.DecodeString(sigHex)
	if err != nil || sigHex == "" || signed != strings.Join(signedHeaderNames, ";") || !hmac.Equal(got, want) {
		return "", errorf(http.StatusForbidden, mig.StatusPermissionDenied,
			"the signature does not match the request: use the signedUri exactly as issued and send exactly its headers (%s)",
			strings.Join(signedHeaderNames, ", "))
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
	w.Header().Set("Content-Length", strconv.Itoa(len(doc.Data)))
	w.Header().Set("X-Content-Sha256", doc.SHA256)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(doc.Data)
	return nil
}
