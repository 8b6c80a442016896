#!/usr/bin/env bash
# Run every test: makes .venv, installs the app with its test dependencies, installs Debian's
# Chromium, Graphviz, Pango, calcurse, nginx, poppler-utils, mupdf-tools and pdftk-java if they are missing, then runs pytest. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup_steps.sh
make_python_env .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[test]"
# Debian packages the tests use: Chromium for the browser tests, Graphviz for `wizard graph --format svg`.
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v dot >/dev/null 2>&1 || missing="$missing graphviz"
# Pango (with HarfBuzz's subsetter) lays out the PDF packet: WeasyPrint loads it from the system.
/sbin/ldconfig -p | grep -q "libpangoft2-1.0.so.0" || missing="$missing libpango-1.0-0 libpangoft2-1.0-0"
/sbin/ldconfig -p | grep -q "libharfbuzz-subset.so.0" || missing="$missing libharfbuzz-subset0"
# calcurse imports the office's calendar feed in tests/office/test_calendar_feed.py (docs/decisions/0017-tests-use-the-real-tools.md).
command -v calcurse >/dev/null 2>&1 || missing="$missing calcurse"
# nginx in front of the app with docs/nginx.conf in tests/web/test_behind_nginx.py; the tests start
# their own, unprivileged, on a loopback port (Debian's service is not used).
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || missing="$missing nginx"
# poppler's pdftoppm renders packet pages in tests/packet/test_fields.py: a ticked box must show.
command -v pdftoppm >/dev/null 2>&1 || missing="$missing poppler-utils"
# MuPDF's mutool draws a ticked box and pdftk-java fills and flattens the packet in tests/packet/test_viewers.py.
command -v mutool >/dev/null 2>&1 || missing="$missing mupdf-tools"
command -v pdftk >/dev/null 2>&1 || missing="$missing pdftk-java"
install_debian_packages "$missing"
# A throwaway PostgreSQL cluster for the storage tests on the PostgreSQL backend (docs/decisions/0008-one-sql-for-both-backends.md): in a temporary
# folder, as an unprivileged user, on a unix socket in that folder (scripts/pg_cluster.sh); stopped and
# removed on exit whatever pytest's result. WIZARD_TEST_POSTGRES already set: that database is used instead.
PG_DIR=""; TEST_TMP=""
cleanup() {
  if [ -n "$PG_DIR" ]; then scripts/pg_cluster.sh stop "$PG_DIR"; fi
  if [ -n "$TEST_TMP" ]; then rm -rf "$TEST_TMP"; fi
}
trap cleanup EXIT
if [ -z "${WIZARD_TEST_POSTGRES:-}" ]; then
  PG_DIR="$(mktemp -d /tmp/wizardpg.XXXXXX)"
  WIZARD_TEST_POSTGRES="$(scripts/pg_cluster.sh start "$PG_DIR")"
  export WIZARD_TEST_POSTGRES
  # For tests that start a cluster of their own (the outage test stops it) and run pg_dump/pg_restore.
  WIZARD_TEST_PG_BIN="$(scripts/pg_cluster.sh bin)"
  export WIZARD_TEST_PG_BIN
  if [ "$(id -u)" = 0 ]; then export WIZARD_TEST_PG_USER=wizardpg; fi
fi
# The tests' temporary files (pytest's tmp_path, tempfile's folders: each test's SQLite database, the
# packets, the served apps' and Chromium's folders) in memory, on /dev/shm when it is a tmpfs with a few
# GB free: every test makes a database, and on a disk each new SQLite file and WAL checkpoint waits for
# fsync (a migrated database: 60 ms on the shared machine's disk, 1.5 ms in memory). Removed on exit.
# WIZARD_TEST_TMPDIR=/some/folder puts them there instead (or set it empty to keep $TMPDIR).
shm_free_kb="$(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 {print $4}')"
if [ -z "${WIZARD_TEST_TMPDIR+set}" ] && [ -w /dev/shm ] && [ "${shm_free_kb:-0}" -gt 4000000 ]; then
  TEST_TMP="$(mktemp -d /dev/shm/wizard-tests.XXXXXX)"
  chmod 1777 "$TEST_TMP"  # as /tmp: PostgreSQL's own user makes its folders in it (tests/support/postgres.py)
  export TMPDIR="$TEST_TMP"
elif [ -n "${WIZARD_TEST_TMPDIR:-}" ]; then
  export TMPDIR="$WIZARD_TEST_TMPDIR"
fi
# Compiled modules kept (__pycache__, ignored by git) even where the environment sets PYTHONDONTWRITEBYTECODE:
# otherwise each xdist worker compiles wizard/ and rewrites the asserts of ~300 test modules anew (6 s of
# CPU each, half its collection), and so does every server, CLI and print worker a test starts (0.2 s each).
unset PYTHONDONTWRITEBYTECODE
status=0
# The translation catalogs (docs/decisions/0002-spanish-beside-the-law.md): a text in _() that the Spanish catalog lacks, an entry with no
# translation, or a .mo that is not its .po compiled fails the run (scripts/catalogs.py says which).
.venv/bin/python scripts/catalogs.py check || status=$?
# mypy over wizard/ (pyproject.toml's [tool.mypy]) against scripts/mypy-baseline.txt: an error not in the
# baseline fails the run and is named; one fixed is reported so `scripts/mypy_baseline.py update` shrinks it.
.venv/bin/python scripts/mypy_baseline.py check || status=$((status ? status : $?))
# Three worker processes on two cores (pytest-xdist): a browser test mostly waits on Chromium and the
# server, so the other workers' tests use the cores meanwhile (852.6 s with two, 796.7 s with three). `-n 0` after it runs in this one process.
# Each worker takes whole files (a module's fixtures are made once, not on both workers), in the
# order tests/conftest.py collects them: the longest single tests first, not last.
.venv/bin/python -m pytest -q -p no:cacheprovider -n 3 --dist loadfile --no-loadscope-reorder "$@" || status=$((status ? status : $?))
exit $status
