package orchcli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/orch"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// runController is the controller process (`orch run-controller <name>`):
// the controller service on the state directory's store and certificate,
// until SIGTERM or until its state directory is removed. Once it listens
// it writes "ready <address>" to file descriptor 3 when the starter handed
// one over.
func runController(ctx context.Context, d dataDir, name string) error {
	// Descriptor 3 is the starter's pipe only when it says so.
	var ready *os.File
	if os.Getenv(envReadyFD) == "3" {
		ready = os.NewFile(3, "ready")
	}
	dir := d.stateDir(name)
	spec, err := d.readAgent(name)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, os.Interrupt)
	defer stop()

	if err := httpx.PrepareStateDir(dir); err != nil {
		return err
	}
	dataKey, err := httpx.LoadOrCreateDataKey(dir)
	if err != nil {
		return err
	}
	st, err := store.OpenWith(filepath.Join(dir, storeFile), store.Options{Key: dataKey})
	if err != nil {
		return err
	}
	defer st.Close()
	cert, err := httpx.LoadOrCreateCertificate(dir)
	if err != nil {
		return err
	}
	caPEM, err := os.ReadFile(filepath.Join(dir, httpx.CertFileName))
	if err != nil {
		return err
	}
	var delay time.Duration
	if spec.ProvisionDelay != "" {
		if delay, err = time.ParseDuration(spec.ProvisionDelay); err != nil {
			return fmt.Errorf("provisioning delay: %w", err)
		}
	}
	addr := spec.Address
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := httpx.Listen(addr, httpx.ServerLimits{})
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	defer ln.Close()
	h, err := orch.New(orch.Config{
		Store:             st,
		ControllerName:    spec.Name,
		ControllerUUID:    spec.UUID,
		AgentVersion:      spec.AgentVersion,
		APIAddresses:      []string{ln.Addr().String()},
		CACertPEM:         string(caPEM),
		AdminPassword:     spec.AdminPassword,
		ModelDefaults:     spec.ModelDefaults,
		ProvisioningDelay: delay,
	})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, pidFile), []byte(strconv.Itoa(os.Getpid())+"\n"), 0o600); err != nil {
		return err
	}
	defer os.Remove(filepath.Join(dir, pidFile))

	srv := httpx.NewServer(h, cert, httpx.ServerLimits{})
	errs := make(chan error, 1)
	go func() { errs <- srv.ServeTLS(ln, "", "") }()
	fmt.Fprintf(os.Stderr, "%s controller %s (agent %s) listening on %s\n", time.Now().UTC().Format(time.RFC3339), spec.Name, spec.AgentVersion, ln.Addr())
	if ready != nil {
		fmt.Fprintf(ready, "ready %s\n", ln.Addr())
		ready.Close()
	}

	// A controller whose state directory is gone has nothing left to serve:
	// it stops, so that removing a data directory never leaves processes.
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for {
		select {
		case err := <-errs:
			return err
		case <-ctx.Done():
			return shutdown(srv)
		case <-tick.C:
			if _, err := os.Stat(filepath.Join(dir, agentFile)); errors.Is(err, os.ErrNotExist) {
				fmt.Fprintln(os.Stderr, "state directory removed; stopping")
				return shutdown(srv)
			}
		}
	}
}

func shutdown(srv *http.Server) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return srv.Shutdown(ctx)
}

// envReadyFD tells the controller process that descriptor 3 is the pipe
// to announce its address on.
const envReadyFD = "ORCH_AGENT_READY_FD"

// startAgent starts the controller process of name, detached from this
// one (its own session, its output in the state directory's log), and
// returns its API address once it listens.
func startAgent(d dataDir, name string, timeout time.Duration) (addr string, pid int, err error) {
	self, err := os.Executable()
	if err != nil {
		return "", 0, err
	}
	log, err := os.OpenFile(d.file(name, logFile), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return "", 0, err
	}
	defer log.Close()
	r, w, err := os.Pipe()
	if err != nil {
		return "", 0, err
	}
	defer r.Close()
	cmd := exec.Command(self, "--data-dir", string(d), "run-controller", name, "--state-dir", d.stateDir(name))
	cmd.Stdout, cmd.Stderr = log, log
	cmd.ExtraFiles = []*os.File{w}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	cmd.Env = append(os.Environ(), envReadyFD+"=3")
	if err := cmd.Start(); err != nil {
		w.Close()
		return "", 0, fmt.Errorf("start the controller process: %w", err)
	}
	w.Close()
	pid = cmd.Process.Pid
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()

	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- s
	}()
	select {
	case s := <-line:
		if a, ok := strings.CutPrefix(strings.TrimSpace(s), "ready "); ok {
			return a, pid, nil
		}
		// The pipe closed without a word: the process ended.
		werr := <-exited
		return "", 0, fmt.Errorf("the controller process ended (%v): %s", werr, lastLines(d.file(name, logFile), 5)) //nolint:errorlint // werr is nil after a clean exit, which %w prints as %!w(<nil>)
	case <-time.After(timeout):
		_ = cmd.Process.Kill()
		werr := <-exited
		return "", 0, fmt.Errorf("the controller process did not answer within %s and was stopped (%v); its log: %s", timeout, werr, d.file(name, logFile)) //nolint:errorlint // werr is nil if it exited cleanly first, which %w prints as %!w(<nil>)
	}
}

// stopAgent stops the controller's process, if one runs, and waits until
// it is gone.
func stopAgent(d dataDir, name string) error {
	pid := d.agentPID(name)
	if pid == 0 {
		return nil
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	if err := p.Signal(syscall.SIGTERM); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return fmt.Errorf("stop the controller process %d: %w", pid, err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			_ = p.Signal(syscall.SIGKILL)
			deadline = time.Now().Add(5 * time.Second)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return nil
}

// alive tells whether a process exists and is not a zombie.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return true
	}
	// The state follows the command name in parentheses.
	s := string(stat)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}

func lastLines(path string, n int) string {
	f, err := os.Open(path)
	if err != nil {
		return "no log"
	}
	defer f.Close()
	raw, _ := io.ReadAll(f)
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "; ")
}
