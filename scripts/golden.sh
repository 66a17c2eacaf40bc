#!/bin/bash
# golden.sh checks that a change to the executor leaves what gosymtest
# writes unchanged: the generated files, -stats less its timings, and
# -report, on every bench corpus package and on all of testdata.
#
#   scripts/golden.sh prep             copy the corpus into scratch modules
#   scripts/golden.sh run BIN OUT      run the gosymtest binary BIN on each
#   scripts/golden.sh compare OUT1 OUT2
#
# For example, before and after a change:
#
#   go build -o /tmp/gst-before ./cmd/gosymtest    # on the old commit
#   go build -o /tmp/gst-after ./cmd/gosymtest     # on the new one
#   scripts/golden.sh prep
#   scripts/golden.sh run /tmp/gst-before before
#   scripts/golden.sh run /tmp/gst-after after
#   scripts/golden.sh compare before after         # "differing files: 0"
#
# The runs are bounded by work (-max-work), so that they are
# deterministic; a function that no work bound stops runs to -budget,
# and its figures then depend on the clock. MODS="a b" runs a subset.
# Everything lives under $GOLDEN (default /tmp/gosymtest-golden).
set -euo pipefail
G=${GOLDEN:-/tmp/gosymtest-golden}
R=$(cd "$(dirname "$0")/.." && pwd)
W=${W:-300000}

# copy NAME DIR makes the scratch module NAME from DIR's non-test files.
copy() {
	mkdir -p "$G/src/$1"
	for f in "$2"/*.go; do case $f in *_test.go) ;; *) cp "$f" "$G/src/$1/" ;; esac; done
	printf 'module %s\n\ngo 1.26\n' "$1" >"$G/src/$1/go.mod"
}

download() { (cd /tmp && GOFLAGS=-mod=mod GOWORK=off go mod download -json "$1" | jq -r .Dir); }

prep() {
	rm -rf "$G/src"
	mkdir -p "$G/src"
	grep -v '^#' "$R/bench/corpus.txt" | grep -v '^$' | while read -r kind name src _; do
		case $kind in
		fixture) copy "$name" "$R/$src" ;;
		std) copy "$name" "$(go env GOROOT)/src/$src" ;;
		mod)
			local mv=${src%%/semver} sub=""
			[ "$mv" != "$src" ] && sub=semver
			copy "$name" "$(download "$mv")/$sub"
			;;
		esac
	done
	# A module named like a standard package does not load.
	sed -i 's/^module errors$/module pkgerrors/' "$G/src/errors/go.mod"
	sed -i 's/^module html$/module stdhtml/' "$G/src/html/go.mod"
	# edlib's root package imports its internal packages.
	local d
	d=$(download github.com/hbollon/go-edlib@v1.7.0)
	for p in "$d"/internal/*/; do
		copy "edlib/internal/$(basename "$p")" "$p"
		rm "$G/src/edlib/internal/$(basename "$p")/go.mod"
	done
	chmod -R u+w "$G/src/edlib"
	grep -rl 'github.com/hbollon/go-edlib/internal' "$G/src/edlib" | xargs sed -i 's#github.com/hbollon/go-edlib/internal#edlib/internal#g'
	# testdata, whole, in a module of the project's name.
	mkdir -p "$G/src/repo"
	cp -r "$R/testdata" "$G/src/repo/"
	printf 'module github.com/gosymtest/gosymtest\n\ngo 1.26\n' >"$G/src/repo/go.mod"
	find "$G/src/repo" -name 'gosymtest_generated*' -delete
	# ./... skips directories named testdata: list the packages.
	(cd "$G/src/repo" && find testdata -name '*.go' -not -name '*_test.go' | xargs -n1 dirname | sort -u | sed 's#^#./#') >"$G/repo-packages.txt"
}

run() {
	local bin out=$G/$2 m
	# The runs start in other directories: the binary's path must not be
	# relative to this one.
	bin=$(realpath -e "$1" 2>/dev/null) && [ -x "$bin" ] || {
		echo "golden.sh: $1 is not an executable gosymtest binary" >&2
		exit 2
	}
	[ -z "${MODS:-}" ] && rm -rf "$out"
	mkdir -p "$out/work" "$out/got"
	for m in ${MODS:-$(ls "$G/src")}; do
		rm -rf "${out:?}/work/$m" "${out:?}/got/$m"
		cp -r "$G/src/$m" "$out/work/$m"
		local pkgs=./...
		[ "$m" = repo ] && pkgs=$(cat "$G/repo-packages.txt")
		# shellcheck disable=SC2086 # pkgs is a list of packages
		(cd "$out/work/$m" && "$bin" -budget 10m -max-work "$W" -store off -fuzz-seeds -stats s.json -report r.json $pkgs >run.log 2>&1; echo "$m exit $?" >>"$out/exits")
		mkdir -p "$out/got/$m"
		# The files the run added: tests and fuzz seeds.
		(cd "$out/work/$m" && comm -13 <(cd "$G/src/$m" && find . -type f | sort) <(find . -type f | sort) |
			grep -v -e '^./s.json$' -e '^./r.json$' -e '^./run.log$' |
			while read -r f; do mkdir -p "$out/got/$m/$(dirname "$f")" && cp "$f" "$out/got/$m/$f"; done)
		# -stats less its timings; the heap addresses that a validating
		# go test prints differ between any two processes.
		jq -S 'walk(if type=="object" then with_entries(select((.key|test("_ms$|^ms_|^ms$|cover_timeline"))|not)) else . end)' "$out/work/$m/s.json" |
			sed -E 's/0x[0-9a-f]{9,}/0xADDR/g' >"$out/got/$m/stats.json"
		jq -S . "$out/work/$m/r.json" >"$out/got/$m/report.json"
	done
}

compare() {
	local n
	n=$( (diff -r "$G/$1/got" "$G/$2/got" || true) | grep -c '^diff\|^Only' || true)
	echo "differing files: $n"
	(diff -rq "$G/$1/got" "$G/$2/got" || true) | head -50
}

case ${1:-} in
prep) prep ;;
run) run "$2" "$3" ;;
compare) compare "$2" "$3" ;;
*)
	sed -n '2,21p' "$0"
	exit 2
	;;
esac
