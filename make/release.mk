# Releases (.goreleaser.yml), with goreleaser built from the pinned tools
# module tools/release. Not part of `make test`: a snapshot of the four
# providers builds 32 binaries (a Terraform provider and a Pulumi plugin per
# provider and platform), which takes many minutes on two cores.
#
#   make release-check                      goreleaser check, then a snapshot release of every provider into dist/<p>/,
#                                           and the list of the archives it produced
#   make release-check RELEASE_PROVIDERS=netfab   the same for some providers only
#   make goreleaser                         bin/goreleaser
#
# A release of provider <p> from a tag: PROVIDER=<p> GPG_FINGERPRINT=... bin/goreleaser release --clean

RELEASE_PROVIDERS ?= $(PROVIDERS)

.PHONY: goreleaser release-check

goreleaser: $(BIN)/goreleaser
$(BIN)/goreleaser: tools/release/go.mod tools/release/go.sum
	@mkdir -p $(BIN)
	cd tools/release && $(GO) build -o $(BIN)/goreleaser github.com/goreleaser/goreleaser/v2

# Each provider is a release of its own (the registry's SHA256SUMS and
# manifest are per provider); dist/<p>/ keeps each one's artifacts. Snapshots
# are not signed.
release-check: $(BIN)/goreleaser
	PROVIDER=$(firstword $(RELEASE_PROVIDERS)) $(BIN)/goreleaser check
	@rm -rf dist
	@for p in $(RELEASE_PROVIDERS); do \
		echo "== snapshot release of $$p"; \
		PROVIDER=$$p $(BIN)/goreleaser release --snapshot --clean --skip=sign --parallelism 2 >dist.$$p.log 2>&1 || { cat dist.$$p.log; exit 1; }; \
		mkdir -p dist.out/$$p && mv dist/*.zip dist/*.tar.gz dist/*_SHA256SUMS dist.out/$$p/ && rm -rf dist dist.$$p.log || exit 1; \
	done
	@mv dist.out dist
	@scripts/release-check.sh dist $(RELEASE_PROVIDERS)
