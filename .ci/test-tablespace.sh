#!/usr/bin/env bash
# Makes the tablespace `fieldwork_test` on the PostgreSQL server at 127.0.0.1:5432, in a
# directory of /dev/shm (memory), for the databases the tests create (TEST_DATABASE_TABLESPACE,
# packages/server/src/test/database-templates.ts). Needs root (the directory belongs to the
# server's user) and the server on this machine. Exits non-zero when it cannot; the tests then
# create their databases in the default tablespace.
set -euo pipefail
dir=/dev/shm/fieldwork-test-tablespace
# A container's /dev/shm may be 64 MB; the run's databases take a few hundred at once.
free_kib="$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')"
if [ "${free_kib:-0}" -lt $((2 * 1024 * 1024)) ]; then
  echo "/dev/shm has less than 2 GiB free (${free_kib:-0} KiB)" >&2
  exit 1
fi
psql_admin() { psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -q "$@"; }
owner="$(stat -c %U "$(psql_admin -tAc 'show data_directory')")"

exists="$(psql_admin -tAc "select 1 from pg_tablespace where spcname = 'fieldwork_test'")"
# /dev/shm is emptied by a reboot while the server's catalog keeps the tablespace: it is made
# again (PostgreSQL creates a database there only under its version directory).
if [ "$exists" = 1 ] && ! compgen -G "$dir/PG_*" >/dev/null; then
  psql_admin -c "drop tablespace fieldwork_test" || true
  exists=""
fi
if [ "$exists" != 1 ]; then
  rm -rf "$dir"
  mkdir -p "$dir"
  chown "$owner" "$dir"
  chmod 700 "$dir"
  psql_admin -c "create tablespace fieldwork_test location '$dir'"
fi
echo "Test databases go to the tablespace fieldwork_test in $dir"
