#!/usr/bin/env bash
# ci-recipes.sh runs the sharding recipes of README.md ("Scaling past one
# machine") here, on a small fixture, the way GitHub Actions and
# Kubernetes would run them, and checks that what they leave is what one
# unsharded run writes:
#
#   - the GitHub matrix: each of the 3 shard jobs in a copy of the module
#     of its own, its "artifact" (shards/ and the shard test files) copied
#     aside; the merge job in a fresh copy into which every artifact is
#     unpacked;
#   - the Kubernetes Indexed Job: 3 "pods", each in a copy of the module
#     of its own with JOB_COMPLETION_INDEX=0, 1, 2, writing to a shared
#     directory that stands for the volume; then the merge pod;
#   - one unsharded run with the recipe's flags (less -shard) and -p 1.
#
# The merged gosymtest_generated_test.go files must be byte-identical to
# the unsharded run's, the merged -report too, and the merged -stats the
# same but for their times (scripts/timeless). It exits 1, showing the
# differences, when anything differs or a step fails.
#
#   scripts/ci-recipes.sh [GOSYMTEST-BINARY]
#
# Without an argument it builds ./cmd/gosymtest. FIXTURE (default
# testdata/demo) is the package copied into the scratch module, KEEP=1
# keeps the scratch directory, whose path it prints.
#
# The commands are not copied here: they are read from README.md's
# snippets, each a shell block that starts with a "# ci-recipes: NAME"
# comment, so that a change to a recipe is tested as written. Only what
# the CI system provides is replaced: the matrix value, the Redis
# service's address and the volume's /out. The Redis services are
# databases of one redis-server started here on loopback, each empty at
# the start as a new service is: GitHub gives each job a service
# container of its own (databases 1 to 3), the Kubernetes pods share one
# Redis service (database 4), and the unsharded run has its own
# (database 5). A store another run had warmed would answer queries
# without Z3, which leaves the tests the same but changes the solver's
# counts in -stats.
set -euo pipefail

R=$(cd "$(dirname "$0")/.." && pwd)
README=$R/README.md
FIXTURE=${FIXTURE:-testdata/demo}
N=3 # the recipes' number of shards

W=$(mktemp -d "${TMPDIR:-/tmp}/gosymtest-ci-recipes.XXXXXX")
redis_pid=
cleanup() {
	if [ -n "$redis_pid" ]; then
		kill "$redis_pid" 2>/dev/null || true
		wait "$redis_pid" 2>/dev/null || true
	fi
	if [ "${KEEP:-}" = 1 ]; then
		echo "ci-recipes: scratch directory kept: $W" >&2
	else
		rm -rf "$W"
	fi
}
trap cleanup EXIT

say() { printf 'ci-recipes: [%3ds] %s\n' "$SECONDS" "$*" >&2; }
fail() {
	say "FAIL: $*"
	exit 1
}

mkdir -p "$W/bin"
if [ $# -ge 1 ]; then
	ln -s "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")" "$W/bin/gosymtest"
else
	say "building gosymtest"
	(cd "$R" && go build -o "$W/bin/gosymtest" ./cmd/gosymtest)
fi
(cd "$R" && go build -o "$W/bin/timeless" ./scripts/timeless)
# The recipes call gosymtest by name, as installed by go install.
export PATH=$W/bin:$PATH NO_COLOR=1

# recipe NAME prints the shell block of README.md that starts with the
# comment "# ci-recipes: NAME": the lines after it that are indented at
# least as much, less that indentation.
recipe() {
	local out
	out=$(awk -v name="$1" '
		function indent(s) { match(s, /^ */); return RLENGTH }
		on && ($0 ~ /^```/ || $0 ~ /^ *$/ || indent($0) < ind) { exit }
		on { print substr($0, ind + 1) }
		!on && $0 ~ ("^ *# ci-recipes: " name "$") { on = 1; ind = indent($0) }
	' "$README")
	[ -n "$out" ] || fail "README.md has no block marked # ci-recipes: $1"
	printf '%s\n' "$out"
}

gh_shard=$(recipe github-shard)
gh_merge=$(recipe github-merge)
k8s_shard=$(recipe k8s-shard)
k8s_merge=$(recipe k8s-merge)
grep -q -- "-shard .*/$N " <<<"$gh_shard" || fail "the GitHub recipe does not run $N shards"
grep -q -- "-shard .*/$N " <<<"$k8s_shard" || fail "the Kubernetes recipe does not run $N shards"

# The Redis service. Without redis-server the recipes run with -store off,
# which tests all but the shared store.
store_base=off
if command -v redis-server >/dev/null 2>&1; then
	for try in 1 2 3 4 5; do
		port=$((20000 + RANDOM % 20000))
		# Something listens there already: another port.
		if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then continue; fi
		redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$W" >"$W/redis.log" 2>&1 &
		redis_pid=$!
		for _ in $(seq 100); do
			grep -q "Ready to accept connections" "$W/redis.log" && break
			kill -0 "$redis_pid" 2>/dev/null || break
			sleep 0.1
		done
		if grep -q "Ready to accept connections" "$W/redis.log"; then
			store_base=redis://127.0.0.1:$port
			break
		fi
		kill "$redis_pid" 2>/dev/null || true
		wait "$redis_pid" 2>/dev/null || true
		redis_pid=
	done
	[ "$store_base" != off ] || fail "redis-server would not start:
$(cat "$W/redis.log")"
	say "Redis on $store_base"
else
	say "redis-server is not installed (scripts/ensure-redis.sh installs it): running the recipes with -store off instead of a shared Redis store"
fi
# store DB is the -store value of one recipe's runs.
store() { if [ "$store_base" = off ]; then echo off; else echo "$store_base/$1"; fi; }

# The scratch module: the fixture's non-test files at its root.
mkdir -p "$W/src"
for f in "$R/$FIXTURE"/*.go; do
	case $f in *_test.go) ;; *) cp "$f" "$W/src/" ;; esac
done
printf 'module example.com/fixture\n\ngo 1.26\n' >"$W/src/go.mod"
checkout() { rm -rf "$1" && cp -R "$W/src" "$1"; }

# run DIR LOG SHELL SCRIPT [VAR=VALUE...] runs SCRIPT in DIR with SHELL
# (bash -e for a GitHub step, sh for a container's sh -c), and shows its
# output if it fails.
run() {
	local dir=$1 log=$2 sh=$3 script=$4
	shift 4
	if ! (cd "$dir" && env "$@" $sh -c "$script") >"$log" 2>&1; then
		cat "$log" >&2
		fail "this step failed (in $dir):
$script"
	fi
}

start=$SECONDS

# GitHub Actions: the matrix, then the merge job.
mkdir -p "$W/gh/artifacts"
for i in $(seq "$N"); do
	job=$W/gh/job-$i
	checkout "$job"
	script=${gh_shard//'${{ matrix.shard }}'/$i}
	script=${script//redis:\/\/localhost:6379/$(store "$i")}
	say "GitHub job shard=$i"
	run "$job" "$W/gh/job-$i.log" "bash -e" "$script"
	# upload-artifact: shards/ and the shard test files, at their paths.
	art=$W/gh/artifacts/gosymtest-shard-$i
	mkdir -p "$art"
	(cd "$job" && find shards -type f -print && find . -name 'gosymtest_generated_shard_*_test.go' -print) |
		(cd "$job" && xargs cp --parents -t "$art")
done
# download-artifact with merge-multiple: every artifact into one checkout.
checkout "$W/gh/merge"
for art in "$W"/gh/artifacts/*/; do cp -R "$art". "$W/gh/merge/"; done
say "GitHub merge job"
run "$W/gh/merge" "$W/gh/merge.log" "bash -e" "$gh_merge"

# Kubernetes: the Indexed Job's pods, then the merge pod; $W/k8s/out is
# the shared volume.
k8s_store=$(store 4)
out=$W/k8s/out
mkdir -p "$out"
volume() {
	local s=${1//redis:\/\/redis:6379/$k8s_store}
	# /out as a path of its own: " /out" followed by "/" or the end of a word.
	sed -E "s#(^|[ ])/out(/|\$|[ ])#\\1$out\\2#g" <<<"$s"
}
for idx in $(seq 0 $((N - 1))); do
	pod=$W/k8s/pod-$idx
	checkout "$pod"
	say "Kubernetes pod JOB_COMPLETION_INDEX=$idx"
	run "$pod" "$W/k8s/pod-$idx.log" sh "$(volume "$k8s_shard")" JOB_COMPLETION_INDEX="$idx"
done
checkout "$W/k8s/merge"
say "Kubernetes merge pod"
run "$W/k8s/merge" "$W/k8s/merge.log" sh "$(volume "$k8s_merge")"

# The unsharded run: the GitHub recipe's gosymtest command, joined across
# its continuation lines, less -shard, with its files of its own and -p 1.
whole=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' <<<"${gh_shard//'${{ matrix.shard }}'/1}" | grep -E '^[[:space:]]*gosymtest ' | head -n1)
[ -n "$whole" ] || fail "no gosymtest command in the GitHub recipe"
whole=$(sed -E -e 's/-shard [^ ]+ //' -e 's/-stats [^ ]+/-stats ..\/whole-stats.json/' -e 's/-report [^ ]+/-report ..\/whole-report.json/' \
	-e 's/^([[:space:]]*gosymtest )/\1-p 1 /' <<<"$whole")
whole=${whole//redis:\/\/localhost:6379/$(store 5)}
checkout "$W/whole"
say "unsharded run: $whole"
run "$W/whole" "$W/whole.log" "bash -e" "$whole"
say "recipes and unsharded run took $((SECONDS - start))s"

# Compare.
differ=0
differs() {
	say "DIFFERS: $1"
	differ=1
}
testfiles() { (cd "$1" && find . -name 'gosymtest_generated*_test.go' | sort); }
compare() { # NAME MERGED-CHECKOUT-OR-DIR STATS REPORT
	local name=$1 dir=$2 stats=$3 rep=$4
	if [ "$(testfiles "$W/whole")" != "$(testfiles "$dir")" ]; then
		differs "$name: the test files are not the unsharded run's"
		diff <(testfiles "$W/whole") <(testfiles "$dir") >&2 || true
	fi
	local f
	for f in $(testfiles "$W/whole"); do
		[ -f "$dir/$f" ] || continue
		if ! cmp -s "$W/whole/$f" "$dir/$f"; then
			differs "$name: $f"
			diff -u "$W/whole/$f" "$dir/$f" >&2 || true
		fi
	done
	if ! cmp -s "$W/whole-report.json" "$rep"; then
		differs "$name: -report"
		diff -u "$W/whole-report.json" "$rep" >&2 || true
	fi
	if ! diff -u --label "unsharded -stats" --label "$name -stats" <(timeless "$W/whole-stats.json") <(timeless "$stats") >"$W/stats.diff"; then
		differs "$name: -stats (times left out)"
		cat "$W/stats.diff" >&2
	fi
}
compare "GitHub Actions" "$W/gh/merge" "$W/gh/merge/gosymtest-stats.json" "$W/gh/merge/gosymtest-report.json"
compare "Kubernetes" "$out/merged" "$out/stats.json" "$out/report.json"

[ "$(testfiles "$W/whole")" != "" ] || differs "the unsharded run wrote no test file"
if [ "$differ" -ne 0 ]; then
	fail "the merged shards differ from the unsharded run"
fi
say "OK: both recipes' merged shards are the unsharded run's tests, -report and -stats (times left out)"
