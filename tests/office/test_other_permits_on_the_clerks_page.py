"""The clerk's page of an application lists the other permits the event needs (the State's), as
assessed when the version was filed, and shows beside Whitesboro's "written approval of the County
Health Department" the State mass gathering permit it corresponds to; what the permit waits for is
unchanged."""
from __future__ import annotations

from tests.support import html
from tests.support.office import received
from tests.support.packet import FESTIVAL

# 6,000 people over 59 hours (Friday noon to Sunday 11 pm), selling beer.
WHITESBORO_BEER = {**FESTIVAL, "jurisdiction": "whitesboro-ny", "max_attendance": 6000, "alcohol_sold": True,
                   "event_name": "Field Days", "applicant_email": "ann@example.org"}


def test_the_clerks_page_lists_the_other_permits_and_links_the_health_department_approval(app):
    client, reference = received(app, WHITESBORO_BEER, "whitesboro-ny")
    page = client.get(f"/office/a/{reference}")
    assert page.status_code == 200
    doc = html.parse(page)
    rows = {row.select_one("th").get_text(" ", strip=True): [cell.get_text(" ", strip=True) for cell in row.select("td")]
            for row in doc.select(".other-permits-table tbody tr")}
    mass = rows["Mass gathering permit (State Sanitary Code)"]
    assert "permit-issuing official" in mass[0] and mass[1] == "Needed"
    assert "45 days before the first day of the gathering" in mass[2] and "Tuesday, May 25, 2027" in mass[2]
    assert "secondary copy of the text: to be confirmed with the county health department" in mass[2]
    assert mass[3] == "10 NYCRR 7-4.1(b), 7-4.2(a)"
    liquor = next(cells for name, cells in rows.items() if name.startswith("Temporary beer and wine permit"))
    # "May be needed" while the interview does not ask whether alcohol is sold (the answer is not sent yet)
    assert liquor[1] in ("Needed", "May be needed") and liquor[3] == "N.Y. Alco. Bev. Cont. Law § 97(1)"
    assert "3: one for each 24 consecutive hours" in next(name for name in rows if name.startswith("Temporary beer"))
    health = doc.select_one("#prerequisite-county-health-approval")
    assert health.select_one("strong").get_text() == "Outstanding:"  # still waited for: the gate is the town's
    link = health.select_one(".prerequisite-other-permit").get_text(" ", strip=True)
    assert "Mass gathering permit (State Sanitary Code)" in link and "which this event needs" in link
    assert doc.select_one("#prerequisite-board-approval .prerequisite-other-permit") is None

