"""The result page's "Other permits your event needs": the State's permits beside the village's,
shown whatever the village decides, each with issuer, section, lead time (and where it comes from),
fee and what we could not read; in English and in Spanish."""
from __future__ import annotations

from tests.support.html import parse
from tests.support.organizer import dated, finished

SPANISH = {"Accept-Language": "es-US,es;q=0.9"}


def section(html: str):
    return parse(html).select_one("section.other-permits")


def test_the_exempt_fire_company_still_sees_the_state_mass_gathering_permit(dated, client):
    interview = finished(dated, "whitesboro-fire-company")
    found = section(client.get(f"/i/{interview}/result").get_data(as_text=True))
    assert found is not None
    text = found.get_text(" ", strip=True)
    assert "Other permits your event needs" in text
    assert "Mass gathering permit (State Sanitary Code)" in text
    assert "10 NYCRR 7-4.1(b), 7-4.2(a)" in text
    # 45 days before Friday 9 July 2027, from a secondary copy: to be confirmed with the health department.
    assert "May 25, 2027" in text or "25 May 2027" in text
    assert "secondary copy of the text, not the official one: confirm it with the county health department" in text
    # The interview asked whether beer is sold (yes): the SLA permits are needed, one for each 24 hours.
    assert "Temporary beer and wine permit (State Liquor Authority)" in text
    assert "$26 each, $78 in all" in text and "May be needed" not in text
    assert "Will beer, wine, cider or liquor be sold at the event?" not in text  # answered: nothing waits on it


def test_the_section_reads_in_spanish(dated, client):
    interview = finished(dated, "whitesboro-fire-company")
    found = section(client.get(f"/i/{interview}/result", headers=SPANISH).get_data(as_text=True))
    text = found.get_text(" ", strip=True)
    assert "Otros permisos que necesita su evento" in text
    assert "Permiso de reunión masiva (Código Sanitario del Estado)" in text
    assert "confírmelo con el departamento de salud del condado" in text
    # 800 people: the public function permit, whose definition we do not hold, may be needed.
    smaller = finished(dated, "whitesboro-fire-company", max_attendance=800, total_attendance=800)
    text = section(client.get(f"/i/{smaller}/result", headers=SPANISH).get_data(as_text=True)).get_text(" ", strip=True)
    assert "Permiso de función pública (Código Sanitario del Estado)" in text and "Puede ser necesario" in text


def test_a_michigan_result_lists_michigan_permits_not_new_york_ones(dated, client):
    found = section(client.get(f"/i/{finished(dated, 'baroda-festival')}/result").get_data(as_text=True))
    text = found.get_text(" ", strip=True)
    assert "Temporary food establishment license" in text and "MCL 289.4103" in text
    assert "State Sanitary Code" not in text and "NYCRR" not in text


def test_the_calendar_carries_the_state_deadline_with_its_issuer(dated, client):
    interview = finished(dated, "whitesboro-fire-company")
    calendar = client.get(f"/i/{interview}/event.ics").data.decode()
    unfolded = calendar.replace("\r\n ", "")
    assert "DTSTART;VALUE=DATE:20270525" in unfolded  # 45 days before Friday 9 July 2027
    assert "SUMMARY:Mass gathering permit (State Sanitary Code): New York State" in unfolded
    assert "permit-issuing official" in unfolded  # the issuer, in the entry's description
