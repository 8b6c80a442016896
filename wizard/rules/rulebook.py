"""The rule book: the shared questions and every loaded jurisdiction, with typed access.

A `Jurisdiction` is one ordinance encoded as data (a rule file that passed its checks). Code
reads it through the properties below, never through raw dictionary look-ups, so a default
(a rule file that omits `license_word` means "permit") lives in one place.

A state's worth of jurisdictions (thousands of files) is held as a list of `Listing`s (id, name,
state, county...) and each rule file is read when first used: see `Jurisdictions`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Callable, Generic, Iterable, Iterator, TypeVar
from zoneinfo import ZoneInfo

from ..errors import RulesNotLoaded
from ..kinds import KINDS
from ..language import N_
from ..remembered import Remembered
from ..resources import resource_dir
from .. import language
from ..language import OFFICE_LANGUAGE
from .steps import RuleStep
from .texts import in_language, languages_of
from .yamlfile import KeyPath, line_map, line_of, read_yaml


# The rule file's money under `fees:`, in the order the result page and the packet show them, and
# the name each goes by when the rule file gives none.
FEE_CATEGORIES = {"application": N_("Application fee"), "deposit": N_("Deposit"), "bond": N_("Bond")}
# When a fee is paid (`due:` on a fee, docs/decisions/0005-fees-due-at-their-moment.md): the application fee goes with the filing unless
# the file says otherwise; a text may ask more "upon approval" (Okaloosa), before or after the event.
FEE_DUE = {"filing": N_("when you file"), "approval": N_("when the application is approved"),
           "before_event": N_("before the event"), "after_event": N_("after the event")}


def fee_specs(fees: dict) -> list[tuple[tuple, str, dict]]:
    """Every money spec under `fees:` with its key path and a label for messages: the three named
    categories, then each further fee of `others:` (a second fee due on approval, a fee per location)."""
    specs = [(("fees", n), f"fee {n!r}", fees[n]) for n in FEE_CATEGORIES if isinstance(fees.get(n), dict)]
    others = fees.get("others")
    for index, spec in enumerate(others if isinstance(others, list) else []):
        if isinstance(spec, dict):
            specs.append((("fees", "others", index), f"fee {spec.get('name', index)!r}", spec))
    return specs


def listed(key: str) -> property:
    """A rule file's optional list, read as [] when the file leaves it out."""
    return property(lambda self: self.read.get(key) or [])


def given(*path: str) -> property:
    """A rule file's value at `path` (`"filing", "lead_days"`): a key the checks require is always
    there; an optional one the file leaves out reads as None."""
    *within, key = path

    def value(self):
        data = self.read
        for part in within:
            data = data[part]
        return data.get(key)
    return property(value)


@dataclass
class Jurisdiction:
    """One ordinance encoded as data."""

    data: dict  # as the file writes it: a text may be `{en: ..., es: ...}` (wizard/rules/texts.py)
    path: Path
    asked_keys: list = field(default_factory=list, repr=False)  # answer keys in interview order
    # The file's own questions and its rewordings of shared ones, merged over the shared questions
    # wherever this jurisdiction's answers are read (`RuleBook.questions_for`; wizard/rules/questionbook.py).
    question_changes: dict = field(default_factory=dict, repr=False)
    # The covering layers' questions as further steps, after the file's own, texts as written
    # (wizard/interview/layer_steps.py); none for a file checked alone.
    layer_steps: list = field(default_factory=list, repr=False)
    # The file read in each language, made on first use (docs/decisions/0002-spanish-beside-the-law.md): every property below reads the
    # language in force, so a Spanish page and an English one never share a text.
    _views: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _changes: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def read(self) -> dict:
        """The file with each text in the language in force (`wizard.language.current()`)."""
        return self.in_language(language.current())

    def in_language(self, lang: str) -> dict:
        view = self._views.get(lang)
        if view is None:
            view = self._views[lang] = in_language(self.data, lang)
        return view

    def changes_in(self, lang: str) -> dict:
        """`question_changes` with their texts in `lang`."""
        kept = self._changes.get(lang)
        if kept is None or kept[0] is not self.question_changes:  # `prepared` sets them after reading
            kept = self._changes[lang] = (self.question_changes, in_language(self.question_changes, lang))
        return kept[1]

    def __getstate__(self) -> dict:
        """To a print worker without the readings: it reads the one language it prints in."""
        return {**self.__dict__, "_views": {}, "_changes": {}}

    @cached_property
    def languages(self) -> tuple[str, ...]:
        """The languages its texts are written in (`languages:`, or what it writes); read once, as
        every page of the place asks."""
        return languages_of(self.data)

    def speaks(self, lang: str) -> bool:
        return lang in self.languages

    id = given("id")  # str
    name = given("name")  # str, in the language in force

    @property
    def english_name(self) -> str:
        """The place's name as its ordinance writes it, for a page that quotes it marked English."""
        return self.in_language("en")["name"]

    @property
    def short_name(self) -> str:
        return self.read.get("short_name") or self.name

    state = given("state")  # str | None
    county = given("county")  # str | None
    ordinance = given("ordinance")  # str

    @cached_property
    def zone(self) -> ZoneInfo:
        """The office's time zone (`time_zone:`, required): its days, deadlines and history are counted
        in it, not in UTC (an evening filing in Whitesboro is that day's, not the next)."""
        return ZoneInfo(self.read["time_zone"])

    @property
    def license_word(self) -> str:
        return self.read.get("license_word") or "permit"

    @property
    def packet_title(self) -> str:
        return self.read.get("packet_title") or f"Application for a mass gathering {self.license_word}"

    @property
    def sets_no_deadline(self) -> bool:
        """Neither a lead time nor a decision period: no last day to file can be worked out."""
        return self.filing_lead_days is None and self.decision_within_days is None

    issuer = given("issuer")  # str
    file_with = given("file_with")  # str

    # What the text says of that office (a form, an addressee, a name it leaves out), kept apart
    # from the office's name so the name reads in a sentence.
    file_with_note = given("file_with_note")  # str | None

    @property
    def steps(self) -> list[RuleStep]:
        """The interview's steps: the rule file's, then its covering layers' questions."""
        if not self.layer_steps:
            return self.read["interview"]
        lang = language.current()
        kept = self._changes.get(("steps", lang))
        if kept is None or kept[0] is not self.layer_steps:
            kept = self._changes[("steps", lang)] = (self.layer_steps,
                                                      self.read["interview"] + in_language(self.layer_steps, lang))
        return kept[1]

    @property
    def own_steps(self) -> list[RuleStep]:
        """The rule file's steps alone, without its layers' questions."""
        return self.read["interview"]

    # What the application will ask for that takes time to get, shown on the first page (docs/decisions/0015-no-dead-ends-for-the-organizer.md).
    before_you_start = listed("before_you_start")

    scope = given("scope")  # dict

    @property
    def fees(self) -> dict:
        return self.read.get("fees") or {}

    insurance = listed("insurance")

    filing_lead_days = given("filing", "lead_days")  # int | None
    filing_citation = given("filing", "citation")  # str

    # The date answer the lead time counts back from, where the text counts it from another day than
    # the event's first ("at least 15 days before the first day of advertising"); None: the event's.
    filing_counted_from = given("filing", "counted_from")  # str | None

    # Days before the event the license must be obtained (not filed), where the text says so.
    license_in_hand_days = given("filing", "license_in_hand_days")  # int | None

    decision_within_days = given("decision", "within_days")  # int | None
    decision_citation = given("decision", "citation")  # str

    @property
    def issued_under(self) -> str:
        """The section a permit is issued under, printed on it (docs/decisions/0019-the-office-reviews-from-the-rule-file.md)."""
        return self.read["decision"].get("issued_under") or self.decision_citation

    @property
    def denial_citation(self) -> str:
        return self.read["decision"].get("denial_citation") or self.decision_citation

    @property
    def holder_word(self) -> str:
        """Who holds the permit, as the text names them: Baroda's "licensee"
        (Application (j)); the other texts speak only of the applicant, the default."""
        return self.read.get("holder_word") or "applicant"

    # The section that says the permit is posted at the site, where the text says so.
    post_at_site = given("decision", "post_at_site")  # str | None
    # (docs/decisions/0014-the-office-paper-trail.md) The section that lets the office set conditions to meet before it issues the permit
    # (Baroda (h) "prerequisite to the issuance of"), the one that allows suspending it, and the notice
    # the text says goes by mail ({of: [conditions, denial], within_days, certified, citation}).
    conditions_before_issuance = given("decision", "conditions_before_issuance")  # str | None
    suspension_citation = given("decision", "suspension")  # str | None
    # The section that deems an application granted when the office does not decide within its period.
    deemed_granted = given("decision", "deemed_granted")  # str | None
    mailed_notice = given("decision", "mailed_notice")  # dict | None
    inspection = given("decision", "inspection")  # dict | None: {before_issuance, cost_to_applicant, citation}
    # What must be in hand before the permit issues ({id, record, text, quote, unless, citation, if}),
    # checked against the office's records (wizard/office/prerequisites.py).
    before_issuance = given("decision", "before_issuance")  # list[dict] | None
    # Who decides and who revokes, as the text names them: {body, citation, meets, signs, criteria}. A body that
    # `meets` (a board, a council) decides in a meeting the clerk records (docs/decisions/0023-the-body-that-decides.md).
    decided_by = given("decision", "decided_by")  # dict | None
    revoked_by = given("decision", "revoked_by")  # dict | None

    @property
    def decided_in_a_meeting(self) -> bool:
        return bool((self.decided_by or {}).get("meets"))

    referrals = listed("referrals")  # who reviews an application (docs/decisions/0019-the-office-reviews-from-the-rule-file.md)

    checklist = listed("checklist")

    warnings = listed("warnings")

    def notes(self, note_list: str) -> list[dict]:
        """One of the lists of cited notes: after_filing, revocation, penalties."""
        return self.read.get(note_list) or []

    signatures = listed("signatures")

    application_form = listed("application_form")

    quantities = listed("quantities")

    @property
    def has_packet_title(self) -> bool:
        return bool(self.read.get("packet_title"))

    @property
    def own_questions(self) -> dict:
        """Questions this rule file declares for its own interviews (`questions:`)."""
        return self.read.get("questions") or {}

    @property
    def question_wording(self) -> dict:
        """New words for shared questions (`question_wording:`)."""
        return self.read.get("question_wording") or {}

    @cached_property
    def lines(self) -> dict[KeyPath, int]:
        """Key path -> line; built on first use, which is only when a problem is reported."""
        return line_map(self.path)

    def line(self, *where) -> int | None:
        return line_of(self.lines, where)


@dataclass(frozen=True)
class Listing:
    """What choosing among jurisdictions needs, without reading the rule file."""

    id: str
    name: str
    short_name: str
    ordinance: str
    state: str | None
    county: str | None
    path: str
    digest: str  # sha256 of the file's bytes when it passed the load checks

    @classmethod
    def of(cls, j: Jurisdiction, digest: str) -> "Listing":
        return cls(j.id, j.name, j.short_name, j.ordinance, j.state, j.county, str(j.path), digest)


# Jurisdictions kept read at once. A statewide host (Pennsylvania has about 2,500 municipalities)
# serves a few hundred a day; one read jurisdiction is about 0.1 MB (measured with tracemalloc),
# and reading one again from its parsed form costs 1-2 ms, so 1,024 bound the memory near 110 MB.
KEEP = 1024

Value = TypeVar("Value")


class PerRuleFile(Generic[Value]):
    """What is worked out from one loaded rule file alone (its road, the first step's
    box), kept with the Jurisdiction it came from and the language in force: a file read again (edited, or
    dropped from the cache and read back) is a new Jurisdiction and is worked out anew. At most
    `keep`, the least recently used dropped first. Holding each Jurisdiction keeps its id from
    being reused while its entry lives. Sent to a print worker, it goes empty."""

    def __init__(self, keep: int, name: str):
        self.keep = keep
        self._kept: Remembered[tuple[Jurisdiction, Value]] = Remembered(keep, name)

    def get(self, j: Jurisdiction, work_out: Callable[[], Value]) -> Value:
        key = (id(j), language.current())  # what is worked out may hold the file's texts
        kept = self._kept.get(key)
        if kept is not None and kept[0] is j:
            return kept[1]
        value = work_out()
        self._kept.put(key, (j, value))
        return value


class Jurisdictions(Mapping):
    """Jurisdictions by id, each rule file read on first use and kept in a bounded cache.

    `read(listing)` returns the Jurisdiction for a listing (it re-checks a file changed since)."""

    def __init__(self, listings: Iterable[Listing], read: Callable[[Listing], Jurisdiction], keep: int = KEEP):
        self.listings = {listing.id: listing for listing in listings}
        self._read = read
        # The rule files read: data, not a page's work, so `forgetting()` leaves them (a file is
        # checked again each time it is read, 1-2 ms, and every look-up would be a new Jurisdiction).
        self._read_files: Remembered[Jurisdiction] = Remembered(keep, "rule files read", pages=False)

    def __getitem__(self, jurisdiction_id: str) -> Jurisdiction:
        # KeyError for an unknown id, as a dict
        return self._read_files.get_or_make(jurisdiction_id, lambda: self._read(self.listings[jurisdiction_id]))

    def __iter__(self) -> Iterator[str]:
        return iter(self.listings)

    def __len__(self) -> int:
        return len(self.listings)

    def __contains__(self, jurisdiction_id: object) -> bool:
        return jurisdiction_id in self.listings


@dataclass
class RuleBook:
    written_questions: dict  # as questions.yaml writes them, texts in both languages
    jurisdictions: Mapping[str, Jurisdiction]
    # The state and county files assessed beside each town's (wizard/rules/layers.py); checked at load.
    layers: tuple = ()
    _listing: tuple | None = field(default=None, init=False, repr=False, compare=False)
    _questions: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def questions(self) -> dict:
        """The shared questions with their texts in the language in force, read once per language."""
        lang = language.current()
        found = self._questions.get(lang)
        if found is None:
            found = self._questions[lang] = in_language(self.written_questions, lang)
        return found

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_questions": {}}

    def answer_keys(self) -> list[str]:
        return [k for k, q in self.questions.items() if KINDS[q["kind"]].answer_key]

    def get(self, jurisdiction_id: str) -> Jurisdiction | None:
        return self.jurisdictions.get(jurisdiction_id)

    def require(self, jurisdiction_id: str) -> Jurisdiction:
        """The rules of a place something stored names (an application, a sent version): RulesNotLoaded
        when its file is no longer loaded, instead of a None that fails later as an AttributeError."""
        found = self.jurisdictions.get(jurisdiction_id)
        if found is None:
            raise RulesNotLoaded(jurisdiction_id)
        return found

    def questions_for(self, jurisdiction_id: object) -> dict:
        """The questions one jurisdiction's interview asks: the shared ones, with its own questions
        and rewordings merged in. An unknown or missing id gets the shared questions. Merged on
        each call: a step page's few merges cost 1 µs of CPU between them (callgrind: 7,000
        instructions a page), too little to keep them for (docs/decisions/0013-memos-only-where-they-pay.md)."""
        j = self.get(jurisdiction_id) if isinstance(jurisdiction_id, str) else None
        if j is None or not j.question_changes:
            return self.questions
        return {**self.questions, **j.changes_in(language.current())}

    def questions_for_answers(self, answers: object) -> dict:
        """`questions_for` the jurisdiction named in raw answers (an import, the API, a link), with the
        questions of the layers that cover it (a state's "will alcohol be sold?")."""
        jurisdiction_id = answers.get("jurisdiction") if isinstance(answers, dict) else None
        found = self.questions_for(jurisdiction_id)
        j = self.get(jurisdiction_id) if isinstance(jurisdiction_id, str) else None
        layers = self.layers_for(j) if j is not None else []
        if not layers:
            return found
        own = {k: q for layer in layers for k, q in layer.questions().items() if k not in found}
        return {**found, **own}

    def layers_for(self, j: Jurisdiction) -> list:
        """The layers that cover a town's file, in file order."""
        return [layer for layer in self.layers if layer.covers(j.state, j.county, j.id)]

    def listing(self) -> tuple:
        """Every jurisdiction as a `Listing` (or the Jurisdiction itself), for choosing among them
        without reading thousands of rule files. Built once: `/` asks for it on every request."""
        if self._listing is None:
            found = self.jurisdictions.listings.values() if isinstance(self.jurisdictions, Jurisdictions) \
                else self.jurisdictions.values()
            self._listing = tuple(found)
        return self._listing


def expand_questions(keys: list[str], questions: dict) -> list[str]:
    """Answer keys behind question keys: a flag_set stands for each of its flags."""
    out: list[str] = []
    for key in keys:
        question = questions.get(key, {})
        out.extend(question["options"] if question.get("kind") in KINDS and KINDS[question["kind"]].asks_flags
                   else [key])
    return out


def load_questions(path: Path | None = None, lang: str | None = OFFICE_LANGUAGE) -> dict:
    """The shared questions (interviews/questions.yaml), keyed by answer key: with their texts in
    `lang`, or as the file writes them (both languages) for `lang=None`."""
    written = read_yaml(path or resource_dir("interviews") / "questions.yaml")["questions"]
    return written if lang is None else in_language(written, lang)


def builtin_rules_dir() -> Path:
    return resource_dir("interviews") / "jurisdictions"


def rule_sources(replace: Iterable[Path] | None = None, add: Iterable[Path] | None = None) -> list[Path] | None:
    """The rule files and folders to load: `replace` instead of the built-in ones (`--rules`), plus
    `add` (`--add-rules`); None means the built-in ones alone."""
    replace, add = list(replace or []), list(add or [])
    if not add:
        return replace or None
    return (replace or [builtin_rules_dir()]) + add


def jurisdiction_files(paths: Iterable[Path] | None = None) -> list[Path]:
    """The rule files in `paths` (files, or folders of *.yaml); default: the built-in ones."""
    paths = list(paths) if paths else [builtin_rules_dir()]
    files: list[Path] = []
    for path in paths:
        # By name: the same order as comparing the paths, which cost 0.4 s for 20,000 files at start.
        files.extend(sorted(path.glob("*.yaml"), key=lambda found: found.name) if path.is_dir() else [path])
    return files
