"""Texts written in two languages in the rule files and the shared questions (issue 41).

A text the organizer reads may be a plain string (English only) or a mapping with exactly the
keys `en` and `es`. Such a mapping is recognised anywhere in the data, not key by key, so no
text can be missed when a new key is added.
"""
from __future__ import annotations

from typing import Any

TEXT_KEYS = frozenset({"en", "es"})


def is_text(value: object) -> bool:
    """A mapping in the two-language form: `{en: ..., es: ...}` (or only `en`)."""
    return isinstance(value, dict) and bool(value) and "en" in value and set(value) <= TEXT_KEYS \
        and all(isinstance(text, str) for text in value.values())


def in_language(data: Any, language: str) -> Any:
    """`data` with every two-language text replaced by its text in `language` (English where
    that is missing); everything else unchanged, and not copied when it holds no such text."""
    if is_text(data):
        return data.get(language) or data["en"]
    if isinstance(data, dict):
        changed = {key: in_language(value, language) for key, value in data.items()}
        return data if all(changed[key] is data[key] for key in data) else changed
    if isinstance(data, list):
        changed_items = [in_language(value, language) for value in data]
        return data if all(new is old for new, old in zip(changed_items, data)) else changed_items
    return data
