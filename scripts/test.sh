#!/usr/bin/env bash
# Run every test: makes .venv, installs the app with its test dependencies, installs Debian's
# Chromium for the browser tests if it is missing, then runs pytest. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[test]"
if [ ! -x /usr/bin/chromium ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
exec .venv/bin/python -m pytest -q -p no:cacheprovider -W ignore::DeprecationWarning "$@"
