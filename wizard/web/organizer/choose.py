"""Choosing a jurisdiction among many: state, then name, instead of one radio button each.

With a dozen jurisdictions or fewer the start page and the "where" step list them all as radio
buttons. With more, both show a search: a plain GET form (state and name) that works with
JavaScript off, and, with it on, htmx filtering as the organizer types; the response to that is
the page template's `results` block alone.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask import current_app, request
from markupsafe import Markup
from jinja2_fragments.flask import render_block

from ...rules.rulebook import Jurisdiction, Listing, RuleBook
from ..edge.extensions import htmx

SEARCH_ABOVE = 12  # more jurisdictions than this: a search instead of radio buttons
SHOWN = 25  # matches listed at once; more means "type more of the name"
RESULTS_ID = "jurisdiction-results"

STATES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
    "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana",
    "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland",
    "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri",
    "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey",
    "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio",
    "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina",
    "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont",
    "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
    "PR": "Puerto Rico", "GU": "Guam", "VI": "U.S. Virgin Islands", "AS": "American Samoa",
    "MP": "Northern Mariana Islands",
}
NO_STATE = "Other places"


def state_name(code: str | None) -> str:
    return STATES.get(code or "", code or NO_STATE)


@dataclass(frozen=True)
class Place:
    """One jurisdiction as the search sees it: its words in lower case, found by substring."""

    j: Listing | Jurisdiction  # a listing: choosing must not read thousands of rule files
    state: str
    words: str

    @property
    def label(self) -> str:
        county = self.j.county
        return f"{self.j.name} ({county} County)" if county else self.j.name


@dataclass
class Search:
    """What the search form shows: the filter typed, and the matches for it."""

    action: str
    states: tuple[tuple[str, str], ...]  # (code, name), by name
    state: str
    q: str
    matches: list[Place]
    total: int
    current: Place | None  # the answer already given, listed when nothing is typed
    keep: dict  # query parameters the search must carry along (return=check)

    @property
    def filtered(self) -> bool:
        return bool(self.state or self.q)

    @property
    def more(self) -> int:
        return self.total - len(self.matches)


@dataclass
class Index:
    """Every jurisdiction by name, the states among them, and each by id; built once per rule book."""

    places: list[Place]
    states: tuple[tuple[str, str], ...]  # (code, name), by name
    by_id: dict[str, Place]
    in_state: dict[str, list[Place]]  # by state code, by name: a state's search reads only its places


def index(book: RuleBook) -> Index:
    cache = current_app.extensions.setdefault("jurisdiction_index", {})
    if id(book) not in cache:
        cache.clear()
        everything = sorted(
            (Place(j, j.state or "", " ".join(
                str(getattr(j, k) or "") for k in ("name", "short_name", "county", "id")).lower())
             for j in book.listing()),
            key=lambda p: p.j.name.lower())
        codes = sorted({p.state for p in everything if p.state}, key=state_name)
        in_state: dict[str, list[Place]] = {}
        for place in everything:
            in_state.setdefault(place.state, []).append(place)
        cache[id(book)] = Index(everything, tuple((c, state_name(c)) for c in codes), {p.j.id: p for p in everything},
                                in_state)
    return cache[id(book)]


def matching(book: RuleBook, state: str, q: str) -> list[Place]:
    """Places in `state` (a code; blank for any) whose words contain every word of `q`, by name."""
    known = index(book)
    places = known.in_state.get(state.strip().upper()[:2], []) if state.strip() else known.places
    words = " ".join(q.split())[:100].lower().split()
    return [p for p in places if all(w in p.words for w in words)] if words else list(places)


def needs_search(book: RuleBook) -> bool:
    return len(book.jurisdictions) > SEARCH_ABOVE


def search(book: RuleBook, action: str, current_id: str | None = None) -> Search:
    """The search for the request's `state` and `q` (both optional). A GET has them in the query
    string; a POST carries them as hidden fields, so a "choose a place" error keeps the search."""
    params = request.values
    known = index(book)
    state = params.get("state", "").strip().upper()[:2]
    state = state if state in known.in_state else ""
    q = " ".join(params.get("q", "").split())[:100]
    found = matching(book, state, q) if state or q else []
    keep = {"return": "check"} if params.get("return") == "check" else {}
    return Search(action, known.states, state, q, found[:SHOWN], len(found), known.by_id.get(current_id or ""), keep)


def wants_results() -> bool:
    """An htmx request from the search form, which swaps only the results block."""
    return bool(htmx) and htmx.target == RESULTS_ID


def render_results(template: str, **context) -> str:
    return render_block(template, "results", **context)


def _macro(name: str):
    return getattr(current_app.jinja_env.get_template("_jurisdiction_search.html").module, name)


def search_form(search: Search) -> Markup:
    """The search's GET form (`_jurisdiction_search.html`), for a page or a block of one. It was drawn once for each
    way it looks until that was measured saving under 0.1 ms a page
    (docs/decisions/0013-memos-only-where-they-pay.md)."""
    return _macro("search_form")(search)


def search_results(search: Search, error: str, checked: str | None, legend: str) -> Markup:
    """The results inside the page's form."""
    return _macro("search_results")(search, error, checked, legend)


def init_app(app) -> None:
    app.add_template_global(search_form, "search_form")
    app.add_template_global(search_results, "search_results")


def by_state(book: RuleBook) -> list[tuple[str, list[Listing | Jurisdiction]]]:
    """The clerks' page: jurisdictions grouped under their state's name, states by name."""
    groups: dict[str, list[Jurisdiction]] = {}
    for place in index(book).places:
        groups.setdefault(state_name(place.state) if place.state else NO_STATE, []).append(place.j)
    return sorted(groups.items(), key=lambda item: (item[0] == NO_STATE, item[0]))
