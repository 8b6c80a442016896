#!/usr/bin/env bash
# Run the wizard on http://127.0.0.1:5000/ : makes .venv, installs the exact dependency versions of
# requirements.lock (every file checked against its sha256), then the app itself, creates the database
# (instance/wizard.db) and serves under waitress. Extra arguments go to `wizard serve`. Installs Debian's
# Pango with `apt-get` if it is missing (waiting for another apt to finish): WeasyPrint lays out the PDF
# packet with it. The steps are scripts/setup_steps.sh's, shared with scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup_steps.sh
missing=""
/sbin/ldconfig -p | grep -q "libpangoft2-1.0.so.0" || missing="$missing libpango-1.0-0 libpangoft2-1.0-0"
/sbin/ldconfig -p | grep -q "libharfbuzz-subset.so.0" || missing="$missing libharfbuzz-subset0"
install_debian_packages "$missing"
make_python_env .venv
install_locked .venv
exec .venv/bin/wizard serve "$@"
