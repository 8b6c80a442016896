"""Layers: a state's or county's rule file, assessed beside the town's whatever the town decides.

A town's ordinance is one permit among several: a New York festival of 5,000 people for a day also
needs the State Sanitary Code's mass-gathering permit, a beer tent the State Liquor Authority's.
A layer file names the places it covers (a state; optionally some counties or jurisdiction ids),
asks its own few questions, and lists its permits, each with its issuer, trigger, lead times, fee
and section (docs/decisions/0033-layers-beside-the-town.md; the format in docs/authoring.md).
Only the data is here: the assessment is `wizard/engine/other_permits.py`, the checks
`wizard/authoring/checks/layers.py`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from .. import language
from ..resources import resource_dir
from .texts import in_language
from .yamlfile import line_map, line_of


LAYER_SUFFIX = ".layer.yaml"


def builtin_layers_dir() -> Path:
    return resource_dir("interviews") / "layers"


def layer_files(folder: Path | None = None) -> list[Path]:
    folder = folder or builtin_layers_dir()
    return sorted(folder.glob("*" + LAYER_SUFFIX), key=lambda found: found.name) if folder.is_dir() else []


@dataclass
class Layer:
    """One state's or county's permits, as data that passed its checks."""

    data: dict  # as written: a text may be `{en: ..., es: ...}`
    path: Path
    _views: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def read(self) -> dict:
        """The file with each text in the language in force."""
        lang = language.current()
        view = self._views.get(lang)
        if view is None:
            view = self._views[lang] = in_language(self.data, lang)
        return view

    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def name(self) -> str:
        return self.read["name"]

    @property
    def permits(self) -> list[dict]:
        return self.read["permits"]

    def questions(self, lang: str | None = None) -> dict:
        """Its own questions, keyed by answer key, texts in `lang` (default: the language in force)."""
        return (in_language(self.data, lang) if lang else self.read).get("questions") or {}

    def covers(self, state: str | None, county: str | None, jurisdiction_id: str) -> bool:
        """Whether the town's file is within this layer: same state, and in its counties or ids
        when it lists some (a county layer names its county; a layer for a few towns, their ids)."""
        covers = self.data["covers"]
        if state != covers["state"]:
            return False
        counties, ids = covers.get("counties"), covers.get("jurisdictions")
        if counties is None and ids is None:
            return True
        return (county in (counties or [])) or (jurisdiction_id in (ids or []))

    @cached_property
    def lines(self) -> dict:
        return line_map(self.path)

    def line(self, *where) -> int | None:
        return line_of(self.lines, where)
