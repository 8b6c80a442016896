"""Reading YAML files, and finding the line of a key when a problem must be reported.

Serving needs only the data, so a file is parsed once, with libyaml's C parser when present.
The key-path-to-line map costs several times the data's memory, so it is built only when a
problem is reported (`line_map`), by parsing the file's text again.
"""
from __future__ import annotations

import math
import os
import stat
from pathlib import Path
from typing import Any, Iterable

import yaml

KeyPath = tuple  # a path of keys inside a YAML document: ("scope", "triggers", 0, "if")

# libyaml's C parser when present: ten times faster on the rule files, same results.
_C_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STR = "tag:yaml.org,2002:str"


class _RuleFileLoader(_C_LOADER):  # type: ignore[misc, valid-type]
    """The safe loader with its two costliest steps shortened, the results the same: most of a rule
    file's values are plain texts, and the same few words (`if`, `value`, `all`, `yes`...) recur."""

    _tags: dict = {}  # (scalar, implicit) -> its tag, as `resolve` finds it; shared by every file read

    def resolve(self, kind, value, implicit):  # type: ignore[no-untyped-def]
        if kind is not yaml.ScalarNode or self.yaml_path_resolvers or len(value) > 40:
            return super().resolve(kind, value, implicit)
        tags = _RuleFileLoader._tags
        tag = tags.get((value, implicit))
        if tag is None:
            if len(tags) > 50_000:  # many files, many names: keep the common words only
                tags.clear()
            tag = tags[(value, implicit)] = super().resolve(kind, value, implicit)
        return tag

    def construct_object(self, node, deep=False):  # type: ignore[no-untyped-def]
        if node.tag == _STR and type(node) is yaml.ScalarNode:
            return node.value  # what `construct_yaml_str` makes of it, without its bookkeeping
        return super().construct_object(node, deep)


_FAST_LOADER = _RuleFileLoader


# Bounds no real file comes near, so a hostile one cannot exhaust the checker or the pages: no
# count, fee, rate or number of days in an ordinance is over a trillion, no text over 20,000
# characters (the longest reading in the built-in files is under 2,000), no file over 2 MB.
MAX_NUMBER = 10**12
MAX_TEXT = 20_000
MAX_FILE_CHARS = 2 * 1024 * 1024
MAX_VALUES = 100_000  # values once aliases are expanded; the largest built-in file has about 2,100


class RefusedYaml(yaml.YAMLError):
    """A file that parses but that we refuse to read: too many values, a number or a text out of bounds."""

    def __init__(self, problem: str, line: int | None = None):
        super().__init__(problem)
        self.problem = problem
        self.problem_mark = yaml.Mark("", 0, line - 1, 0, None, None) if line else None


class NotARuleFile(OSError):
    """A path that is not a regular file under the size bound: every caller that reports an
    unreadable file (OSError) reports this one with its reason."""


def read_file_bytes(path: Path, limit: int = MAX_FILE_CHARS * 4) -> bytes:
    """The bytes of a regular file of at most `limit` bytes (a UTF-8 character is at most 4).

    Opened without blocking and checked on the open descriptor, so a FIFO does not hang the reader
    and a symlink to `/dev/zero` is not read until memory runs out; the read itself stops at the
    bound, should the file grow after the check."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as handle:
        mode = os.fstat(descriptor)
        if not stat.S_ISREG(mode.st_mode):
            raise NotARuleFile("not a regular file; a rule file is a plain file")
        data = handle.read(limit + 1)
    if len(data) > limit or mode.st_size > limit:
        raise NotARuleFile(f"the file is over {limit // (1024 * 1024)} MB; a rule file is a few kilobytes")
    return data


def read_yaml(path: Path) -> Any:
    return parse_yaml(read_file_bytes(path).decode("utf-8"))


def parse_yaml(text: str) -> Any:
    """The data of a YAML text; RefusedYaml (a yaml.YAMLError) for what no rule file needs."""
    if len(text) > MAX_FILE_CHARS:
        raise RefusedYaml(f"the file is over {MAX_FILE_CHARS // (1024 * 1024)} MB; a rule file is a few kilobytes")
    try:
        data = yaml.load(text, Loader=_FAST_LOADER)
    except ValueError:  # an integer of more digits than Python converts (4,300)
        raise RefusedYaml(f"a number has too many digits; numbers here are at most {MAX_NUMBER:,}") from None
    check_bounds(data)
    return data


def _parts(value) -> list:
    return [*value.keys(), *value.values()] if isinstance(value, dict) else value


def _check_scalar(value: Any, where: KeyPath) -> None:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, (int, float)) and (abs(value) > MAX_NUMBER or not math.isfinite(value)):
        raise RefusedYaml(f"{dotted(where)}: a number over {MAX_NUMBER:,} (or not finite) cannot be right here")
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise RefusedYaml(f"{dotted(where)}: a text of {len(value):,} characters; at most {MAX_TEXT:,} here")


def check_bounds(data: Any) -> None:
    """Numbers and texts within bounds, and at most MAX_VALUES values once aliases are expanded.

    An alias (*name) repeats its anchor's value: nine levels of nine aliases stand for 387 million
    values in a few lines ("billion laughs"), and everything that walks the data (the schema, the
    checks, the line map) walked every one. The count is kept per distinct list or mapping, so
    this walk itself visits each once."""
    sizes: dict[int, int] = {}
    open_now: set[int] = set()
    stack: list[tuple[Any, KeyPath, bool]] = [(data, (), False)]
    while stack:
        value, where, finished = stack.pop()
        if not isinstance(value, (dict, list)):
            _check_scalar(value, where)
            continue
        key = id(value)
        if finished:
            sizes[key] = 1 + sum(sizes.get(id(part), 1) for part in _parts(value))
            open_now.discard(key)
            if sizes[key] > MAX_VALUES:
                raise RefusedYaml(f"the file stands for more than {MAX_VALUES:,} values once its aliases "
                                  "(*name) are expanded; write the repeated parts out, or fewer of them")
            continue
        if key in sizes:
            continue
        if key in open_now:
            raise RefusedYaml(f"{dotted(where)}: an alias (*name) repeats a value that contains itself")
        open_now.add(key)
        stack.append((value, where, True))
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for name, item in items:
            if isinstance(value, dict):
                stack.append((name, where, False))
            stack.append((item, where + (name,), False))


def line_map(path: Path) -> dict[KeyPath, int]:
    """Every key path of a YAML file mapped to its 1-based line; empty when the file cannot be read."""
    try:
        root = yaml.compose(read_file_bytes(path).decode("utf-8"), Loader=_FAST_LOADER)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return {}
    lines: dict[KeyPath, int] = {}
    walked: set[int] = set()

    def walk(node: yaml.Node, where: KeyPath) -> None:
        lines.setdefault(where, node.start_mark.line + 1)
        if id(node) in walked:  # an alias: its lines are the anchor's, walked once
            return
        walked.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                key = where + (key_node.value,)
                lines[key] = key_node.start_mark.line + 1
                walk(value_node, key)
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                walk(item, where + (index,))

    if root is not None:
        walk(root, ())
    return lines


def line_of(lines: dict[KeyPath, int], where: Iterable) -> int | None:
    """The line of a key path, or of its nearest ancestor that has one."""
    where = tuple(where)
    while where not in lines and where:
        where = where[:-1]
    return lines.get(where)


def dotted(where: Iterable) -> str:
    out = ""
    for part in where:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top)"
