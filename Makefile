# modelcheck: make run (the main job on the default model), make test (all tests).
GO ?= go
DEPTH ?= 12

.PHONY: run test bench build vet fmt mutate

run: build
	./bin/modelcheck explore --depth $(DEPTH)

build:
	$(GO) build -o bin/modelcheck ./cmd/modelcheck

test:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	$(GO) vet ./...
	$(GO) test ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./explore/ ./invariants/

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
