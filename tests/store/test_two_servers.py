"""Two `wizard serve` processes on one PostgreSQL database, as behind a load balancer: 24 organizers
whose requests alternate between them, one server killed with SIGKILL halfway and started again
(tests/support/two_servers.py). Every answer a server confirmed (the redirect after its POST) is in that
organizer's interview, no response is a 5xx, and no organizer's interview holds another's answers.
A request the killed server never answered is not a confirmation: it is sent again to the other
server, as a load balancer would."""
from __future__ import annotations

from tests.support.postgres import fresh_schema
from tests.support.two_servers import kill_run

ORGANIZERS = 24
STEPS = 6  # answered pages per organizer


def test_two_servers_one_killed_keep_every_confirmed_answer():
    with fresh_schema() as url:
        run = kill_run(url, ORGANIZERS, STEPS)
    assert not run["failures"], run["failures"][0]
    assert len(run["confirmed"]) == ORGANIZERS
    assert sum(len(answered) for answered in run["confirmed"].values()) >= ORGANIZERS * STEPS
    assert not [status for status in run["statuses"] if status >= 500]
    assert run["lost"] == 0
    assert run["crossed"] == 0  # each interview holds its own organizer's event name, and only that
    assert len({answered["event_name"] for answered in run["confirmed"].values()}) == ORGANIZERS
    assert run["unanswered"], "the kill fell between requests: nothing had to be sent again"
