"""The one normalisation of the customer's words: accents and case folded, letters repeated for emphasis
collapsed, chat abbreviations and misspellings replaced (from the lexicon), spelling tolerated against what the
lexicon knows. Every part of the reading works on this form."""

import re
import unicodedata
from collections.abc import Callable
from functools import cache

from quipu.domain.vocabulary import DISPUTE_REFERENCE

# a link ("bit.ly/pago5566", "https://…", "www.…", its "www" already collapsed): one word
LINK = re.compile(
    r"(?:https?://|w+\.)[^\s,]+|\b[A-Za-z0-9-]{2,}\.(?:ly|com|net|org|link|site|info|xyz|top|io)\b(?:/[^\s,]*)?"
)
WORD = re.compile(
    # a link before all ("banco-co-seguro.com" is no record's id); a date, never money
    rf"\b{DISPUTE_REFERENCE}\b|{LINK.pattern}|[A-Za-z]{{2,}}(?:-[A-Za-z0-9]+){{2,}}|\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?"
    # an alias of an account, words joined by dots ("fibra.pago.urgente"), is one word, no sentence's end
    r"|[^\W\d_]+(?:\.[^\W\d_]+){2,}"
    # a handle or a key said with its "@" ("@andres.g1001"): one word, its dots no sentence's end
    r"|@\w+(?:\.\w+)*"
    # "McDonald's" is one word; a one-letter elision is its own ("conta d'água": "d", "água")
    r"|\$?\d[\d.,]*\d|\$?\d|[^\W\d_]{2,}(?:['’][^\W\d_]+)?|[^\W\d_]+"
    r"|[?¿!¡.;:,\n]|\$|%|#"
)
NUMBER = re.compile(r"\d[\d.,]*")  # a word that is a number, in any locale
REPEATS = re.compile(r"([^\W\d_])\1{2,}")  # "holaaaa", "siiii": three or more of one letter


def fold(text: str) -> str:
    """Accents off and case folded ("Bloquéala" → "bloqueala"); ñ reads as n, as customers often type it."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def collapse_repeats(text: str) -> str:
    return REPEATS.sub(r"\1", text)


def tokens(text: str) -> list[str]:
    """Words, numbers (with their separators) and the punctuation that ends a clause."""
    return WORD.findall(text)


def sound_of(word: str, alike: tuple[tuple[str, str], ...]) -> str:
    """The word as it sounds: each group of letters that sound alike written as one, doubled letters as one."""
    for letters, one in alike:
        word = word.replace(letters, one)
    return re.sub(r"(.)\1", r"\1", word)


@cache
def _deletes(word: str) -> frozenset[str]:
    return frozenset(word[:i] + word[i + 1 :] for i in range(len(word)))


class Speller:
    """Corrects a word the lexicon does not know towards the one it knows at one edit (a letter missing, extra,
    swapped or wrong), when exactly one known word is that close; short words and numbers are left alone."""

    MIN_LENGTH = 5
    SOUNDED = 3  # a word this long may be spelled as it sounds ("aki" → "aqui")

    def __init__(
        self,
        vocabulary: frozenset[str],
        stems: tuple[str, ...] = (),
        is_a_word: Callable[[str], bool] = lambda _: False,
        diminutives: tuple[tuple[str, tuple[str, ...]], ...] = (),
        sounds: tuple[tuple[str, tuple[str, ...]], ...] = (),
        alike: tuple[tuple[str, str], ...] = (),
    ):
        self.vocabulary = vocabulary
        self.alike = alike
        self.by_sound: dict[str, set[str]] = {}
        for word in vocabulary:
            if len(word) >= self.MIN_LENGTH - 1 and word.isalpha():
                self.by_sound.setdefault(sound_of(word, alike), set()).add(word)
        self.diminutives = diminutives
        self.sounds = sounds
        self.stems = stems
        self.is_a_word = is_a_word  # the language's dictionary: "abertas" is a word, never a typo of "alertas"
        self.index: dict[str, set[str]] = {}
        for word in vocabulary:
            if len(word) >= self.MIN_LENGTH - 1:
                for key in {word, *_deletes(word)}:
                    self.index.setdefault(key, set()).add(word)

    def correct(self, word: str) -> str:
        if word in self.vocabulary or not word.isalpha() or len(word) < self.SOUNDED:
            return word
        if len(word) < self.MIN_LENGTH:  # "kero" is short, and still "quero"
            return (None if self.is_a_word(word) else self._as_it_sounds(word)) or word
        if word.startswith(self.stems) or self.is_a_word(word):  # "compara" is a word of "compar*", not "compra"
            return word
        heard = self.by_sound.get(sound_of(word, self.alike), set()) if self.alike else set()
        if len(heard) == 1:  # "nesecito", "nececito": written as it sounds
            return next(iter(heard))
        base = self._undiminished(word) or self._as_it_sounds(word)
        if base:
            return base
        found: set[str] = set(self.index.get(word, ()))
        for key in _deletes(word):
            found |= self.index.get(key, set())
        close = {w for w in found if _one_edit(word, w)}
        return close.pop() if len(close) == 1 else word

    def _undiminished(self, word: str) -> str | None:
        """The known word a diminutive is said of ("tardecita" → "tarde", "platita" → "plata")."""
        for ending, bases in self.diminutives:
            if word.endswith(ending) and len(word) - len(ending) >= 3:
                for base in bases:
                    known = word[: -len(ending)] + base
                    if known in self.vocabulary or (len(known) >= 4 and self.is_a_word(known)):
                        return known
        return None

    def _as_it_sounds(self, word: str) -> str | None:
        """The known word a chat spelling of its sound stands for ("kiero" → "quiero", "kuanto" → "cuanto")."""
        for written, meant in self.sounds:
            if written in word:
                for letters in meant:
                    known = word.replace(written, letters)
                    if known in self.vocabulary or self.is_a_word(known):
                        return known
        return None


def _one_edit(a: str, b: str) -> bool:
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))
