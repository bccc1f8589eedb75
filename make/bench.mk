# Performance benchmarks (bench/, docs/performance.md). Not part of `make
# test`: they take minutes and their numbers depend on the machine.
#
#   make bench             every benchmark, 3 runs each (about 5-10 minutes on 2 cores)
#   make bench-go          the Go micro-benchmarks of the clients and sandboxes
#
# Settings (environment): BENCH_RUNS, BENCH_N, BENCH_PULUMI_N, BENCH_P1_STEPS,
# BENCH_ONLY=P1,P2,... (see bench/main.go).

BENCH_GO_PKGS := ./internal/sandbox/... ./internal/client/... ./internal/httpclient/... ./internal/wait/...

.PHONY: bench bench-go

bench: install pulumi-install
	$(GO) run ./bench

bench-go:
	$(GO) test -run '^$$' -bench . -benchmem $(BENCH_GO_PKGS)
