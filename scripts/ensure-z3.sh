#!/usr/bin/env bash
# ensure-z3.sh makes sure that cgo can build against the Z3 C library,
# which the solver/z3 package needs. If a tiny C program that includes z3.h
# and links with -lz3 compiles, it does nothing. Otherwise it installs
# Debian's libz3-dev with apt-get, as root or through a password-less
# sudo, and if it cannot, it says what to install and exits 1.
set -euo pipefail

cc=${CC:-cc}
workdir=$(mktemp -d)
trap 'rm -rf "$workdir"' EXIT

# z3_usable compiles and links a program that calls Z3, with the same
# CGO_CFLAGS and CGO_LDFLAGS that cgo would use.
z3_usable() {
	if ! command -v "$cc" >/dev/null 2>&1; then
		echo "$cc: no such command (cgo needs a C compiler)" >"$workdir/cc.log"
		return 1
	fi
	# shellcheck disable=SC2086 # the flags are word lists, as cgo splits them
	printf '#include <z3.h>\nint main(void) { Z3_config c = Z3_mk_config(); Z3_del_config(c); return 0; }\n' |
		"$cc" -x c - ${CGO_CFLAGS:-} ${CGO_LDFLAGS:-} -lz3 -o "$workdir/z3check" 2>"$workdir/cc.log"
}

if z3_usable; then
	exit 0
fi

packages=(libz3-dev)
command -v "$cc" >/dev/null 2>&1 || packages+=(gcc)

as_root=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	as_root=(sudo -n)
fi
if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || [ ${#as_root[@]} -gt 0 ]; }; then
	echo "ensure-z3: Z3 is not usable; installing ${packages[*]} with apt-get" >&2
	"${as_root[@]}" apt-get update -qq
	"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
	if z3_usable; then
		echo "ensure-z3: installed ${packages[*]}" >&2
		exit 0
	fi
	echo "ensure-z3: Z3 is still not usable after installing ${packages[*]}; the compiler said:" >&2
	cat "$workdir/cc.log" >&2
	exit 1
fi

cat >&2 <<MSG
ensure-z3: cannot build a C program against Z3 (z3.h and -lz3) with $cc, and
cannot install it from here. The compiler said:
$(sed 's/^/    /' "$workdir/cc.log" 2>/dev/null)
Install the Z3 C library and headers, then run this again:
    Debian/Ubuntu:  sudo apt-get install libz3-dev
    macOS:          brew install z3
                    export CGO_CFLAGS="-I\$(brew --prefix z3)/include"
                    export CGO_LDFLAGS="-L\$(brew --prefix z3)/lib"
                    (with Homebrew in /opt/homebrew these are
                    -I/opt/homebrew/include and -L/opt/homebrew/lib)
MSG
exit 1
