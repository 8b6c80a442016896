"""The kiosk's Chromium policy (docs/decisions/0010-the-kiosk-keeps-nothing-of-a-person.md) locks what a
browser can (no other site or Chromium page, no Incognito, guest or new profile, no developer tools,
autofill by its current names), names the wizard's site through `scripts/kiosk-browser.sh
--print-policy`, and docs/kiosk-lockdown.md says what each of its settings does."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
POLICY = ROOT / "docs" / "kiosk-chromium-policy.json"
SCRIPT = ROOT / "scripts" / "kiosk-browser.sh"
LOCKDOWN = ROOT / "docs" / "kiosk-lockdown.md"
DEPRECATED = {"AutoFillEnabled", "IncognitoEnabled", "DeveloperToolsDisabled", "URLBlacklist", "URLWhitelist"}


def print_policy(url: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(SCRIPT), "--print-policy", url], capture_output=True, text=True, timeout=30)


def test_the_policy_leaves_the_next_person_only_the_wizard():
    policy = json.loads(POLICY.read_text(encoding="utf-8"))
    assert {"*", "chrome://*"} <= set(policy["URLBlocklist"])  # other sites, History, Settings, Downloads
    assert policy["IncognitoModeAvailability"] == 1
    assert policy["DeveloperToolsAvailability"] == 2
    assert policy["BrowserGuestModeEnabled"] is False and policy["BrowserAddPersonEnabled"] is False
    assert policy["AutofillAddressEnabled"] is False and policy["AutofillCreditCardEnabled"] is False
    assert policy["PasswordManagerEnabled"] is False and policy["DownloadRestrictions"] == 3
    assert not DEPRECATED & set(policy)
    assert "cookies" not in policy["ClearBrowsingDataOnExitList"]  # the screen's enrolment is a cookie


def test_the_printed_policy_allows_the_screens_site_and_only_that():
    printed = print_policy("https://permits.whitesboro.example.gov:8443/kiosk/enrol/abc?x=1#top")
    assert printed.returncode == 0, printed.stderr
    policy = json.loads(printed.stdout)
    assert policy["URLAllowlist"] == ["https://permits.whitesboro.example.gov:8443"]
    assert {key: value for key, value in policy.items() if key != "URLAllowlist"} == {
        key: value for key, value in json.loads(POLICY.read_text(encoding="utf-8")).items() if key != "URLAllowlist"}
    for not_a_site in ("javascript:alert(1)", "permits.example.org", 'https://a"b.example/', "ftp://files.example/"):
        refused = print_policy(not_a_site)
        assert refused.returncode == 2 and refused.stdout == "" and "not a web address" in refused.stderr


def test_every_setting_of_the_policy_is_explained():
    explained = LOCKDOWN.read_text(encoding="utf-8")
    unexplained = [key for key in json.loads(POLICY.read_text(encoding="utf-8")) if f"`{key}`" not in explained]
    assert unexplained == []
    assert "--print-policy" in explained and "What a browser cannot lock" in explained
