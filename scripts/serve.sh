#!/usr/bin/env bash
# Run the wizard on http://127.0.0.1:5000/ : makes .venv, installs the exact dependency versions of
# requirements.lock (every file checked against its sha256), then the app itself, creates the database
# (instance/wizard.db) and serves under waitress. Extra arguments go to `wizard serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements.lock
.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
exec .venv/bin/wizard serve "$@"
