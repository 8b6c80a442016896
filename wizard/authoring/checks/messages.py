"""Schema errors as sentences an author can act on: what is wrong and what to write instead.

jsonschema's own messages ("None is not of type 'number'") speak Python; these speak YAML.
"""
from __future__ import annotations

from typing import Any

from jsonschema.exceptions import ValidationError

YAML_TYPES = {"string": "text", "number": "a number", "integer": "a whole number", "boolean": "true or false",
              "object": "a mapping of keys (key: value lines)", "array": "a list ([a, b] or lines starting with -)",
              "null": "null"}


def as_yaml(value: Any) -> str:
    """A value as the author wrote it in YAML."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value) if isinstance(value, str) else str(value)


def _wanted(types: Any) -> str:
    types = types if isinstance(types, list) else [types]
    return " or ".join(YAML_TYPES.get(t, t) for t in types)


def plain_message(error: ValidationError) -> str:
    """One sentence for one schema error (its location is given separately)."""
    v, found, rule = error.validator, error.instance, error.validator_value
    if v == "type":
        extra = " (a tier's `amount` cannot be null: leave the tier out, or give the fee as `amount: null` " \
                "without tiers when the ordinance sets no figure)" if found is None and "amount" in error.path else ""
        return f"must be {_wanted(rule)}, not {as_yaml(found)}{extra}"
    if v == "required":
        missing = next((k for k in rule if isinstance(found, dict) and k not in found), rule[0])
        if missing == "citation":
            return ("has no citation: every step, rule, fee, quantity and checklist item must cite the section "
                    "of the ordinance it comes from; add `citation: § ...`")
        return f"needs `{missing}:`; add it (docs/authoring.md lists what each part needs)"
    if v == "additionalProperties":
        extra = sorted(set(found) - set(error.schema.get("properties") or {}), key=str) if isinstance(found, dict) else []
        known = ", ".join(error.schema.get("properties") or {})
        names = ", ".join(f"`{k}`" for k in extra) or "a key"
        return (f"{names} is not a key here (check the spelling and the indentation); the keys allowed here are: {known}"
                if known else f"{names} is not a key here")
    if v in ("enum", "const"):
        choices = rule if v == "enum" else [rule]
        return f"{as_yaml(found)} is not one of: {', '.join(as_yaml(c) for c in choices)}; write one of them"
    if v in ("minimum", "exclusiveMinimum"):
        bound = "at least" if v == "minimum" else "more than"
        return f"must be {bound} {rule}, not {as_yaml(found)}"
    if v == "minLength":
        return "is empty; write the text (or remove the key if it is optional)"
    if v == "minItems":
        return f"is an empty list; list at least {rule} item{'s' if rule != 1 else ''}"
    if v == "minProperties":
        return "is empty; give at least one key, or remove it"
    if v == "maxProperties":
        return "has too many keys: a comparison is `value: NAME` and exactly one operator"
    if v == "uniqueItems":
        return "lists the same value twice; list each once"
    if v == "pattern":
        if rule == "^[a-z][a-z0-9_]*$":
            return (f"{as_yaml(found)} is not a valid question key: use lower-case letters, digits and underscores, "
                    "starting with a letter, like `sole_financial_benefit`")
        allowed = "hyphens or underscores" if "_" in rule else "hyphens"
        return (f"{as_yaml(found)} is not a valid id: use lower-case letters, digits and {allowed}, "
                "starting with a letter or digit")
    if v == "anyOf" and all(isinstance(b, dict) and set(b) == {"required"} for b in rule):
        shapes = " or ".join(" with ".join(f"`{k}:`" for k in b["required"]) for b in rule)
        return f"needs {shapes}; add it (docs/authoring.md lists what each part needs)"
    if v == "oneOf":
        return f"{as_yaml(found)} is not one of the shapes allowed here; see docs/authoring.md for examples"
    return error.message
