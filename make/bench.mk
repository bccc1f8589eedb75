# Performance benchmarks (bench/, docs/performance.md). Not part of `make
# test`: they take minutes and their numbers depend on the machine.
#
#   make bench             every benchmark, 3 runs each (about 10-30 minutes on 2 cores)
#   make bench-go          the Go micro-benchmarks of the clients and sandboxes
#   make bench-profile     CPU and heap profiles of provider and sandbox under P2, into .bench-profile/
#
# Settings (environment): BENCH_RUNS, BENCH_N, BENCH_PULUMI_N, BENCH_P1_STEPS,
# BENCH_ONLY=P1,P2,... (see bench/main.go).

BENCH_GO_PKGS := ./internal/sandbox/... ./internal/client/... ./internal/httpclient/... ./internal/wait/... ./internal/providerserve/...

.PHONY: bench bench-go bench-profile

bench: export BENCH_TERRAFORM_QUERY = $(TF_ACC_TERRAFORM_PATH)
bench: install pulumi-install
	$(GO) run ./bench

bench-go:
	$(GO) test -run '^$$' -bench . -benchmem $(BENCH_GO_PKGS)

# CPU and heap profiles of the provider and the sandbox under the netfab apply and
# plan of P2, with their top functions (docs/performance.md).
bench-profile: install
	$(GO) run ./bench -profile $(CURDIR)/.bench-profile
