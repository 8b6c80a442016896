"""The office's calendar feed: a secret address a clerk's calendar program subscribes to, and
that the clerk can revoke (docs/decisions/0019-the-office-reviews-from-the-rule-file.md).

Only the token's hash is stored (like the one-time password links), so the address is shown once,
when it is made; making a new one revokes the old. A revoked or unknown address is a 404, and the
feed lists only the jurisdictions on the owner's account at the time it is read.

The last body made for each set of places is kept with its ETag (docs/decisions/0030-trail-sums-and-feed-kept.md):
a calendar program that polls without its ETag gets it again, not a feed made again, until the ETag changes.
"""
from __future__ import annotations

import secrets
import threading
from datetime import datetime, timezone

from cachetools import LRUCache
from flask import Blueprint, Response, abort, current_app, flash, redirect, request, url_for
from flask_login import current_user, login_required
from werkzeug.http import is_resource_modified

from ...office.accounts import clerk
from ...store.interviews import token_hash
from ...office.calendar_feed import feed_since, feed_version, office_calendar
from ...office.filed import fill_decision_sections
from ..edge.state import office_records, rulebook

bp = Blueprint("office_calendar", __name__)
TOKEN_LIMIT = 100
KEPT_FEEDS = 32  # the sets of places whose last body is kept (a few per office: each clerk's places)
_keeping = threading.Lock()


def feed_address(token: str) -> str:
    return f"{current_app.config.get('PUBLIC_URL') or ''}{url_for('.feed', token=token)}"


def application_address() -> str:
    """An application page's address up to its reference, for the feed's entries to link to: the
    site's public address, else the one the calendar program asked at."""
    site = (current_app.config.get("PUBLIC_URL") or request.host_url).rstrip("/")
    return f"{site}{url_for('office.application', reference='REFERENCE')}".removesuffix("REFERENCE")


@bp.post("/office/calendar")
@login_required
def make_feed():
    token = secrets.token_urlsafe(24)
    office_records().clerks.add_feed(token_hash(token), current_user.account.email)
    flash(f"Your calendar address (shown only now; copy it into your calendar program as a subscription): "
          f"{feed_address(token)}", "success")
    return redirect(url_for("office.inbox"), code=303)


@bp.post("/office/calendar/revoke")
@login_required
def revoke_feed():
    office_records().clerks.revoke_feed(current_user.account.email)
    flash("The calendar address no longer works.", "success")
    return redirect(url_for("office.inbox"), code=303)


@bp.get("/office/calendar/<token>.ics")
def feed(token: str):
    email = office_records().clerks.feed_owner(token_hash(token)) if len(token) < TOKEN_LIMIT else None
    account = clerk(office_records(), email) if email else None
    if account is None:
        abort(404)
    places = list(account.jurisdictions)
    records = office_records()
    now = current_app.config.get("NOW") or datetime.now(timezone.utc)
    since = feed_since(now)
    etag, changed = feed_version(records.counts.feed_changes(places, since), places, rulebook(), now)
    if is_resource_modified(request.environ, etag=etag, last_modified=changed):
        response = Response(_feed_body(records, places, since, now, etag), mimetype="text/calendar")
        response.headers["Content-Disposition"] = 'inline; filename="permit-applications.ics"'
    else:  # nothing changed since the client's copy: no feed made, no body sent
        response = Response(status=304)
    response.set_etag(etag)
    response.last_modified = changed
    # A calendar program may keep the feed and ask again with its ETag; shared caches may not keep it.
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def _feed_body(records, places: list[str], since: str, now: datetime, etag: str) -> bytes:
    """The feed's body: the one kept for these places and address if its ETag is still the feed's, else made
    and kept (each app its own, as each has its own database)."""
    address = application_address()
    with _keeping:
        kept = current_app.extensions.setdefault("office_feed_bodies", LRUCache(KEPT_FEEDS))
        found = kept.get((tuple(places), address))
    if found is not None and found[0] == etag:
        return found[1]
    applications = records.counts.feed_applications(places, since)
    fill_decision_sections(records, applications)  # as filed, for those sent before the section was kept
    body = office_calendar(applications, records.counts.feed_referrals(places, since),
                           rulebook(), now, records.trail.last_permit_actions_in(places, since),
                           records.trail.inspections_in(places, since), places, address)
    with _keeping:
        kept[(tuple(places), address)] = (etag, body)
    return body
