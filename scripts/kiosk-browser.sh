#!/usr/bin/env bash
# Run Chromium as a village-hall kiosk screen for the wizard at URL (see docs/kiosk-lockdown.md, and docs/kiosk.md,
# "Setting up a kiosk screen").
#   scripts/kiosk-browser.sh URL [PROFILE_FOLDER]   run the screen
#   scripts/kiosk-browser.sh --print-policy URL     print the browser policy, which lets the screen open
#       URL's site and nothing else; as root: scripts/kiosk-browser.sh --print-policy URL > $policy
#   --kiosk          full screen, no address bar, menus or tabs for the next person to dig through
#   --kiosk-printing Print sends the page straight to the default printer: no dialog, no "Save as PDF"
#   --user-data-dir  a profile of its own that keeps one cookie the screen needs (its kiosk enrolment);
#                    what it must not keep is switched off by the policy in docs/kiosk-chromium-policy.json
#   --no-first-run, --disable-sync, --disable-background-networking: nothing signs in or reports
set -euo pipefail
usage="usage: scripts/kiosk-browser.sh URL [PROFILE_FOLDER] | --print-policy URL"
policy=/etc/chromium/policies/managed/wizard-kiosk.json
template="$(cd "$(dirname "$0")/.." && pwd)/docs/kiosk-chromium-policy.json"
placeholder="https://permits.example.org"  # the site in the template's URLAllowlist

# The site of an address (scheme, host, port): what URLAllowlist names. Refused unless plainly one,
# so that nothing but a host name lands in the policy.
site_of() {
  local site
  site="$(printf '%s' "$1" | sed -E 's#^(https?://[^/?#]+).*$#\1#')"
  if ! printf '%s' "$site" | grep -Eq '^https?://[A-Za-z0-9.-]+(:[0-9]+)?$|^https?://\[[0-9A-Fa-f:.]+\](:[0-9]+)?$'; then
    echo "not a web address (https://host[:port]/...): $1" >&2
    return 2
  fi
  printf '%s' "$site"
}

if [ "${1:-}" = "--print-policy" ]; then
  site="$(site_of "${2:?$usage}")" || exit 2
  sed "s#\"$placeholder\"#\"$site\"#" "$template"
  exit 0
fi

url="${1:?$usage}"
site="$(site_of "$url")" || exit 2
profile="${2:-$HOME/.local/share/wizard-kiosk-profile}"
if [ ! -f "$policy" ]; then
  echo "warning: $policy is missing: history, autofill, Incognito, other sites and settings are not locked." >&2
  echo "  As root: mkdir -p ${policy%/*} && scripts/kiosk-browser.sh --print-policy $site > $policy" >&2
elif ! grep -qF "\"$site\"" "$policy"; then
  # The policy blocks every site but the one it names: the screen would show only "blocked" pages.
  echo "warning: $policy does not allow $site, so the screen will not open it." >&2
  echo "  As root: scripts/kiosk-browser.sh --print-policy $site > $policy" >&2
fi
mkdir -p "$profile" && chmod 700 "$profile"
exec chromium --kiosk --kiosk-printing --no-first-run --disable-sync --disable-background-networking \
  --disable-features=AutofillServerCommunication --user-data-dir="$profile" "$url"
