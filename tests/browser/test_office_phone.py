"""Every office page at phone width (375 px), with an application in it: no page scrolls sideways,
and a table either fits or scrolls inside its own box. Screenshots of each page are saved in the
test's temporary folder (`--basetemp` to keep them) for a person to look at."""
from __future__ import annotations

import pytest

from wizard.engine.assess import assess_jurisdiction
from wizard.office.accounts import add_clerk
from wizard.office.applications import send
from wizard.web.edge.state import office_records, rulebook

from tests.support.office import BARODA, clerk, finished, PASSWORD, PDF

PHONE = {"width": 375, "height": 740}
# Whether the page scrolls sideways, and every table that neither fits nor scrolls in a box of its own.
LAYOUT = """() => {
  const width = document.documentElement.clientWidth;
  const scrollsInBox = (el) => {
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const overflow = getComputedStyle(box).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && box.getBoundingClientRect().right <= width + 0.5) return true;
    }
    return false;
  };
  const tables = [...document.querySelectorAll('table')].filter(
    (t) => t.getBoundingClientRect().right > width + 0.5 && !scrollsInBox(t)).map((t) => t.className);
  return {sideways: document.documentElement.scrollWidth > width, tables};
}"""


def sent_application(app) -> tuple[str, str]:
    """A Baroda application with a long event name and an upload, sent: its interview and reference."""
    ident = finished(app, {**BARODA, "event_name": "Harvest Fair and Riverside Antique Tractor Parade 2027"})
    with app.app_context():
        records = office_records()
        interview = records.store.get(ident)
        j = rulebook().get("baroda-mi")
        records.applications.add_upload(ident, "other", "a-site-plan-with-a-rather-long-file-name-drawn-by-the-surveyor.pdf",
                                        "application/pdf", PDF)
        reference = send(records, ident, interview.answers, j, assess_jurisdiction(j, interview.answers)).reference
        records.applications.add_history(reference, "clerk@example.org", "Message to the organizer",
                                         "Please send the insurance certificate and the signed consent of the landowner.")
    return ident, reference


def look(page, url: str, shots, name: str) -> None:
    page.goto(url)
    page.wait_for_selector("h1")
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
    layout = page.evaluate(LAYOUT)
    assert not layout["sideways"], f"{name} scrolls sideways at 375 px"
    assert layout["tables"] == [], f"{name}: tables wider than the phone that do not scroll in their box"


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_every_office_page_fits_a_phone(browser, office, tmp_path, javascript):
    base, _, _, app = office
    ident, reference = sent_application(app)
    clerk(app)  # the account `wizard clerk add` made, with a password
    with app.app_context():
        token = add_clerk(office_records(), "second@example.org", ["baroda-mi"], set(rulebook().jurisdictions))
    shots = tmp_path / ("phone-js" if javascript else "phone-no-js")
    shots.mkdir()
    context = browser.new_context(viewport=PHONE, java_script_enabled=javascript)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        look(page, f"{base}/office/password/{token}", shots, "choose-a-password")
        look(page, f"{base}/office/sign-in", shots, "sign-in")
        page.fill("#email", "clerk@example.org")
        page.fill("#password", PASSWORD)
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_selector(".inbox")
        look(page, f"{base}/office", shots, "inbox")
        # What a clerk looks for first is in view without scrolling the table: the reference and its status.
        for cell in (f"tr[data-reference='{reference}'] th a", ".inbox__status"):
            box = page.locator(cell).first.bounding_box()
            assert box["x"] + box["width"] <= PHONE["width"], cell
        assert page.locator(f"tr[data-reference='{reference}'] th a").evaluate("a => a.getClientRects().length") == 1
        look(page, f"{base}/office/a/{reference}", shots, "application")
        look(page, f"{base}/office/outbox", shots, "outbox")
        look(page, f"{base}/i/{ident}/send", shots, "send")
        look(page, f"{base}/i/{ident}/application", shots, "status")
        look(page, f"{base}/i/{ident}/reminders", shots, "reminders")
    finally:
        context.close()
