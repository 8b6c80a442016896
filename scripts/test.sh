#!/usr/bin/env bash
# Run every test: makes .venv, installs the app with its test dependencies, installs Debian's
# Chromium and Graphviz if they are missing, then runs pytest. Extra arguments go to pytest.
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
if [ -n "$missing" ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi
exec .venv/bin/python -m pytest -q -p no:cacheprovider "$@"
