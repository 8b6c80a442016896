#!/usr/bin/env bash
# Run every test: makes .venv, installs the app with its test dependencies, installs Debian's
# Chromium, Graphviz, Pango and calcurse if they are missing, then runs pytest. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[test]"
# Debian packages the tests use: Chromium for the browser tests, Graphviz for `wizard graph --format svg`.
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v dot >/dev/null 2>&1 || missing="$missing graphviz"
# Pango (with HarfBuzz's subsetter) lays out the PDF packet: WeasyPrint loads it from the system.
/sbin/ldconfig -p | grep -q "libpangoft2-1.0.so.0" || missing="$missing libpango-1.0-0 libpangoft2-1.0-0"
/sbin/ldconfig -p | grep -q "libharfbuzz-subset.so.0" || missing="$missing libharfbuzz-subset0"
# calcurse imports the office's calendar feed in tests/test_office_calendar.py (issue 22).
command -v calcurse >/dev/null 2>&1 || missing="$missing calcurse"
if [ -n "$missing" ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi
# A throwaway PostgreSQL cluster for the storage tests on the PostgreSQL backend (issue 25): in a temporary
# folder, as an unprivileged user, on a unix socket in that folder; stopped and removed on exit whatever
# pytest's result. WIZARD_TEST_POSTGRES already set: that database is used instead.
pg_bin() { for dir in /usr/lib/postgresql/*/bin; do [ -x "$dir/$1" ] && { echo "$dir/$1"; return; }; done; command -v "$1"; }
if [ -z "${WIZARD_TEST_POSTGRES:-}" ]; then
  if [ -z "$(pg_bin initdb)" ] || [ -z "$(pg_bin pg_ctl)" ]; then
    SUDO=""
    if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
  fi
  INITDB="$(pg_bin initdb)"; PG_CTL="$(pg_bin pg_ctl)"
  PG_DIR="$(mktemp -d /tmp/wizardpg.XXXXXX)"
  as_pg() { "$@"; }
  if [ "$(id -u)" = 0 ]; then  # PostgreSQL refuses to run as root
    id wizardpg >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin wizardpg
    chown wizardpg "$PG_DIR"
    as_pg() { su -s /bin/sh wizardpg -c "$(printf '%q ' "$@")"; }
  fi
  stop_pg() { as_pg "$PG_CTL" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$PG_DIR"; }
  trap stop_pg EXIT
  as_pg "$INITDB" -D "$PG_DIR/data" -U wizard --auth=trust --no-sync -E UTF8 >/dev/null
  as_pg "$PG_CTL" -D "$PG_DIR/data" -l "$PG_DIR/log" -w start \
    -o "-c listen_addresses='' -c unix_socket_directories=$PG_DIR -c fsync=off -c max_connections=200" >/dev/null
  as_pg "$(pg_bin createdb)" -h "$PG_DIR" -U wizard wizard_test
  export WIZARD_TEST_POSTGRES="postgresql://wizard@/wizard_test?host=$PG_DIR"
  # For tests that start a cluster of their own (the outage test stops it) and run pg_dump/pg_restore.
  export WIZARD_TEST_PG_BIN="$(dirname "$PG_CTL")"
  if [ "$(id -u)" = 0 ]; then export WIZARD_TEST_PG_USER=wizardpg; fi
fi
status=0
# Two worker processes (pytest-xdist): a browser test mostly waits on Chromium and the server, so
# the other worker's tests use the core meanwhile. `-n 0` after it runs in this one process.
.venv/bin/python -m pytest -q -p no:cacheprovider -n 2 "$@" || status=$?
exit $status
