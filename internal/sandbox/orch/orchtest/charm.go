package orchtest

import (
	"archive/zip"
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// CharmArchive builds a .charm archive (a zip) holding files, by name, for
// the tests of local charms.
func CharmArchive(t testing.TB, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(files[name])); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// WriteCharm writes a charm archive named name with metadata.yaml
// "name: <charm>", a manifest for ubuntu 22.04 and the given extra files
// into dir and answers its path.
func WriteCharm(t testing.TB, dir, file, charm string, extra map[string]string) string {
	t.Helper()
	files := map[string]string{
		"metadata.yaml": "name: " + charm + "\nsummary: a test charm\n",
		"manifest.yaml": "bases:\n  - name: ubuntu\n    channel: \"22.04\"\n",
	}
	maps.Copy(files, extra)
	p := filepath.Join(dir, file)
	if err := os.WriteFile(p, CharmArchive(t, files), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
