# Performance benchmarks (bench/, docs/performance.md). Not part of `make
# test`: they take minutes and their numbers depend on the machine.
#
#   make bench             every benchmark, BENCH_RUNS runs each (3 unless set; about 12-15 minutes on an
#                          idle 2-core machine), each against its floor from the same run; ends with the
#                          table of docs/performance.md
#   make bench-go          the Go micro-benchmarks of the clients, sandboxes and the netfab provider's plan RPCs
#   make bench-profile     CPU and heap profiles of provider and sandbox under P2, into .bench-profile/
#
# Settings (environment): BENCH_RUNS, BENCH_N, BENCH_PULUMI_N, BENCH_P1_STEPS,
# BENCH_ONLY=P1,P2,... (see bench/main.go).

BENCH_GO_PKGS := ./internal/sandbox/... ./internal/client/... ./internal/httpclient/... ./internal/wait/... ./internal/providerserve/... ./bench

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
