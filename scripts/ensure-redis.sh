#!/usr/bin/env bash
# ensure-redis.sh makes sure that the redis-server program, which the
# tests of the Redis store (package store, cmd/gosymtest's -store) start
# on loopback, is installed. If it is on PATH, it does nothing. Otherwise
# it installs Debian's redis-server with apt-get, as root or through a
# password-less sudo, and if it cannot, it says what to install and exits
# 1. It does not start a server: each test starts its own.
set -euo pipefail

if command -v redis-server >/dev/null 2>&1; then
	exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	as_root=(sudo -n)
fi
if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || [ ${#as_root[@]} -gt 0 ]; }; then
	echo "ensure-redis: redis-server is not installed; installing it with apt-get" >&2
	"${as_root[@]}" apt-get update -qq
	"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null
	# The package starts a server as a service where there is an init
	# system; the tests do not use it.
	if command -v redis-server >/dev/null 2>&1; then
		echo "ensure-redis: installed $(redis-server --version | head -n1)" >&2
		exit 0
	fi
	echo "ensure-redis: redis-server is still not on PATH after installing it" >&2
	exit 1
fi

cat >&2 <<MSG
ensure-redis: redis-server is not installed, and cannot be installed from
here. The tests of the Redis store need it (they fail under CI without it).
    Debian/Ubuntu:  sudo apt-get install redis-server
    macOS:          brew install redis
MSG
exit 1
