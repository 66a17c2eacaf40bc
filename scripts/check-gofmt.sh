#!/usr/bin/env bash
# check-gofmt.sh lists the Go files that gofmt would change and fails if
# there are any. It checks the files git tracks plus the untracked ones
# that are not ignored, leaving out everything under a testdata
# directory: fixtures may be malformed on purpose. Outside a git work
# tree it checks every .go file below the current directory.
set -euo pipefail

list_go_files() {
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git ls-files --cached --others --exclude-standard -- '*.go'
	else
		find . -name '*.go' -type f | sed 's|^\./||'
	fi
}

files=()
while IFS= read -r f; do
	case "/$f" in
	*/testdata/*) continue ;;
	esac
	if [ -f "$f" ]; then # a tracked file may have been deleted
		files+=("$f")
	fi
done < <(list_go_files | sort -u)

if [ ${#files[@]} -eq 0 ]; then
	echo "check-gofmt: no Go files found" >&2
	exit 1
fi

unformatted=$(gofmt -l "${files[@]}")
if [ -n "$unformatted" ]; then
	echo "check-gofmt: these files need gofmt -w:" >&2
	echo "$unformatted" >&2
	exit 1
fi
