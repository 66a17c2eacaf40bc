# Two commands on a fresh machine: `make demo` and `make test`.
# Both first make sure the Z3 C library is installed (scripts/ensure-z3.sh).

GO ?= go

.PHONY: demo test vet fmt-check z3 build clean

# Run gosymtest on the example package.
demo: z3
	$(GO) run ./cmd/gosymtest ./testdata/demo

# Run every test once, without the test cache.
# symbolic's tests explore every fixture of testdata several times (points-to
# check, differential run against Go): about 8 minutes on two cores.
test: z3
	$(GO) test -count=1 -timeout 20m ./...

vet:
	$(GO) vet ./...

# Fail, listing them, if Go files outside testdata need gofmt.
fmt-check:
	scripts/check-gofmt.sh

# Install the Z3 C library and headers if cgo cannot use them yet.
z3:
	scripts/ensure-z3.sh

# Build the command into bin/gosymtest.
build: z3
	$(GO) build -o bin/gosymtest ./cmd/gosymtest

clean:
	rm -rf bin

# Run the benchmark harness (bench/): gosymtest against go test -fuzz and
# the packages' own tests; writes bench/RESULTS.md and bench/results/.
# BENCHFLAGS=-quick (or make bench-quick) runs the 10-minute version.
# make bench-mutation adds the mutation arm: gremlins (installed by the
# harness into its scratch directory) runs go test once per mutant, three
# times per package, which multiplies the run's time.
.PHONY: bench bench-quick bench-mutation
bench: z3
	$(GO) run ./bench $(BENCHFLAGS)

bench-quick: z3
	$(GO) run ./bench -quick $(BENCHFLAGS)

bench-mutation: z3
	$(GO) run ./bench -with mutation $(BENCHFLAGS)
