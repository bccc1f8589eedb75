package main

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// sandboxOptions are the flags a benchmark starts the sandbox with. The
// defaults are no provisioning delay and no rate limit.
type sandboxOptions struct {
	delay     time.Duration
	rateLimit float64
	env       []string // extra environment, such as GOMAXPROCS=1
	args      []string // extra flags of sandbox serve
}

// sandbox is a running `sandbox serve` on free loopback ports, with a fresh
// state directory and a request log.
type sandbox struct {
	cmd     *exec.Cmd
	dir     string
	urls    map[string]string // service -> https base address
	caFile  string
	logFile string
	http    *http.Client // trusts the sandbox's certificate, keeps connections alive
}

// startSandbox starts bin/sandbox and returns once every service answers.
func (c *config) startSandbox(ctx context.Context, o sandboxOptions) (*sandbox, error) {
	dir, err := os.MkdirTemp(c.work, "sandbox-")
	if err != nil {
		return nil, err
	}
	s := &sandbox{dir: dir, urls: map[string]string{}, caFile: filepath.Join(dir, "sandbox-ca.pem"), logFile: filepath.Join(dir, "requests.log")}
	args := []string{"serve", "--state-dir", dir, "--provisioning-delay", o.delay.String(),
		"--rate-limit", fmt.Sprint(o.rateLimit), "--request-log", s.logFile, "--orch-admin-password", orchAdminPassword,
		"--fwmgr-admin-password", fwmgrAdminPassword}
	for _, svc := range sandboxServices {
		args = append(args, "--"+svc+"-addr", "127.0.0.1:0")
	}
	args = append(args, o.args...)
	s.cmd = exec.Command(filepath.Join(c.bin, "sandbox"), args...)
	s.cmd.Env = append(os.Environ(), o.env...)
	s.cmd.Stderr, err = os.Create(filepath.Join(dir, "sandbox.err"))
	if err != nil {
		return nil, err
	}
	out, err := s.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	// Each service prints "<name>: https://<addr>" once it listens.
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	timeout := time.After(60 * time.Second)
	for len(s.urls) < len(sandboxServices) {
		select {
		case l, ok := <-lines:
			if !ok {
				s.stop()
				errOut, _ := os.ReadFile(filepath.Join(dir, "sandbox.err"))
				return nil, fmt.Errorf("sandbox exited: %s", errOut)
			}
			if name, u, ok := strings.Cut(l, ": "); ok && strings.HasPrefix(u, "https://") {
				s.urls[name] = u
			}
		case <-timeout:
			s.stop()
			return nil, fmt.Errorf("sandbox did not start within a minute")
		case <-ctx.Done():
			s.stop()
			return nil, ctx.Err()
		}
	}
	go func() {
		for range lines { // drain
		}
	}()
	pem, err := os.ReadFile(s.caFile)
	if err != nil {
		s.stop()
		return nil, err
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	s.http = &http.Client{Transport: &http.Transport{
		TLSClientConfig:     &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12},
		MaxIdleConnsPerHost: 64,
	}, Timeout: time.Minute}
	return s, nil
}

// stop ends the sandbox and removes its state.
func (s *sandbox) stop() {
	if s.cmd.Process != nil {
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			_ = s.cmd.Process.Kill()
			<-done
		}
	}
	if s.http != nil {
		s.http.CloseIdleConnections()
	}
	_ = os.RemoveAll(s.dir)
}

// requests reads the request log so far.
func (s *sandbox) requests() ([]request, error) { return readRequestLog(s.logFile) }

// cpu is the CPU time the sandbox process has used so far.
func (s *sandbox) cpu() time.Duration { return processCPU(s.cmd.Process.Pid) }
