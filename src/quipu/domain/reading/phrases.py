"""Phrases of the lexicon matched over normalised words: a trie of words, where a word ending in * matches any
word it starts, {n} a number and {month} a month's name. At each position the longest phrase wins and matches do
not overlap, as a regular expression's alternatives sorted longest first would (but in a fraction of the time)."""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from quipu.domain.reading.text import NUMBER, fold


@dataclass(frozen=True)
class Found:
    """One phrase found in normalised words: where it starts and ends, what it covers, and the numbers or
    month names its {n} or {month} took (read like a regular expression's match)."""

    begin: int
    finish: int
    covered: str
    taken: tuple[str, ...] = ()

    def start(self) -> int:
        return self.begin

    def end(self) -> int:
        return self.finish

    def span(self) -> tuple[int, int]:
        return self.begin, self.finish

    def group(self, index: int = 0) -> str:
        return self.covered if index == 0 else self.taken[index - 1]

    def groups(self) -> tuple[str, ...]:
        return self.taken


class _Node:
    __slots__ = ("exact", "prefixes", "number", "month", "phrase")

    def __init__(self) -> None:
        self.exact: dict[str, _Node] = {}
        self.prefixes: list[tuple[str, _Node]] = []
        self.number: _Node | None = None
        self.month: _Node | None = None
        self.phrase: str | None = None

    def step(self, word: str, months: frozenset[str], counts: Mapping[str, int]) -> list[tuple["_Node", str | None]]:
        found: list[tuple[_Node, str | None]] = []
        if word in self.exact:
            found.append((self.exact[word], None))
        found += [(node, None) for prefix, node in self.prefixes if word.startswith(prefix)]
        if self.number is not None and NUMBER.fullmatch(word):
            found.append((self.number, word))
        elif self.number is not None and word in counts:  # "los últimos diez días": taken as its digits
            found.append((self.number, str(counts[word])))
        if self.month is not None and word in months:
            found.append((self.month, word))
        return found


class Phrases:
    """A group of phrases of one language, matched as whole words over normalised text (words joined by single
    spaces); at each position the longest phrase wins, and matches do not overlap. A word ending in * matches
    any word it starts; {n} a number (or, where `counts` is given, a number word: "diez" is taken as "10");
    {month} a month's name."""

    def __init__(
        self,
        phrases: list[str] | tuple[str, ...],
        months: frozenset[str] = frozenset(),
        counts: Mapping[str, int] | None = None,
    ):
        self.phrases = tuple(sorted({fold(str(p)) for p in phrases if str(p).strip()}, key=len, reverse=True))
        self.months = months
        self.counts = counts or {}  # number words a {n} also takes
        self.root = _Node()
        for phrase in self.phrases:
            node = self.root
            for word in phrase.split():
                node = self._child(node, word)
            node.phrase = phrase
        # Most words begin no phrase: they are passed over with one look, without walking the trie.
        self._first_prefixes = tuple(prefix for prefix, _ in self.root.prefixes)

    def _may_begin(self, word: str) -> bool:
        root = self.root
        return bool(
            word
            and (
                word in root.exact
                or (self._first_prefixes and word.startswith(self._first_prefixes))
                or (root.number is not None and (word in self.counts or NUMBER.fullmatch(word) is not None))
                or (root.month is not None and word in self.months)
            )
        )

    @staticmethod
    def _child(node: _Node, word: str) -> _Node:
        if word == "{n}":
            node.number = node.number or _Node()
            return node.number
        if word == "{month}":
            node.month = node.month or _Node()
            return node.month
        if word.endswith("*") and len(word) > 1:
            for prefix, child in node.prefixes:
                if prefix == word[:-1]:
                    return child
            child = _Node()
            node.prefixes.append((word[:-1], child))
            return child
        return node.exact.setdefault(word, _Node())

    def _longest(self, words: list[str], i: int) -> tuple[int, tuple[str, ...]] | None:
        best: tuple[int, tuple[str, ...]] | None = None
        frontier: list[tuple[_Node, tuple[str, ...]]] = [(self.root, ())]
        j = i
        while frontier and j < len(words):
            following = []
            for node, taken in frontier:
                for child, value in node.step(words[j], self.months, self.counts):
                    grown = taken + ((value,) if value is not None else ())
                    following.append((child, grown))
                    if child.phrase is not None and (best is None or j + 1 - i > best[0]):
                        best = (j + 1 - i, grown)
            frontier = following
            j += 1
        return best

    def _found(self, text: str) -> Iterator[Found]:
        words = text.split(" ")
        position, i = 0, 0
        while i < len(words):
            best = self._longest(words, i) if self._may_begin(words[i]) else None
            if best is None:
                position += len(words[i]) + 1
                i += 1
                continue
            length, taken = best
            covered = " ".join(words[i : i + length])
            yield Found(position, position + len(covered), covered, taken)
            position += len(covered) + 1
            i += length

    def find(self, text: str) -> list[Found]:
        return list(self._found(text))

    def search(self, text: str) -> Found | None:
        return next(self._found(text), None)

    def blanked(self, text: str) -> str:
        """The text with every phrase found blanked, so that the positions of the rest stay."""
        for found in self.find(text):
            text = text[: found.start()] + " " * (found.end() - found.start()) + text[found.end() :]
        return text

    def __bool__(self) -> bool:
        return bool(self.phrases)
