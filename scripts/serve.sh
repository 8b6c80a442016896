#!/usr/bin/env bash
# Run the wizard on http://127.0.0.1:5000/ : makes .venv, installs the app, creates the
# database (instance/wizard.db) and serves under waitress. Extra arguments go to `wizard serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
exec .venv/bin/wizard serve "$@"
