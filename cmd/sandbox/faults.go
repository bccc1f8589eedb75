package main

import (
	"flag"

	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// faultFlags declares the --fault-* flags of serve (issue 13): faults every
// service injects into its own answers, each one logged on stderr.
func faultFlags(fs *flag.FlagSet) *httpx.Faults {
	f := &httpx.Faults{}
	fs.Uint64Var(&f.Seed, "fault-seed", 1, "seed of the injected faults: the same seed and requests give the same faults")
	fs.Float64Var(&f.ErrorRate, "fault-error-rate", 0, "fraction of requests answered 500, 502 or 503")
	fs.Float64Var(&f.ThrottleRate, "fault-throttle-rate", 0, "fraction of requests answered 429 with Retry-After")
	fs.Float64Var(&f.DropRate, "fault-drop-rate", 0, "fraction of connections closed before the request is handled")
	fs.Float64Var(&f.LostRate, "fault-lost-rate", 0, "fraction of requests handled (the change is made) whose connection is then closed without the answer")
	fs.DurationVar(&f.Latency, "fault-latency", 0, "latency added to every answer")
	fs.DurationVar(&f.Jitter, "fault-jitter", 0, "random extra latency, up to this much")
	fs.DurationVar(&f.RetryAfter, "fault-retry-after", 0, "Retry-After of the injected 429 and 503 answers (default 1s)")
	return f
}
