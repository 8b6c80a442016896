#!/usr/bin/env bash
# Run Chromium as a village-hall kiosk screen for the wizard at URL (see docs/kiosk.md, "Setting up a
# kiosk screen"). Usage: scripts/kiosk-browser.sh URL [PROFILE_FOLDER]
#   --kiosk          full screen, no address bar, menus or tabs for the next person to dig through
#   --kiosk-printing Print sends the page straight to the default printer: no dialog, no "Save as PDF"
#   --user-data-dir  a profile of its own that keeps one cookie the screen needs (its kiosk enrolment);
#                    what it must not keep is switched off by the policy in docs/kiosk-chromium-policy.json
#   --no-first-run, --disable-sync, --disable-background-networking: nothing signs in or reports
set -euo pipefail
url="${1:?usage: scripts/kiosk-browser.sh URL [PROFILE_FOLDER]}"
profile="${2:-$HOME/.local/share/wizard-kiosk-profile}"
policy=/etc/chromium/policies/managed/wizard-kiosk.json
if [ ! -f "$policy" ]; then
  echo "warning: $policy is missing: autofill and password saving are not off by policy." >&2
  echo "  As root: mkdir -p /etc/chromium/policies/managed && cp docs/kiosk-chromium-policy.json $policy" >&2
fi
mkdir -p "$profile" && chmod 700 "$profile"
exec chromium --kiosk --kiosk-printing --no-first-run --disable-sync --disable-background-networking \
  --disable-features=AutofillServerCommunication --user-data-dir="$profile" "$url"
