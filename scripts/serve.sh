#!/usr/bin/env bash
# Run the wizard on http://127.0.0.1:5000/ : makes .venv, installs the exact dependency versions of
# requirements.lock (every file checked against its sha256), then the app itself, creates the database
# (instance/wizard.db) and serves under waitress. Extra arguments go to `wizard serve`. Installs Debian's
# Pango with `apt-get` if it is missing: WeasyPrint lays out the PDF packet with it.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=""
/sbin/ldconfig -p | grep -q "libpangoft2-1.0.so.0" || missing="$missing libpango-1.0-0 libpangoft2-1.0-0"
/sbin/ldconfig -p | grep -q "libharfbuzz-subset.so.0" || missing="$missing libharfbuzz-subset0"
if [ -n "$missing" ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements.lock
.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
exec .venv/bin/wizard serve "$@"
