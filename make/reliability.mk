# The fault, restart and bad-input suite (reliability/, issue 13): the real
# terraform and pulumi against sandboxes that inject faults, are killed and
# restarted, or get bad input; each scenario checks the services' own state
# and appends a row to the report, printed as a table at the end.
#
#   make test-reliability         every scenario in full (R1: 10 seeded runs of 100 resources)
#   make test-reliability-short   the short form of R1, R2, R3, R7 and R8 security (part of make test; R4-R6 run
#                                 in test-unit already)

RELIABILITY_DIR    := $(CURDIR)/.reliability
RELIABILITY_REPORT_FILE := $(RELIABILITY_DIR)/report.jsonl
RELIABILITY_GO_TEST := $(GO) test -count=1 -timeout 60m ./reliability/

TEST_STEPS += test-reliability-short

.PHONY: test-reliability test-reliability-short

# The test log stays in .reliability/test.log; the table is printed whether
# the scenarios passed or not, and the target fails when one failed.
test-reliability: install pulumi-install
	@mkdir -p $(RELIABILITY_DIR) && rm -f $(RELIABILITY_REPORT_FILE)
	@echo "reliability suite (log: $(RELIABILITY_DIR)/test.log)"
	@start=$$(date +%s); RELIABILITY_BIN=$(BIN) RELIABILITY_REPORT=$(RELIABILITY_REPORT_FILE) \
		$(RELIABILITY_GO_TEST) -v >$(RELIABILITY_DIR)/test.log 2>&1; status=$$?; \
	grep -E '^(--- |ok|FAIL|PASS)|^ +--- ' $(RELIABILITY_DIR)/test.log; \
	$(GO) run ./reliability/cmd/reliability-table $(RELIABILITY_REPORT_FILE); \
	echo "took $$(( $$(date +%s) - start ))s"; exit $$status

test-reliability-short: install pulumi-install
	@mkdir -p $(RELIABILITY_DIR) && rm -f $(RELIABILITY_REPORT_FILE)
	@start=$$(date +%s); RELIABILITY_BIN=$(BIN) RELIABILITY_SHORT=1 RELIABILITY_REPORT=$(RELIABILITY_REPORT_FILE) \
		$(RELIABILITY_GO_TEST) -run 'Test(R1|R2|R3|R7|R8)' >$(RELIABILITY_DIR)/test-short.log 2>&1; status=$$?; \
	tail -n 40 $(RELIABILITY_DIR)/test-short.log; \
	$(GO) run ./reliability/cmd/reliability-table $(RELIABILITY_REPORT_FILE); \
	echo "took $$(( $$(date +%s) - start ))s"; exit $$status
