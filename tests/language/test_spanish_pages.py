"""Spanish beside the law (docs/decisions/0002-spanish-beside-the-law.md): a plain-HTML browser that
sends `Accept-Language: es-US` reads every step, the check page and the result of every built-in place in
Spanish. No English sentence is left in the page's main content, except where English is the point and is
marked `lang="en"` (the ordinance's words, the place's and the ordinance's names, the question sent to
the office, the citations' section names, whose connecting words are Spanish and marked so), and the
organizer's own answers as typed. The site's name in the header is the product's name and stays English,
marked so; the tab's title names the site in Spanish."""
from __future__ import annotations

import pytest

from tests.support.stories import PATHS
from tests.support.html import parse
from tests.support.posting import STEP, step_data
from tests.support.spanish import SPANISH, citations_left, english_left

# Each place's festival, and the other outcomes (not needed, exempt, uncertain) with their own result pages.
STORIES = ("baroda-festival", "baroda-village-park", "dekalb-festival", "dekalb-rally", "whitesboro-festival",
           "whitesboro-small", "whitesboro-fire-company", "wisconsin-festival", "wisconsin-stadium")


def read_in_spanish(client, url: str) -> str:
    page = client.get(url).get_data(as_text=True)
    assert parse(page).html["lang"] == "es", url
    assert english_left(page) == [], url
    assert citations_left(page) == [], url
    assert "Mass Gathering" not in parse(page).title.get_text(), url  # the tab's title is all Spanish
    return page


@pytest.mark.parametrize("story_path", STORIES)
def test_every_step_the_check_page_and_the_result_read_in_spanish(app, book, story_path):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = SPANISH
    jurisdiction, story, expected_steps, _heading = PATHS[story_path]
    read_in_spanish(client, f"/for/{jurisdiction}")
    location = client.post("/start", data={"jurisdiction": jurisdiction}).headers["Location"]
    shown = []
    while (match := STEP.search(location)) is not None:
        shown.append(match.group(2))
        read_in_spanish(client, location)
        response = client.post(location, data=step_data(book, jurisdiction, location, story))
        assert response.status_code == 303, match.group(2)
        location = response.headers["Location"]
    assert shown == expected_steps  # every step of the story was read
    interview = location.rsplit("/", 1)[0]  # a story settled early goes straight to its result
    for part in ("/check", "/tasks"):  # the task list is there on a long route only
        if client.get(interview + part).status_code == 200:
            read_in_spanish(client, interview + part)
    result = read_in_spanish(client, interview + "/result")
    # The place's name, as its ordinance writes it, is marked English where the check page shows it.
    assert parse(client.get(interview + "/check")).select('dd[lang="en"]') or "/result" in location
    # The office's name in a Spanish sentence is the Spanish one, its English title beside it.
    assert "ante the " not in result and " a the " not in result


def test_the_check_finds_english_left_and_passes_what_is_marked():
    page = ('<main><p>Presente su solicitud ante the Village Clerk.</p><p lang="en">Village of Baroda</p>'
            '<p>La ordenanza exige <q lang="en">adequate toilet facilities</q> «instalaciones sanitarias adecuadas».</p>'
            '<p>La tarifa es "based on the daily maximum" «según el máximo diario».</p>'
            '<span class="citation">(Ch. 40, Permit B(3))</span><li>About you</li></main>')
    assert english_left(page) == ["Presente su solicitud ante the Village Clerk.",
                                  'La tarifa es "based on the daily maximum" «según el máximo diario».', "About you"]
