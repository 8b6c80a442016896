"""Whatever a user posts to any step of any interview, the answer is a page, never a 500."""
from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.html import attributes

JUNK = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["yes", "no", "", "0", "-1", "1,500", "99999999999999999999", "2027-07-09T12:00",
                     "2027-02-30T12:00", "private", "none", "outdoors", "<script>", "%00", "nan", "1e400"]),
)


def field_names(html: str) -> list[str]:
    return sorted(set(attributes(html, "[name]", "name")) - {"csrf_token", "viewport"})  # buttons' names too


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(jurisdiction=st.sampled_from(["whitesboro-ny", "wi-village-ch64", "baroda-mi", "dekalb-il"]),
       junk=st.lists(JUNK, min_size=1, max_size=12), steps=st.integers(min_value=1, max_value=8))
def test_random_posts_never_crash_a_step(client, jurisdiction, junk, steps):
    url = client.post("/start", data={"jurisdiction": jurisdiction}).headers["Location"]
    for _ in range(steps):
        if "/step/" not in url:
            break
        page = client.get(url)
        assert page.status_code == 200
        names = field_names(page.get_data(as_text=True))
        data = {name: junk[i % len(junk)] for i, name in enumerate(names)}
        response = client.post(url, data=data)
        assert response.status_code in (200, 303), (url, data, response.status_code)
        if response.status_code == 303:
            url = response.headers["Location"]
    base = re.match(r"/i/[^/]+", url).group(0)
    for tail in ("check", "result", "packet.pdf", "event.ics", "answers.json"):
        assert client.get(f"{base}/{tail}").status_code in (200, 303, 409), tail
