#!/usr/bin/env bash
# Node 26 smoke (issue 20), run by .ci/run after the whole suite: on the pinned Node 26 binary,
# install, build, start the built server with `npm start` (PGlite in a scratch DATA_DIR) until
# /healthz answers, stop it with SIGTERM (it must exit 0), and run one end-to-end test.
# It may reinstall node_modules for Node 26 (see NODE26_INSTALL), so it comes last. Prints
# the seconds it took.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
PATH="$(.ci/node-binary.sh 26):$PATH"
export PATH
echo "▶ Node 26 smoke on $(node --version)"

# NODE26_INSTALL=<dir>: what .ci/node26-install.sh installed there with Node 26 while the suite
# ran. When it holds the same packages as ./node_modules (npm's record of each, version and
# integrity), the smoke runs on ./node_modules as it is; otherwise it installs again in place.
# SMOKE_SKIP_INSTALL=1 skips the install (trying the script again on the same node_modules).
installed="${NODE26_INSTALL:-}/node_modules/.package-lock.json"
if [ "${SMOKE_SKIP_INSTALL:-}" = 1 ]; then
  echo "SMOKE_SKIP_INSTALL=1: no install"
elif [ -n "${NODE26_INSTALL:-}" ] && cmp -s "$installed" node_modules/.package-lock.json; then
  echo "Node 26's npm ci installed the same packages as ./node_modules ($installed): no second install"
else
  [ -n "${NODE26_INSTALL:-}" ] && echo "Node 26's install differs from ./node_modules (or is missing): installing again in place"
  npm ci --no-audit --no-fund --prefer-offline
fi
npm run build --silent

data="$(mktemp -d)"
port="$(node -e 's=require("net").createServer().listen(0,()=>{console.log(s.address().port);s.close()})')"
PORT=$port HOST=127.0.0.1 DATA_DIR="$data" DATABASE_URL= LOG_LEVEL=warn npm start >"$data/start.log" 2>&1 &
server=$!
server_pid() { node -p 'require(process.argv[1]).pid' "$data/server.json" 2>/dev/null; }
# Whatever happens below, no server outlives the script (npm does not pass a signal on to it).
cleanup() {
  local pid; pid="$(server_pid || true)"
  [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null || true
  kill -TERM "$server" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT
for _ in $(seq 1 600); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
  kill -0 "$server" 2>/dev/null || { cat "$data/start.log"; echo "✖ npm start exited on Node 26"; exit 1; }
  sleep 0.1
done
curl -sf "http://127.0.0.1:$port/healthz" >/dev/null || { cat "$data/start.log"; echo "✖ no /healthz within 60 s on Node 26"; exit 1; }
# SIGTERM to the server itself (its pid is in DATA_DIR/server.json), not to npm, which would
# answer a signal with 143 whatever the server did; npm then exits with the server's code.
kill -TERM "$(server_pid)"
status=0; wait "$server" || status=$?
if [ "$status" -ne 0 ]; then cat "$data/start.log"; echo "✖ npm start exited with $status after SIGTERM on Node 26"; exit 1; fi

CI=true npx vitest run e2e/first-visit.test.ts
echo "✔ Node 26 smoke passed in $((SECONDS - started)) s"
