#!/usr/bin/env bash
# The HTTP cache conformance suite (http-tests/cache-tests, the 300 tests a browser runs) with
# Catena's HTTPCache as the browser's cache, beside the browsers' published results. Not run by
# `.ci/run`: it needs a checkout of the suite and takes a few minutes (tests pause 3 s each).
#
#   bash IntegrationTests/CacheTests/run.sh PATH_TO_CACHE_TESTS [--out results.json]
#
# CACHE_TESTS_TRANSPORT=nio sends over AsyncHTTPClient instead of URLSession: on Linux,
# URLSession's libcurl refuses a response with a content coding it does not know before the
# cache sees it (Apple's URLSession passes it), so three of the suite's tests never reach the
# cache through it.
#
# Needs Node.js 18 or later; the suite needs no npm packages for this.
set -euo pipefail
suite=$(cd "$1" && pwd)
shift
here=$(cd "$(dirname "$0")" && pwd)
port=${CACHE_TESTS_PORT:-8765}

swift build --package-path "$here/.." --product cache-tests-bridge
bridge="$(swift build --package-path "$here/.." --show-bin-path)/cache-tests-bridge"

(cd "$suite" && npm_config_protocol=http npm_config_port="$port" \
  npm_config_pidfile="$(mktemp)" exec node test-engine/server/server.mjs) > /dev/null &
server=$!
ports=$(mktemp)
"$bridge" "http://localhost:$port" ${CACHE_TESTS_TRANSPORT:-} > "$ports" &
bridged=$!
trap 'kill $server $bridged 2>/dev/null' EXIT
for _ in $(seq 100); do [ -s "$ports" ] && break; sleep 0.1; done
node "$here/run.mjs" "$suite" "http://localhost:$port" "$(head -1 "$ports")" "$@"
