# The Pulumi side: the Pulumi CLI and YAML language host built from the pinned
# tools module (tools/pulumi), the bridged providers (bridge/, its own Go
# module), their schemas and SDKs, and the tests that drive them with the real
# CLI. Included by GNUmakefile.
#
#   make pulumi-install    bin/pulumi, bin/pulumi-language-yaml, bin/pulumi-resource-<p>
#   make pulumi-plugin-install   each bin/pulumi-resource-<p> into the Pulumi plugin cache
#                          ($PULUMI_HOME/plugins, ~/.pulumi by default) at $(VERSION); part of make install
#   make pulumi-generate   regenerate bridge/<p>/{schema,bridge-metadata}.json and bridge/sdk/<p>/{go,nodejs,python}
#   make pulumi-generated-check   regenerate, then fail if the committed files differ
#   make pulumi-sdk-check  the Go SDK builds, the TypeScript SDK compiles (pinned tsc), the Python SDK compiles
#   make pulumi-test       bridge unit tests, terraformConfig, seed pins, and the CLI tests against the sandbox

# Packages bridged to Pulumi. Bridging one more: bridge/<p>/<p>.go (the
# mapping), bridge/cmd/pulumi-tfgen-<p> and bridge/cmd/pulumi-resource-<p>
# (one line each), then add <p> here and run `make pulumi-generate`.
PULUMI_PROVIDERS ?= netfab cloudnative fwmgr orch

PULUMI_VERSION      := v3.256.0
PULUMI_TOOLS        := tools/pulumi
PULUMI_BRIDGE       := bridge
PULUMI_BRIDGE_LDFLAGS := -X github.com/iacsuite/providers/bridge/internal/version.Version=$(VERSION)
# Sources the bridged providers are built from: the bridge module and the
# root module it replaces in.
PULUMI_PROVIDER_SRCS = $(shell find $(PULUMI_BRIDGE) cmd internal -name '*.go' -not -path '*/sdk/*' -not -path '*/node_modules/*' 2>/dev/null) \
	go.mod go.sum $(PULUMI_BRIDGE)/go.mod $(PULUMI_BRIDGE)/go.sum \
	$(wildcard $(PULUMI_BRIDGE)/*/schema.json $(PULUMI_BRIDGE)/*/bridge-metadata.json)

TEST_STEPS += pulumi-generated-check pulumi-sdk-check pulumi-test

.PHONY: pulumi-install pulumi-plugin-install pulumi-node-modules pulumi-cli pulumi-providers pulumi-tfgen pulumi-schema pulumi-sdk pulumi-generate \
	pulumi-generated-check pulumi-sdk-check pulumi-test pulumi-mod-check pulumi-tidy pulumi-clean

demo: pulumi-install
install: pulumi-plugin-install

pulumi-install: pulumi-cli pulumi-providers

# The plugin cache a released plugin is installed into, so that `pulumi up`
# finds the provider without PATH: `pulumi plugin install resource <p>
# <version> --file <binary>`, redone only when the binary is newer.
PULUMI_PLUGIN_HOME    := $(or $(PULUMI_HOME),$(HOME)/.pulumi)
PULUMI_PLUGIN_VERSION := $(patsubst v%,%,$(VERSION))
PULUMI_PLUGIN_STAMPS  := $(foreach p,$(PULUMI_PROVIDERS),$(PULUMI_PLUGIN_HOME)/plugins/resource-$(p)-v$(PULUMI_PLUGIN_VERSION)/pulumi-resource-$(p))

pulumi-plugin-install: $(PULUMI_PLUGIN_STAMPS)

define pulumi_plugin_rule
$(PULUMI_PLUGIN_HOME)/plugins/resource-$(1)-v$(PULUMI_PLUGIN_VERSION)/pulumi-resource-$(1): $(BIN)/pulumi-resource-$(1) $(BIN)/pulumi
	PULUMI_HOME=$(PULUMI_PLUGIN_HOME) PULUMI_SKIP_UPDATE_CHECK=true $(BIN)/pulumi plugin install resource $(1) \
		$(PULUMI_PLUGIN_VERSION) --file $(BIN)/pulumi-resource-$(1) --reinstall
	@touch $$@
endef
$(foreach p,$(PULUMI_PROVIDERS),$(eval $(call pulumi_plugin_rule,$(p))))

# The CLI: rebuilt only when missing or when the tools module changes.
pulumi-cli: $(BIN)/pulumi $(BIN)/pulumi-language-yaml

$(BIN)/pulumi: $(PULUMI_TOOLS)/go.mod $(PULUMI_TOOLS)/go.sum
	@mkdir -p $(BIN)
	cd $(PULUMI_TOOLS) && $(GO) build -trimpath \
		-ldflags "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$(PULUMI_VERSION)" \
		-o $(BIN)/pulumi github.com/pulumi/pulumi/pkg/v3/cmd/pulumi

$(BIN)/pulumi-language-yaml: $(PULUMI_TOOLS)/go.mod $(PULUMI_TOOLS)/go.sum
	@mkdir -p $(BIN)
	cd $(PULUMI_TOOLS) && $(GO) build -trimpath -o $(BIN)/pulumi-language-yaml \
		github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml

# Provider plugins and tfgen programs, one of each per package.
pulumi-providers: $(PULUMI_PROVIDERS:%=$(BIN)/pulumi-resource-%)
pulumi-tfgen: $(PULUMI_PROVIDERS:%=$(BIN)/pulumi-tfgen-%)

$(BIN)/pulumi-resource-% $(BIN)/pulumi-tfgen-%: $(PULUMI_PROVIDER_SRCS)
	@mkdir -p $(BIN)
	cd $(PULUMI_BRIDGE) && $(GO) build -ldflags "$(PULUMI_BRIDGE_LDFLAGS)" -o $(BIN)/ ./cmd/pulumi-resource-$* ./cmd/pulumi-tfgen-$*

$(BIN)/pulumi-sdkgen: $(PULUMI_BRIDGE)/cmd/sdkgen/main.go $(PULUMI_BRIDGE)/go.mod $(PULUMI_BRIDGE)/go.sum
	@mkdir -p $(BIN)
	cd $(PULUMI_BRIDGE) && $(GO) build -o $(BIN)/pulumi-sdkgen ./cmd/sdkgen

# schema.json and bridge-metadata.json of every package, copied only when
# they changed (tfgen also writes a Pulumi.yaml, which is not wanted).
pulumi-schema: pulumi-tfgen
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && for p in $(PULUMI_PROVIDERS); do \
		echo "schema: $$p"; \
		$(BIN)/pulumi-tfgen-$$p schema --out $$tmp/$$p >$$tmp/$$p.log 2>&1 || { cat $$tmp/$$p.log; exit 1; }; \
		for f in schema.json bridge-metadata.json; do \
			cmp -s $$tmp/$$p/$$f $(PULUMI_BRIDGE)/$$p/$$f || cp $$tmp/$$p/$$f $(PULUMI_BRIDGE)/$$p/$$f; \
		done; \
	done

# The Go, TypeScript and Python SDKs, generated in process from schema.json.
pulumi-sdk: $(BIN)/pulumi-sdkgen
	@for p in $(PULUMI_PROVIDERS); do \
		echo "sdk: $$p"; \
		$(BIN)/pulumi-sdkgen -schema $(PULUMI_BRIDGE)/$$p/schema.json -out $(PULUMI_BRIDGE)/sdk/$$p || exit 1; \
	done

pulumi-generate: pulumi-schema
	$(MAKE) --no-print-directory pulumi-sdk

pulumi-generated-check: pulumi-generate
	@scripts/check-clean.sh $(PULUMI_PROVIDERS:%=$(PULUMI_BRIDGE)/%/schema.json) $(PULUMI_PROVIDERS:%=$(PULUMI_BRIDGE)/%/bridge-metadata.json) $(PULUMI_BRIDGE)/sdk

# The SDKs are usable: Go builds (the SDKs are packages of the bridge module),
# TypeScript compiles with the tsc of bridge/package-lock.json, Python
# compiles. (pulumi-test also runs a TypeScript program per package.)
pulumi-sdk-check: pulumi-node-modules
	cd $(PULUMI_BRIDGE) && $(GO) build ./sdk/... && $(GO) vet ./sdk/...
	@for p in $(PULUMI_PROVIDERS); do \
		echo "tsc: $$p"; \
		$(PULUMI_BRIDGE)/node_modules/.bin/tsc -p $(PULUMI_BRIDGE)/sdk/$$p/nodejs --noEmit || exit 1; \
	done
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && for p in $(PULUMI_PROVIDERS); do \
		echo "python: $$p"; \
		PYTHONPYCACHEPREFIX=$$tmp python3 -m compileall -q $(PULUMI_BRIDGE)/sdk/$$p/python || exit 1; \
	done

# Unit tests of the bridge (tokens, seed pins, terraformConfig) and the tests
# that run the real CLI against in-process sandboxes. PULUMI_TEST_REQUIRE_CLI
# turns a missing CLI into a failure instead of a skip.
# The pinned @pulumi/pulumi and tsc of bridge/package-lock.json (no
# registry addresses in it: npm ci resolves them from the configured
# registry), for the SDK check and the TypeScript programs of pulumi-test;
# npm ci runs again only when the lock file changes.
pulumi-node-modules: $(PULUMI_BRIDGE)/node_modules/.package-lock.json
$(PULUMI_BRIDGE)/node_modules/.package-lock.json: $(PULUMI_BRIDGE)/package.json $(PULUMI_BRIDGE)/package-lock.json
	cd $(PULUMI_BRIDGE) && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	@touch $@

pulumi-test: pulumi-install pulumi-mod-check pulumi-node-modules
	cd $(PULUMI_BRIDGE) && $(GO) vet ./...
	cd $(PULUMI_BRIDGE) && PULUMI_TEST_REQUIRE_CLI=1 PULUMI_TEST_PLUGIN_DIR=$(BIN) $(GO) test -count=1 -timeout 30m ./...

# The bridged providers run the framework versions the Terraform providers
# run: the bridge module may not select newer ones.
PULUMI_SHARED_MODULES := github.com/hashicorp/terraform-plugin-framework github.com/hashicorp/terraform-plugin-go \
	github.com/hashicorp/terraform-plugin-framework-validators github.com/hashicorp/terraform-plugin-log
pulumi-mod-check:
	@for m in $(PULUMI_SHARED_MODULES); do \
		r=$$($(GO) list -m -f '{{.Version}}' $$m) && b=$$(cd $(PULUMI_BRIDGE) && $(GO) list -m -f '{{.Version}}' $$m) || exit 1; \
		[ "$$r" = "$$b" ] || { echo "$$m: the root module selects $$r, bridge/go.mod $$b; align them"; exit 1; }; \
	done

# After the root module's requirements change: bring bridge/go.mod and go.sum
# up to date (-e: a test-only dependency of sqlite is not on the proxy).
pulumi-tidy:
	cd $(PULUMI_BRIDGE) && $(GO) mod tidy -e

pulumi-clean:
	rm -f $(BIN)/pulumi $(BIN)/pulumi-language-yaml $(BIN)/pulumi-sdkgen \
		$(PULUMI_PROVIDERS:%=$(BIN)/pulumi-resource-%) $(PULUMI_PROVIDERS:%=$(BIN)/pulumi-tfgen-%)
