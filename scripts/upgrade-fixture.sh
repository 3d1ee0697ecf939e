#!/usr/bin/env bash
# Makes the upgrade test's fixture from a release: the database that release's own code
# creates on its first start (migrations, the seeded demo organization and published demo
# form) with answers submitted through its public POST /submit/{form_id}, dumped as plain
# SQL. Run it at each release (docs/ARCHITECTURE.md "Backups and upgrades"):
#
#   scripts/upgrade-fixture.sh <git ref of the previous release> packages/server/src/db/fixtures/release-<its last migration>.sql
#
# Needs git, npm, curl and the PostgreSQL client tools; TEST_DATABASE_URL names the
# server (default postgres://postgres@127.0.0.1:5432/test), on which a scratch database is
# created and dropped.
set -euo pipefail
ref=${1:?usage: scripts/upgrade-fixture.sh <git ref> <output .sql>}
out=$(realpath -m "${2:?usage: scripts/upgrade-fixture.sh <git ref> <output .sql>}")
admin=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
work=$(mktemp -d)
name=fieldwork_fixture_$$
url=${admin%/*}/$name
port=$((20000 + RANDOM % 20000))
pid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  psql -q "$admin" -c "drop database if exists $name with (force)" || true
  rm -rf "$work"
}
trap cleanup EXIT

git archive "$ref" | tar -x -C "$work"
(cd "$work" && npm ci --no-audit --no-fund --silent >/dev/null)
psql -q "$admin" -c "create database $name"
(cd "$work" && exec env DATABASE_URL="$url" PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/.data" PUBLIC_RATE_LIMIT_FACTOR=0 \
  node --import tsx packages/server/src/main.ts >"$work/server.log" 2>&1) &
pid=$!
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
  sleep 1
done
form=$(sed -n 's|^Demo form: .*/d/e/||p' "$work/server.log")
[ -n "$form" ] || { cat "$work/server.log"; echo "the release did not seed a demo form" >&2; exit 1; }
roles=(engineer designer operations founder)
plans=(free team enterprise)
for i in $(seq 1 12); do
  curl -sf -o /dev/null -H 'accept: application/json' "http://127.0.0.1:$port/submit/$form" \
    --data-urlencode "full_name=Visitor $i" --data-urlencode "email=visitor$i@example.com" \
    --data-urlencode "team_size=$((i * 3))" --data-urlencode "role=${roles[$((i % 4))]}" \
    --data-urlencode "plan=${plans[$((i % 3))]}" --data-urlencode "comments=Answer number $i, with a comma" \
    --data-urlencode "accept_terms=on"
done
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
# Plain SQL with INSERTs (no COPY blocks), so that PGlite and node-postgres can run it too;
# psql's \restrict lines (PostgreSQL 15.14+) are dropped for the same reason.
{
  echo "-- Made by scripts/upgrade-fixture.sh from $(git rev-parse --short "$ref") ($ref): demo form $form, 12 answers."
  pg_dump --inserts --no-owner --no-privileges --dbname="$url" | grep -v '^\\\(un\)\?restrict '
} >"$out"
echo "wrote $out (demo form $form)"
