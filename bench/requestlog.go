package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// request is one line of the sandbox's request log (sandbox serve
// --request-log): when the answer left, the service, method, path, status.
type request struct {
	at      time.Time
	service string
	method  string
	path    string
	status  int
}

func parseRequestLog(r io.Reader) ([]request, error) {
	var out []request
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 5 {
			return nil, fmt.Errorf("request log line %q: want 5 fields", sc.Text())
		}
		ns, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("request log line %q: %w", sc.Text(), err)
		}
		status, err := strconv.Atoi(f[4])
		if err != nil {
			return nil, fmt.Errorf("request log line %q: %w", sc.Text(), err)
		}
		out = append(out, request{at: time.Unix(0, ns), service: f[1], method: f[2], path: f[3], status: status})
	}
	return out, sc.Err()
}

func readRequestLog(path string) ([]request, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseRequestLog(f)
}

// count is how many requests match method and the path pattern.
func count(reqs []request, method string, path *regexp.Regexp) int {
	n := 0
	for _, r := range reqs {
		if r.method == method && path.MatchString(r.path) {
			n++
		}
	}
	return n
}

// productRead is the path of one product read of the netfab API.
var productRead = regexp.MustCompile(`^/v3/products/[0-9a-f-]{36}$`)

// pollTimes groups the reads of each product by its UID, in log order.
func pollTimes(reqs []request) map[string][]time.Time {
	out := map[string][]time.Time{}
	for _, r := range reqs {
		if r.method == "GET" && productRead.MatchString(r.path) {
			uid := r.path[strings.LastIndexByte(r.path, '/')+1:]
			out[uid] = append(out[uid], r.at)
		}
	}
	return out
}

// noticeLag is, for a product read at the times polls (the first right
// after it was ordered), how long after it became ready (first poll + step)
// the provider read it in its ready state (the last poll).
func noticeLag(polls []time.Time, step time.Duration) time.Duration {
	if len(polls) == 0 {
		return 0
	}
	return polls[len(polls)-1].Sub(polls[0].Add(step))
}

// maxPollsPerSecond is the largest number of polls within any one-second
// window.
func maxPollsPerSecond(polls []time.Time) int {
	best := 0
	j := 0
	for i := range polls {
		for polls[i].Sub(polls[j]) >= time.Second {
			j++
		}
		best = max(best, i-j+1)
	}
	return best
}
