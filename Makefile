# modelcheck: make run (the main job on the default model), make test (all tests).
GO ?= go
DEPTH ?= 12

.PHONY: run test bench build vet fmt

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

vet:
	$(GO) vet ./...

fmt:
	gofmt -w .
