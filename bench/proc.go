package main

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// clockTicks is USER_HZ, the unit of the CPU times in /proc/<pid>/stat; 100
// on every Linux platform Go supports.
const clockTicks = 100

// processCPU is user plus system time of a process, from /proc (0 when it
// cannot be read).
func processCPU(pid int) time.Duration {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0
	}
	// Fields after the command name, which is in parentheses and may hold
	// spaces: state is field 3, utime 14 and stime 15.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	s, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+s) * time.Second / clockTicks
}

// rssOf is the resident set size in MB of every process whose command line
// starts with binary (0 when none runs).
func rssOf(binary string) float64 { return statusOf(binary, "VmRSS:") }

// statusOf is the largest value in MB of a field of /proc/<pid>/status (in
// kB there, such as VmRSS: or VmHWM:) of the processes of binary.
func statusOf(binary, field string) float64 {
	entries, _ := os.ReadDir("/proc")
	best := 0.0
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil || !bytes.HasPrefix(cmdline, []byte(binary)) {
			continue
		}
		best = max(best, statusMB(filepath.Join("/proc", e.Name(), "status"), field))
	}
	return best
}

func statusMB(status, field string) float64 {
	f, err := os.Open(status)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), field); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			return kb / 1024
		}
	}
	return 0
}

// peakRSS samples the RSS of binary every 100 ms until the returned
// function is called, which returns the largest value seen.
func peakRSS(ctx context.Context, binary string) func() float64 {
	return peakOf(ctx, 100*time.Millisecond, func() float64 { return rssOf(binary) })
}

// peakOf samples read every period until the returned function is called,
// which returns the largest value seen.
func peakOf(ctx context.Context, period time.Duration, read func() float64) func() float64 {
	ctx, cancel := context.WithCancel(ctx)
	var mu sync.Mutex
	peak := 0.0
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(period)
		defer t.Stop()
		for {
			v := read()
			mu.Lock()
			peak = max(peak, v)
			mu.Unlock()
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return func() float64 {
		cancel()
		<-done
		mu.Lock()
		defer mu.Unlock()
		return peak
	}
}

// cpuByName samples, every 100 ms until the returned function is called,
// the CPU time of every process whose executable has one of the names
// (wherever it was started from: Pulumi runs plugins from its plugin
// directory), and returns each name's total: the sum over its processes of
// the last value seen (a process that ends between two samples loses at
// most 100 ms of it). Only processes whose environment holds marker
// (config.marker, which the harness gives every command it runs) count.
func cpuByName(ctx context.Context, marker string, names []string) func() map[string]time.Duration {
	stop := processesByName(ctx, marker, names)
	return func() map[string]time.Duration {
		cpu, _ := stop()
		return cpu
	}
}

// processesByName is cpuByName that also returns how many processes of
// each name it saw.
func processesByName(ctx context.Context, marker string, names []string) func() (map[string]time.Duration, map[string]int) {
	ctx, cancel := context.WithCancel(ctx)
	seen := map[int]time.Duration{}
	owner := map[int]string{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			entries, _ := os.ReadDir("/proc")
			for _, e := range entries {
				pid, err := strconv.Atoi(e.Name())
				if err != nil {
					continue
				}
				cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
				if err != nil {
					continue
				}
				// Only this run's processes: others on the machine may run
				// the same programs.
				if env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ")); err != nil || !bytes.Contains(env, []byte(marker)) {
					continue
				}
				argv0, _, _ := bytes.Cut(cmdline, []byte{0})
				name := filepath.Base(string(argv0))
				for _, b := range names {
					if name == b {
						if cpu := processCPU(pid); cpu > 0 {
							seen[pid], owner[pid] = cpu, b
						}
					}
				}
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return func() (map[string]time.Duration, map[string]int) {
		cancel()
		<-done
		out, procs := map[string]time.Duration{}, map[string]int{}
		for pid, cpu := range seen {
			out[owner[pid]] += cpu
			procs[owner[pid]]++
		}
		return out, procs
	}
}
