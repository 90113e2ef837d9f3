# modelcheck: make run (the main job on the default model), make test (all tests).
GO ?= go
DEPTH ?= 12
FUZZTIME ?= 30s
# A fuzz target minimises each new input for up to this long. Go's default,
# 60s, is longer than FUZZTIME: FuzzWheel spent a whole 30s run minimising
# its first find (51 inputs tried, against 634,155 with 5s).
FUZZMINIMIZETIME ?= 5s
# The fuzz targets, as package:Target (go test -fuzz runs one at a time).
FUZZ_TARGETS = counterexamples:FuzzParse counterexamples:FuzzReplay \
	runtime/conformance:FuzzFixtures runtime/conformance:FuzzParity runtime/conformance:FuzzPool \
	runtime/conformance:FuzzChannel runtime/conformance:FuzzWheel

.PHONY: run test bench build vet fmt fuzz mutate pgo race

run: build
	./bin/modelcheck explore --depth $(DEPTH)

build:
	$(GO) build -o bin/modelcheck ./cmd/modelcheck

# cmd/modelcheck's end-to-end tests take about six minutes on two quiet
# cores, near go test's default ten-minute limit per package on a busy
# machine; the limit is there to catch a hang, which 30 minutes still does.
test:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	$(GO) vet ./...
	$(GO) test -timeout 30m ./...

# go build uses cmd/modelcheck/default.pgo (profile-guided optimisation)
# by itself; the benchmarks are built with it too, so they measure the
# build make run runs. -p 1 runs one package's benchmarks at a time, so
# they do not share the cores with another's.
PGO_PROFILE = $(CURDIR)/cmd/modelcheck/default.pgo

bench:
	$(GO) test -p 1 -pgo=$(PGO_PROFILE) -run '^$$' -bench . -benchmem ./explore/ ./invariants/...

# pgo regenerates the profile from the default scenario's benchmark (one
# worker, depth 10), built without it. Redo it when the hot path changes.
pgo:
	$(GO) test -pgo=off -run '^$$' -bench 'Explore/default/workers=1$$' -benchtime 3x -cpuprofile $(PGO_PROFILE) -o /dev/null ./invariants/asupersync/

# mutate: plant a seeded sample of mutants in runtime/ and report the kill
# rate of the explorer alone, per package, with every survivor
# (MUTATE_FLAGS=-tests also runs the runtime's tests, the conformance fixtures
# and the committed counterexamples on likely equivalents; MUTATE_FLAGS=-checks
# mutates the checks in invariants/ instead, judged by their tests).
MUTANTS ?= 100
MUTATE_SEED ?= 1
MUTATE_FLAGS ?=
mutate:
	$(GO) run ./cmd/mutate -n $(MUTANTS) -seed $(MUTATE_SEED) -j 2 $(MUTATE_FLAGS)

# race runs every test under Go's race detector, which looks for unsynchronised
# memory access between the parallel explorer's workers. It is not in make test:
# on two cores it took 56 minutes, and cmd/modelcheck (54 minutes),
# invariants/asupersync (35) and invariants/vm (11) ran past go test's default
# 10-minute limit per package, hence the longer one.
race:
	$(GO) test -race -timeout 90m ./...

vet:
	$(GO) vet ./...

fmt:
	gofmt -w .

# make fuzz runs each fuzz target for FUZZTIME (their seed corpora run in make test).
# Go 1.26's fuzz coordinator can fail a target with a bare "context deadline
# exceeded" as -fuzztime runs out (golang/go#75804, fixed in Go 1.27): no
# input failed and none is written. Such a run is reported and passes; any
# other failure stops make fuzz.
fuzz:
	@log=$$(mktemp) && trap 'rm -f "$$log" "$$log.rc"' EXIT && \
	for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t#*:}; \
		echo "fuzz $$name ($$pkg, $(FUZZTIME))"; \
		{ $(GO) test ./$$pkg -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZETIME); \
			echo $$? > "$$log.rc"; } 2>&1 | tee "$$log"; \
		[ "$$(cat "$$log.rc")" = 0 ] && continue; \
		if grep -q 'context deadline exceeded' "$$log" && ! grep -q 'Failing input written' "$$log"; then \
			echo "fuzz $$name: Go's fuzz coordinator failed at the deadline with no failing input (golang/go#75804): not a finding"; \
			continue; \
		fi; \
		exit 1; \
	done
