package reliability

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/migration"
	"github.com/iacsuite/providers/internal/sandbox/migration/migrationtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// TestR8LocalUser is the part of the security suite about what another
// local user, or whoever holds an old token or an upload address, can do
// (issue 34, item 9): tokens after a password change or a disable, the
// memory an upload takes, state directories prepared by someone else, the
// upload addresses as an oracle, and the orch CLI's records.
func TestR8LocalUser(t *testing.T) {
	bin := relBin(t)
	sb := startSandbox(t, bin)
	orchURL := sb.urls["orch"]

	t.Run("tokens after password change or disable", func(t *testing.T) {
		login := func(user, password string, want int) string {
			body := do(t, sb.http, "", http.MethodPost, orchURL+"/v1/login", `{"username": "`+user+`", "password": "`+password+`"}`, want)
			if want != http.StatusOK {
				return ""
			}
			return jsonField(t, body, "token")
		}
		whoami := orchURL + "/v1/users/r8-dave"
		admin := login("admin", orchPassword, http.StatusOK)
		do(t, sb.http, admin, http.MethodPost, orchURL+"/v1/users", `{"name": "r8-dave", "password": "r8-dave-password-1"}`, http.StatusCreated)
		checked := 0
		check := func(token string, want int) {
			t.Helper()
			do(t, sb.http, token, http.MethodGet, whoami, "", want)
			checked++
		}

		// The user changes their own password: the token it was done with,
		// and another session's, end.
		first := login("r8-dave", "r8-dave-password-1", http.StatusOK)
		second := login("r8-dave", "r8-dave-password-1", http.StatusOK)
		check(first, http.StatusOK)
		do(t, sb.http, first, http.MethodPatch, whoami, `{"password": "r8-dave-password-2"}`, http.StatusOK)
		check(first, http.StatusUnauthorized)
		check(second, http.StatusUnauthorized)
		login("r8-dave", "r8-dave-password-1", http.StatusUnauthorized)
		checked++

		// The admin disables the user, then enables it: the old token
		// stays dead; a new login works.
		third := login("r8-dave", "r8-dave-password-2", http.StatusOK)
		check(third, http.StatusOK)
		do(t, sb.http, admin, http.MethodPatch, whoami, `{"disabled": true}`, http.StatusOK)
		check(third, http.StatusUnauthorized)
		do(t, sb.http, admin, http.MethodPatch, whoami, `{"disabled": false}`, http.StatusOK)
		check(third, http.StatusUnauthorized)
		check(login("r8-dave", "r8-dave-password-2", http.StatusOK), http.StatusOK)
		check(admin, http.StatusOK)
		Report(t, Row{Scenario: "R8 security: tokens after password change or disable", Runs: 1, Checked: checked,
			Detail: "a password change ends the user's tokens (the one it was made with and another session's: 401); disabled then enabled, the old token stays 401; a new login works; the admin's token untouched: held"})
	})

	t.Run("migration upload memory", func(t *testing.T) {
		size := migration.DefaultMaxUploadBytes

		// In process, sealed as serve seals: what the whole process
		// allocates for one upload.
		st, err := store.OpenWith(filepath.Join(t.TempDir(), "migration.db"), store.Options{Key: bytes.Repeat([]byte{5}, 32)})
		require.NoError(t, err)
		defer st.Close()
		clock := migrationtest.NewClock(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
		h, err := migration.New(migration.Config{Store: st, Now: clock.Now})
		require.NoError(t, err)
		srv := httptest.NewServer(h)
		defer srv.Close()
		local := srv.URL
		info := newDataFile(t, http.DefaultClient, local, migration.DefaultToken, "projects/r8/locations/l1", "mem")
		data := bytes.Repeat([]byte("r8-upload-bytes!"), size/16)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		status, answer := putUpload(t, http.DefaultClient, info, data)
		runtime.ReadMemStats(&after)
		require.Equal(t, http.StatusOK, status, answer)
		allocated := after.TotalAlloc - before.TotalAlloc
		// 415 MiB before the content was streamed.
		require.Less(t, allocated, uint64(16<<20), "allocated for one upload of %d bytes", size)

		// The served sandbox: its peak resident memory before and after.
		pid := sb.cmd.Process.Pid
		hwmBefore, ok := peakRSS(pid)
		served := newDataFile(t, sb.http, sb.urls["migration"], migration.DefaultToken, "projects/r8/locations/l1", "served")
		status, answer = putUpload(t, sb.http, served, data)
		require.Equal(t, http.StatusOK, status, answer)
		detail := fmt.Sprintf("one %d MiB upload: %.1f MiB allocated in all in process (bound 16 MiB; 415 MiB before streaming)", size>>20, float64(allocated)/(1<<20))
		if hwmAfter, ok2 := peakRSS(pid); ok && ok2 {
			grown := hwmAfter - hwmBefore
			// 590 MB of peak before streaming.
			require.Less(t, grown, int64(128<<20), "sandbox serve's peak resident memory grew by %d bytes", grown)
			detail += fmt.Sprintf("; sandbox serve's peak RSS %d MiB -> %d MiB (+%.1f MiB)", hwmBefore>>20, hwmAfter>>20, float64(grown)/(1<<20))
		}
		Report(t, Row{Scenario: "R8 security: migration upload memory", Runs: 2, Checked: 2, Detail: detail + ": held"})
	})

	t.Run("upload address existence oracle", func(t *testing.T) {
		mig := sb.urls["migration"]
		mine := newDataFile(t, sb.http, mig, migration.DefaultToken, "projects/r8/locations/l1", "mine")
		// The second account's token, generated at the sandbox's first
		// start and printed in its environment.
		other := sb.exports["SANDBOX_MIGRATION_OTHER_TOKEN"]
		require.NotEmpty(t, other, "sandbox serve printed no SANDBOX_MIGRATION_OTHER_TOKEN")
		theirs := newDataFile(t, sb.http, mig, other, "projects/"+migration.OtherProject+"/locations/l1", "theirs")
		forge := func(info uploadInfo, file string) uploadInfo {
			u, err := url.Parse(info.SignedURI)
			require.NoError(t, err)
			q := u.Query()
			q.Set("signature", strings.Repeat("ab", 32))
			u.RawQuery = q.Encode()
			if file != "" {
				u.Path = file
			}
			return uploadInfo{SignedURI: u.String(), Headers: info.Headers}
		}
		theirPath := func(info uploadInfo) string {
			u, err := url.Parse(info.SignedURI)
			require.NoError(t, err)
			return u.Path
		}
		cases := map[string]uploadInfo{
			"another account's existing file":      forge(mine, theirPath(theirs)),
			"another account's file that is not":   forge(mine, strings.Replace(theirPath(theirs), "/theirs", "/absent", 1)),
			"an own file, forged signature":        forge(mine, ""),
			"an own project's file that is not":    forge(mine, strings.Replace(theirPath(mine), "/mine", "/absent", 1)),
			"a project that does not exist at all": forge(mine, strings.Replace(theirPath(mine), "/projects/r8/", "/projects/nobody/", 1)),
		}
		answers := map[string]string{}
		for what, info := range cases {
			status, body := putUpload(t, sb.http, info, []byte("x"))
			answers[fmt.Sprintf("%d %s", status, body)] = what
		}
		require.Len(t, answers, 1, "the answers tell existing files apart: %v", answers)
		for a := range answers {
			require.True(t, strings.HasPrefix(a, "403 "), a)
		}
		Report(t, Row{Scenario: "R8 security: upload address existence oracle", Runs: 1, Checked: len(cases),
			Detail: "unauthenticated PUT to another account's existing file, to absent files and projects, and with a forged signature: one and the same 403 body: held"})
	})

	t.Run("state directory prepared by another user or linked", func(t *testing.T) {
		prepared := func(t *testing.T) string {
			dir := filepath.Join(t.TempDir(), "state")
			require.NoError(t, os.Mkdir(dir, 0o700))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "sandbox-credentials.json"),
				[]byte(`{"admin-key": "nfadm-chosen-by-someone-else"}`+"\n"), 0o600))
			return dir
		}
		cases := []struct {
			name    string
			dir     func(t *testing.T) string
			refusal string
			root    bool
		}{
			{"the state directory a symbolic link", func(t *testing.T) string {
				link := filepath.Join(t.TempDir(), "link")
				require.NoError(t, os.Symlink(prepared(t), link))
				return link
			}, "symbolic link", false},
			{"sandbox-credentials.json a symbolic link", func(t *testing.T) string {
				dir := filepath.Join(t.TempDir(), "state")
				require.NoError(t, os.Mkdir(dir, 0o700))
				elsewhere := filepath.Join(prepared(t), "sandbox-credentials.json")
				require.NoError(t, os.Symlink(elsewhere, filepath.Join(dir, "sandbox-credentials.json")))
				return dir
			}, "symbolic link", false},
			{"the state directory writable by all", func(t *testing.T) string {
				dir := prepared(t)
				require.NoError(t, os.Chmod(dir, 0o777))
				return dir
			}, "writable by users other than its owner", false},
			{"sandbox-credentials.json writable by all", func(t *testing.T) string {
				dir := prepared(t)
				require.NoError(t, os.Chmod(filepath.Join(dir, "sandbox-credentials.json"), 0o666))
				return dir
			}, "writable by users other than its owner", false},
			{"the state directory another user's", func(t *testing.T) string {
				dir := prepared(t)
				require.NoError(t, os.Chown(filepath.Join(dir, "sandbox-credentials.json"), 65534, 65534))
				require.NoError(t, os.Chown(dir, 65534, 65534))
				return dir
			}, "belongs to the user 65534", true},
			{"sandbox-credentials.json another user's", func(t *testing.T) string {
				dir := prepared(t)
				require.NoError(t, os.Chown(filepath.Join(dir, "sandbox-credentials.json"), 65534, 65534))
				return dir
			}, "belongs to the user 65534", true},
		}
		refused, skipped := 0, 0
		for _, c := range cases {
			if c.root && os.Geteuid() != 0 {
				skipped++
				continue
			}
			t.Run(c.name, func(t *testing.T) {
				out := serveRefusal(t, bin, c.dir(t))
				require.Contains(t, out, c.refusal)
				require.NotContains(t, out, "nfadm-chosen-by-someone-else")
				refused++
			})
		}
		detail := fmt.Sprintf("sandbox serve refused %d prepared state directories (the directory or sandbox-credentials.json a symbolic link, writable by all, another user's) before reading them: held", refused)
		if skipped > 0 {
			detail += fmt.Sprintf(" (%d cases of another user's files need root)", skipped)
		}
		Report(t, Row{Scenario: "R8 security: state directory of another user or linked", Runs: 1, Checked: refused, Detail: detail})
	})

	t.Run("orch CLI records sealed", func(t *testing.T) {
		data := t.TempDir()
		orchCLI := func(args ...string) (string, error) {
			cmd := exec.Command(filepath.Join(bin, "orch"), append([]string{"--data-dir", data}, args...)...)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			err := cmd.Run()
			return out.String(), err
		}
		const secret = "r8-sealed-admin-secret"
		t.Cleanup(func() { _, _ = orchCLI("destroy-controller", "r8", "--no-prompt", "--force", "--destroy-all-models") })
		out, err := orchCLI("bootstrap", "localhost", "r8", "--config", "admin-secret="+secret, "--format", "json")
		require.NoError(t, err, out)
		checked := 0
		for _, f := range []string{"controller.json", "agent.json"} {
			raw, err := os.ReadFile(filepath.Join(data, "controllers", "r8", f))
			require.NoError(t, err)
			require.NotContains(t, string(raw), secret, f)
			require.Contains(t, string(raw), "orch-sealed-v1", f)
			checked++
		}
		out, err = orchCLI("show-controller", "r8", "--format", "json", "--show-password")
		require.NoError(t, err, out)
		var shown map[string]struct{ Password string }
		require.NoError(t, json.Unmarshal([]byte(out), &shown), out)
		require.Equal(t, secret, shown["r8"].Password, "the CLI reads its sealed records")
		checked++
		out, err = orchCLI("destroy-controller", "r8", "--no-prompt", "--destroy-all-models")
		require.NoError(t, err, out)
		require.NoDirExists(t, filepath.Join(data, "controllers", "r8"))
		checked++
		Report(t, Row{Scenario: "R8 security: orch CLI records sealed", Runs: 1, Checked: checked,
			Detail: "after a bootstrap, controller.json and agent.json hold no admin password (sealed, orch-sealed-v1); show-controller --show-password and destroy-controller work from them: held"})
	})
}

// uploadInfo is a data file's upload address and its headers.
type uploadInfo struct {
	SignedURI string            `json:"signedUri"`
	Headers   map[string]string `json:"headers"`
}

// newDataFile creates an import job and a data file in loc of the
// migration service at base, and returns the file's upload address.
func newDataFile(t *testing.T, c *http.Client, base, token, loc, id string) uploadInfo {
	t.Helper()
	do(t, c, token, http.MethodPost, base+"/v1alpha1/"+loc+"/importJobs?importJobId=r8-"+id, `{"displayName": "r8"}`, http.StatusOK)
	file := loc + "/importJobs/r8-" + id + "/importDataFiles/" + id
	do(t, c, token, http.MethodPost, base+"/v1alpha1/"+loc+"/importJobs/r8-"+id+"/importDataFiles?importDataFileId="+id, `{}`, http.StatusOK)
	var f struct {
		UploadFileInfo uploadInfo `json:"uploadFileInfo"`
	}
	require.NoError(t, json.Unmarshal([]byte(do(t, c, token, http.MethodGet, base+"/v1alpha1/"+file, "", http.StatusOK)), &f))
	require.NotEmpty(t, f.UploadFileInfo.SignedURI)
	return f.UploadFileInfo
}

// putUpload sends content to an upload address and returns the answer.
func putUpload(t *testing.T, c *http.Client, info uploadInfo, content []byte) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, info.SignedURI, bytes.NewReader(content))
	require.NoError(t, err)
	for k, v := range info.Headers {
		req.Header.Set(k, v)
	}
	res, err := c.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, string(b)
}

// peakRSS is a process's peak resident memory (VmHWM), where /proc has it.
func peakRSS(pid int) (int64, bool) {
	raw, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	if err != nil {
		return 0, false
	}
	for _, l := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, false
}

// serveRefusal runs `sandbox serve` on dir and returns its output once it
// has ended, failing the test if it started serving instead (it is
// stopped then).
func serveRefusal(t *testing.T, bin, dir string) string {
	t.Helper()
	args := []string{"serve", "--state-dir", dir}
	for _, svc := range relServices {
		args = append(args, "--"+svc+"-addr", "127.0.0.1:0")
	}
	cmd := exec.Command(filepath.Join(bin, "sandbox"), args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	var stdout strings.Builder
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		stdout.WriteString(sc.Text() + "\n")
		if _, u, ok := strings.Cut(sc.Text(), ": "); ok && strings.HasPrefix(u, "https://") {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			t.Fatalf("sandbox serve started on the state directory %s: %s", dir, stdout.String())
		}
	}
	err = cmd.Wait()
	require.Error(t, err, "sandbox serve ended without an error: %s", stdout.String())
	return stdout.String() + stderr.String()
}
