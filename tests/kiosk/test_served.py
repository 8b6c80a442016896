"""Kiosk screens (docs/decisions/0010-the-kiosk-keeps-nothing-of-a-person.md) through a real `wizard
serve` (waitress): the next person at a kiosk finds nothing of the last one, one server serves a kiosk
screen and an organizer's browser, and a proxy's clients are counted one by one."""
from __future__ import annotations

import json
import subprocess
import sys
import time

from tests.support.served import served_wizard, ServedBrowser

from tests.support.kiosk import SECRET_NAME, text_boxes
from tests.support.packet import FESTIVAL

CONTACT = {"applicant_name": SECRET_NAME, "applicant_age": "40", "applicant_address": "9 Secret Lane, Baroda, MI 49101",
           "applicant_phone": "555-0199", "applicant_email": "quentin@example.org"}


def start(browser: ServedBrowser, jurisdiction="baroda-mi", headers=None) -> tuple[int, str]:
    browser.get("/", headers=headers)
    status, head, _ = browser.post("/start", {"jurisdiction": jurisdiction}, headers=headers)
    return status, head.get("Location", "")


def test_the_next_person_at_a_kiosk_finds_nothing_of_the_last(tmp_path):
    with served_wizard("--kiosk", "--db", str(tmp_path / "k.db")) as base:
        screen = ServedBrowser(base)
        _, location = start(screen)
        a = location.split("/")[2]
        screen.get(f"/i/{a}/step/applicant")
        assert screen.post(f"/i/{a}/step/applicant", CONTACT)[0] == 303
        assert SECRET_NAME in screen.get(f"/i/{a}/step/applicant")[2]
        # Person B, within the idle time: "Start a new interview", then A's pages again (Back).
        status, location = start(screen)
        b = location.split("/")[2]
        assert status == 303 and b != a
        for step in ("land", "setting", "event", "applicant", "site-details"):
            status, _, page = screen.get(f"/i/{a}/step/{step}")
            assert status == 404 and "This screen was cleared" in page and SECRET_NAME not in page
            assert "9 Secret Lane" not in page and "quentin@example.org" not in page
        boxes = []
        for step in ("land", "event", "applicant", "site-details"):
            status, _, page = screen.get(f"/i/{b}/step/{step}")
            boxes += text_boxes(page)
        assert len(boxes) >= 8 and all(box.get("autocomplete") == "off" for box in boxes)


def test_one_server_an_enrolled_screen_and_an_organizers_browser(tmp_path):
    db = tmp_path / "p.db"
    with served_wizard("--db", str(db), "--idle-seconds", "3") as base:
        link = subprocess.run([sys.executable, "-m", "wizard", "kiosk-link", "--db", str(db)],
                              capture_output=True, text=True, check=True).stdout.split()[0]
        screen, home = ServedBrowser(base), ServedBrowser(base)
        screen.get(link)
        assert screen.post(link, {})[0] == 303
        _, location = start(screen)
        on_screen = location.split("/")[2]
        assert "Finish and clear the screen" in screen.get(f"/i/{on_screen}/step/land")[2]

        home.get("/import")
        answers = json.dumps(dict(FESTIVAL, jurisdiction="baroda-mi")).encode()
        status, head, _ = home.upload("/import", "answers_file", "answers.json", answers)
        assert status == 303, home.last_body[:300]
        at_home = head["Location"].split("/")[2]
        time.sleep(6)  # twice the idle time, with no request from the screen
        status, head, page = home.get(f"/i/{at_home}/packet.pdf")
        deadline = time.monotonic() + 120
        while status == 503 and time.monotonic() < deadline:  # a busy machine: the page that refreshes itself, as a browser follows it
            assert "being prepared" in page and head.get("Retry-After", "").isdigit(), page[:300]
            time.sleep(0.5)
            status, head, page = home.get(f"/i/{at_home}/packet.pdf")
        assert status == 200 and head["Content-Type"] == "application/pdf" and home.last_body.startswith(b"%PDF")
        status, head, page = home.get(f"/i/{at_home}")
        while status == 303:  # on to the next question the file left open
            status, head, page = home.get(head["Location"])
        assert status == 200 and "Finish and clear the screen" not in page
        status, _, page = screen.get(f"/i/{on_screen}/step/land")
        assert status == 404 and "This screen was cleared" in page  # the screen was cleared
        assert home.get(f"/i/{on_screen}/step/land")[0] == 404


def test_behind_one_trusted_proxy_each_client_has_its_own_allowance(tmp_path):
    with served_wizard("--db", str(tmp_path / "w.db"), "--trusted-proxies", "1") as base:
        proxy = ServedBrowser(base)  # one connection's cookies, as a proxy passes them on
        proxy.get("/")
        for n in range(70):
            status, _, _ = proxy.post("/start", {"jurisdiction": "baroda-mi"},
                                      headers={"X-Forwarded-For": f"198.51.100.{n + 1}"})
            assert status == 303, f"the new interview from the {n + 1}th address was refused"
        one = {"X-Forwarded-For": "203.0.113.7"}
        statuses = [proxy.post("/start", {"jurisdiction": "baroda-mi"}, headers=one)[0] for _ in range(61)]
        assert statuses[:60] == [303] * 60 and statuses[60] == 429
        # X-Forwarded-Proto reaches the app: the session cookie is Secure over HTTPS, and a form
        # posted over HTTPS with no Referer (the pages send none) still works.
        https = ServedBrowser(base)
        status, head, _ = https.get("/", headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "192.0.2.1"})
        assert "Secure" in head.get("Set-Cookie", "")
        session = head["Set-Cookie"].split(";")[0]  # a Secure cookie: the browser sends it over HTTPS to the proxy
        status, _, _ = https.post("/start", {"jurisdiction": "baroda-mi"},
                                  headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "192.0.2.1",
                                           "Cookie": session})
        assert status == 303
        plain = ServedBrowser(base)
        assert "Secure" not in plain.get("/")[1].get("Set-Cookie", "")


def test_without_trusted_proxies_a_forwarded_address_is_not_believed(tmp_path):
    with served_wizard("--db", str(tmp_path / "w.db"), "--new-per-hour", "2") as base:
        client = ServedBrowser(base)
        client.get("/")
        statuses = [client.post("/start", {"jurisdiction": "baroda-mi"},
                                headers={"X-Forwarded-For": f"198.51.100.{n}"})[0] for n in range(3)]
        assert statuses == [303, 303, 429]
