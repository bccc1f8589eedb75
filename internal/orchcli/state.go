package orchcli

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"

	cliapi "github.com/iacsuite/providers/internal/api/orchcli"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// EnvDataDir names the data directory when --data-dir is not given.
const EnvDataDir = "ORCH_DATA_DIR"

// The files of a controller's state directory,
// <data-dir>/controllers/<name>/.
const (
	agentFile      = "agent.json"      // what the controller process runs with
	controllerFile = "controller.json" // written last: the bootstrap finished
	pidFile        = "agent.pid"
	logFile        = "agent.log"
	storeFile      = "orch.db"
)

var controllerNameRE = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$`)

// checkControllerName is the rule of controller names.
func checkControllerName(name string) error {
	if !controllerNameRE.MatchString(name) {
		return fmt.Errorf("%q is not a valid controller name: use lowercase letters, digits and -, at most 40 characters, starting and ending with a letter or digit", name)
	}
	return nil
}

// defaultDataDir is $ORCH_DATA_DIR, else $XDG_DATA_HOME/orch, else
// ~/.local/share/orch.
func defaultDataDir() string {
	if d := os.Getenv(EnvDataDir); d != "" {
		return d
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "orch")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return filepath.Join(".orch")
	}
	return filepath.Join(home, ".local", "share", "orch")
}

// agentSpec is what the controller process needs to run; the bootstrap
// writes it before starting the process and an upgrade rewrites it.
type agentSpec struct {
	Name           string            `json:"name"`
	UUID           string            `json:"uuid"`
	AgentVersion   string            `json:"agentVersion"`
	AdminPassword  string            `json:"adminPassword"`
	ModelDefaults  map[string]string `json:"modelDefaults,omitempty"`
	Address        string            `json:"address"` // listen address; port 0 = chosen by the OS
	ProvisionDelay string            `json:"provisioningDelay,omitempty"`
}

// withoutSecrets hides the credential's attributes and the admin secret.
func withoutSecrets(d cliapi.Details) cliapi.Details {
	d.Password = ""
	if d.Bootstrap != nil {
		b := *d.Bootstrap
		if b.Credential != nil {
			c := *b.Credential
			c.Attributes = nil
			b.Credential = &c
		}
		if _, ok := b.Config["admin-secret"]; ok {
			b.Config = maps.Clone(b.Config)
			delete(b.Config, "admin-secret")
		}
		d.Bootstrap = &b
	}
	return d
}

type dataDir string

func (d dataDir) controllersDir() string        { return filepath.Join(string(d), "controllers") }
func (d dataDir) stateDir(name string) string   { return filepath.Join(d.controllersDir(), name) }
func (d dataDir) file(name, file string) string { return filepath.Join(d.stateDir(name), file) }
func (d dataDir) exists(name string) bool       { _, err := os.Stat(d.stateDir(name)); return err == nil }
func (d dataDir) complete(name string) bool {
	_, err := os.Stat(d.file(name, controllerFile))
	return err == nil
}
func (d dataDir) readAgent(name string) (agentSpec, error) {
	return readJSON[agentSpec](d.file(name, agentFile))
}

// names lists the controllers, complete or not.
func (d dataDir) names() ([]string, error) {
	entries, err := os.ReadDir(d.controllersDir())
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out, nil
}

// details reads what the CLI knows of a controller, with its status.
func (d dataDir) details(name string) (cliapi.Details, error) {
	if !d.exists(name) {
		return cliapi.Details{}, notFoundError(name)
	}
	det := cliapi.Details{Name: name, StateDirectory: d.stateDir(name), Status: "incomplete"}
	if d.complete(name) {
		var err error
		if det, err = readJSON[cliapi.Details](d.file(name, controllerFile)); err != nil {
			return det, err
		}
		det.StateDirectory = d.stateDir(name)
		det.Status = "stopped"
	}
	if pid := d.agentPID(name); pid != 0 {
		det.ProcessID = pid
		if det.Status == "stopped" {
			det.Status = "running"
		}
	}
	return det, nil
}

type notFoundError string

func (e notFoundError) Error() string {
	return cliapi.NotFound(string(e)) + " (orch controllers lists the controllers of this data directory)"
}

// IsNotFound tells a controller the data directory does not hold.
func IsNotFound(err error) bool {
	var nf notFoundError
	return errors.As(err, &nf)
}

// agentPID is the process ID of the controller's running process, or 0. A
// process ID is trusted only when that process runs this controller: its
// command line names the state directory.
func (d dataDir) agentPID(name string) int {
	raw, err := os.ReadFile(d.file(name, pidFile))
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(raw)))
	if err != nil || pid <= 0 {
		return 0
	}
	cmdline, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
	if err != nil {
		// Without /proc, fall back to asking whether the process exists.
		if syscall.Kill(pid, 0) == nil {
			return pid
		}
		return 0
	}
	if !strings.Contains(string(cmdline), d.stateDir(name)) {
		return 0
	}
	return pid
}

// The records of a controller (agent.json, controller.json) hold its admin
// password and cloud credential: they are sealed, as the controller's
// store is, with AES-256-GCM under the key of the state directory
// (httpx.DataKeyFileName, the store's own), and bound to their file name.
// On disk a record is a JSON envelope, {"format": sealedFormat, "sealed":
// base64(nonce || ciphertext)}. A record an earlier version wrote in plain
// JSON is read once and sealed in place.

// sealedFormat names the envelope of a sealed record.
const sealedFormat = "orch-sealed-v1"

type sealedRecord struct {
	Format string `json:"format"`
	Sealed []byte `json:"sealed"`
}

// recordCipher is the AEAD of the records of the state directory dir,
// whose key is created when create and missing.
func recordCipher(dir string, create bool) (cipher.AEAD, error) {
	var key []byte
	var err error
	if create {
		key, err = httpx.LoadOrCreateDataKey(dir)
	} else {
		var raw []byte
		if raw, err = httpx.ReadStateFile(filepath.Join(dir, httpx.DataKeyFileName)); err == nil {
			key, err = hex.DecodeString(strings.TrimSpace(string(raw)))
			if err == nil && len(key) != 32 {
				err = errors.New("not a 32-byte key")
			}
		}
	}
	if err != nil {
		return nil, fmt.Errorf("the key of the controller's records in %s: %w", dir, err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

func readJSON[T any](path string) (T, error) {
	var v T
	raw, err := store.ReadPrivate(path)
	if err != nil {
		return v, err
	}
	var env sealedRecord
	if json.Unmarshal(raw, &env) == nil && env.Format == sealedFormat {
		aead, err := recordCipher(filepath.Dir(path), false)
		if err != nil {
			return v, err
		}
		n := aead.NonceSize()
		if len(env.Sealed) < n {
			return v, fmt.Errorf("%s is damaged", path)
		}
		plain, err := aead.Open(nil, env.Sealed[:n], env.Sealed[n:], []byte(filepath.Base(path)))
		if err != nil {
			return v, fmt.Errorf("%s does not open with the key of its state directory (%s)", path, httpx.DataKeyFileName)
		}
		if err := json.Unmarshal(plain, &v); err != nil {
			return v, fmt.Errorf("%s: %w", path, err)
		}
		return v, nil
	}
	// Plain JSON of an earlier version: sealed now.
	if err := json.Unmarshal(raw, &v); err != nil {
		return v, fmt.Errorf("%s: %w", path, err)
	}
	if err := writeJSON(path, v); err != nil {
		return v, fmt.Errorf("%s holds secrets in plain text, written by an earlier version, and sealing it failed: %w", path, err)
	}
	return v, nil
}

// writeJSON writes a record, sealed, readable by its owner only, replacing
// it whole.
func writeJSON(path string, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	aead, err := recordCipher(filepath.Dir(path), true)
	if err != nil {
		return err
	}
	nonce := make([]byte, aead.NonceSize(), aead.NonceSize()+len(raw)+aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		return err
	}
	out, err := json.MarshalIndent(sealedRecord{Format: sealedFormat, Sealed: aead.Seal(nonce, nonce, raw, []byte(filepath.Base(path)))}, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.Remove(tmp); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := store.WritePrivate(tmp, append(out, '\n')); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
