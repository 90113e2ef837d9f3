# modelcheck: make run (the main job on the default model), make test (all tests).
GO ?= go
DEPTH ?= 12
FUZZTIME ?= 30s
# The fuzz targets, as package:Target (go test -fuzz runs one at a time).
FUZZ_TARGETS = counterexamples:FuzzParse counterexamples:FuzzReplay \
	runtime/conformance:FuzzFixtures runtime/conformance:FuzzParity runtime/conformance:FuzzPool \
	runtime/conformance:FuzzChannel runtime/conformance:FuzzWheel

.PHONY: run test bench build vet fmt fuzz mutate

run: build
	./bin/modelcheck explore --depth $(DEPTH)

build:
	$(GO) build -o bin/modelcheck ./cmd/modelcheck

test:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	$(GO) vet ./...
	$(GO) test ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./explore/ ./invariants/...

# mutate: plant a seeded sample of mutants in runtime/ and report the kill
# rate of the explorer alone, per package, with every survivor
# (MUTATE_FLAGS=-tests also runs the runtime's tests on likely equivalents).
MUTANTS ?= 100
MUTATE_SEED ?= 1
MUTATE_FLAGS ?=
mutate:
	$(GO) run ./cmd/mutate -n $(MUTANTS) -seed $(MUTATE_SEED) -j 2 $(MUTATE_FLAGS)

vet:
	$(GO) vet ./...

fmt:
	gofmt -w .

# make fuzz runs each fuzz target for FUZZTIME (their seed corpora run in make test).
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		echo "fuzz $${t#*:} ($${t%%:*}, $(FUZZTIME))"; \
		$(GO) test ./$${t%%:*} -run '^$$' -fuzz "^$${t#*:}\$$" -fuzztime $(FUZZTIME) || exit 1; \
	done
