"""The customer's vocabulary as data: one YAML file per language (lexicon/es.yaml, lexicon/pt.yaml) and the
words every language shares (lexicon/common.yaml). Phrases are compiled here into patterns over the normalised
words of one language; no pattern in code names a word of either language."""

from dataclasses import dataclass
from decimal import Decimal
from functools import cache, cached_property
from importlib.resources import files
from typing import Any

from quipu.domain.reading.imperatives import cue_forms
from quipu.domain.reading.phrases import Found, Phrases
from quipu.domain.reading.text import fold
from quipu.domain.yaml_text import read_strings

__all__ = ["Found", "Lexicon", "Phrases", "lexicon"]

LANGUAGES = ("es", "pt")
REGIONS = {"es": ("MX", "CO", "AR"), "pt": ("BR",)}


@dataclass(frozen=True)
class Lexicon:
    """One language's vocabulary, with the regions' words read for everyone (a region's meaning of a word wins
    for that region's customers: `scales_for`)."""

    language: str
    raw: dict[str, Any]
    region_raw: dict[str, dict[str, Any]]

    # --- plain tables ---------------------------------------------------------------------------------------

    @cached_property
    def markers(self) -> frozenset[str]:
        return frozenset(fold(w) for w in self.raw.get("markers", []))

    def spellings(self) -> dict[str, str]:
        return self._spellings

    @cached_property
    def _spellings(self) -> dict[str, str]:
        merged = dict(self.raw.get("spellings") or {})
        for region in self.region_raw.values():
            merged.update(region.get("spellings") or {})
        return {fold(str(k)): fold(str(v)) for k, v in merged.items()}

    def numbers(self) -> dict[str, int]:
        return self._numbers

    @cached_property
    def _numbers(self) -> dict[str, int]:
        return {fold(str(k)): int(v) for k, v in (self.raw.get("numbers") or {}).items()}

    def scales_for(self, region: str | None) -> dict[str, Decimal]:
        return _scales(self.language, region)

    def _scales_for(self, region: str | None) -> dict[str, Decimal]:
        merged: dict[str, Any] = dict(self.raw.get("scales") or {})
        for name, data in self.region_raw.items():
            if name != region:
                for word, value in (data.get("scales") or {}).items():
                    merged.setdefault(word, value)
        if region in self.region_raw:
            merged.update(self.region_raw[region].get("scales") or {})
        return {fold(str(k)): Decimal(str(v)) for k, v in merged.items()}

    @cached_property
    def months(self) -> tuple[str, ...]:
        return tuple(fold(m) for m in self.raw["months"])

    def month_words(self) -> dict[str, int]:
        return self._month_words

    @cached_property
    def month_year_joiners(self) -> tuple[str, ...]:
        return tuple(fold(w) for w in self.raw.get("month_year_joiners") or [])

    @cached_property
    def _month_words(self) -> dict[str, int]:
        found = {fold(m): i + 1 for i, m in enumerate(self.raw["months"])}
        for i, word in enumerate(self.raw.get("month_abbreviations") or []):
            found.setdefault(fold(word), i + 1)
        for word in self.raw.get("also_september") or []:
            found[fold(word)] = 9
        return found

    def table(self, key: str) -> dict[str, list[str]]:
        """A {name: [phrases]} table (products, services, categories, currencies, periods, intents)."""
        found: dict[str, list[str]] = {k: list(v or []) for k, v in (self.raw.get(key) or {}).items()}
        for region in self.region_raw.values():
            for name, words in (region.get(key) or {}).items():
                if isinstance(words, list):
                    found.setdefault(name, []).extend(words)
        return found

    def words(self, key: str) -> list[str]:
        merged = list(self.raw.get(key) or [])
        for region in self.region_raw.values():
            merged += list(region.get(key) or [])
        return merged

    def cue_words(self, name: str) -> list[str]:
        found = list((self.raw.get("cues") or {}).get(name) or [])
        for region in self.region_raw.values():
            found += list((region.get("cues") or {}).get(name) or [])
        return found

    def region_table(self, key: str, region: str | None) -> dict[str, list[str]]:
        """A table's words that mean what they mean for one region's customers only (Argentina's "la caja" is the
        savings account; elsewhere it is a shop's till)."""
        own = (self.region_raw.get(region or "") or {}).get(key) or {}
        return {k: list(v or []) for k, v in own.items()}

    def cue_table(self, name: str) -> dict[str, list[str]]:
        return {k: list(v) for k, v in ((self.raw.get("cues") or {}).get(name) or {}).items()}

    # --- compiled groups -----------------------------------------------------------------------------------

    @cached_property
    def month_set(self) -> frozenset[str]:
        return frozenset(self.month_words())

    def cue(self, name: str) -> Phrases:
        return compiled_cue(self.language, name)

    @cached_property
    def known(self) -> frozenset[str]:
        return self.vocabulary()

    def vocabulary(self) -> frozenset[str]:
        """Every single word the lexicon knows: the spelling check corrects towards these."""
        words: set[str] = set(self.markers) | set(self.spellings().values()) | set(self.numbers())
        words |= set(self.month_words())
        for section in ("products", "services", "categories", "currencies", "periods", "intents"):
            for phrases in self.table(section).values():
                words |= {w for p in phrases for w in fold(str(p)).split()}
        for value in (self.raw.get("cues") or {}).values():
            groups = value.values() if isinstance(value, dict) else [value]
            for phrases in groups:
                words |= {w for p in phrases for w in fold(str(p)).split()}
        words |= {fold(str(w)) for w in self.words("money_words")}
        words |= set(self._scales_for(None))  # "milhão" is a scale, never "milhas"
        return frozenset(w for w in words if w.isalpha() and len(w) > 1)

    @cached_property
    def brands_that_are_words(self) -> frozenset[str]:
        return frozenset(fold(str(w)) for w in self.raw.get("brands_that_are_words") or [])

    @cached_property
    def brand_joiners(self) -> tuple[str, ...]:
        return tuple(fold(str(w)) for w in self.raw.get("brand_joiners") or [])

    @cached_property
    def diminutives(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Endings of the diminutive and what each stands for ("tardecita" is "tarde", "cartãozinho" "cartão"),
        the longest ending first."""
        table = self.raw.get("diminutives") or {}
        pairs = [(fold(str(end)), tuple(fold(str(b)) for b in bases)) for end, bases in table.items()]
        return tuple(sorted(pairs, key=lambda pair: -len(pair[0])))

    @cached_property
    def sounds(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Letters customers write for a sound, and the letters the language spells it with ("k" for "qu")."""
        table = self.raw.get("sounds") or {}
        return tuple((fold(str(said)), tuple(fold(str(m)) for m in meant)) for said, meant in table.items())

    @cached_property
    def stems(self) -> tuple[str, ...]:
        """The lexicon's word beginnings ("bloque*"): a word that starts with one is a word it knows."""
        found: set[str] = set()
        for section in ("products", "services", "categories", "intents"):
            for phrases in self.table(section).values():
                found |= {w[:-1] for p in phrases for w in fold(str(p)).split() if w.endswith("*")}
        for value in (self.raw.get("cues") or {}).values():
            groups = value.values() if isinstance(value, dict) else [value]
            for phrases in groups:
                found |= {w[:-1] for p in phrases for w in fold(str(p)).split() if w.endswith("*")}
        return tuple(sorted(s for s in found if len(s) >= 4))


def _load(name: str) -> dict[str, Any]:
    text = (files("quipu.domain.reading") / "lexicon" / f"{name}.yaml").read_text(encoding="utf-8")
    loaded = read_strings(text)  # every word a string: "no", "si", "on" are words here
    if not isinstance(loaded, dict):
        raise ValueError(f"lexicon {name}.yaml must be a mapping")
    return loaded


@cache
def lexicon(language: str) -> Lexicon:
    """The language's lexicon (Spanish for any language that is not Portuguese)."""
    language = language if language in LANGUAGES else "es"
    raw = _load(language)
    if raw.get("language") != language:
        raise ValueError(f"lexicon/{language}.yaml names language {raw.get('language')}")
    regions = raw.pop("regions", None) or {}
    unknown = set(regions) - set(REGIONS[language])
    if unknown:
        raise ValueError(f"lexicon/{language}.yaml names unknown regions {sorted(unknown)}")
    return Lexicon(language, raw, regions)


@cache
def common() -> dict[str, Any]:
    return _load("common")


@cache
def common_words(name: str) -> frozenset[str]:
    """A word list of common.yaml, the same in either language ("noun_links", "relatives", "between")."""
    return frozenset(str(a) for a in common().get(name) or [])


@cache
def infinitives_with_a_pronoun(language: str) -> tuple[str, ...]:
    """ "haberlo", "bloquearla", "mandársela": how an infinitive with its pronoun attached ends."""
    lex = lexicon(language)
    endings, clitics = lex.cue_words("infinitive_endings"), lex.cue_words("attached_clitics")
    return tuple(str(e) + str(c) for e in endings for c in clitics)


VERB_STEM = 2  # "hab|erlo", "ped|irlo": a stem before the ending ("f|irme" is a word of its own)


def an_infinitive_with_its_pronoun(word: str, language: str) -> bool:
    return any(word.endswith(e) and len(word) - len(e) >= VERB_STEM for e in infinitives_with_a_pronoun(language))


def an_infinitive(word: str, lex: Lexicon) -> bool:
    """ "bloquear", "bloquearla", "mandárselo": an infinitive, with the pronouns it carries or without."""
    plain = word.endswith(tuple(str(e) for e in lex.cue_words("infinitive_endings")))
    return plain or an_infinitive_with_its_pronoun(word, lex.language)


def articles() -> frozenset[str]:
    """The articles of either language ("el bloqueo", "la alerta", "os dois"): after one, a word names a thing."""
    return common_words("articles")


@cache
def compiled_cue(language: str, name: str) -> Phrases:
    lex = lexicon(language)
    words = cue_forms(name, lex.cue_words(name), lex.raw.get("imperatives"), lex.cue_words("attached_clitics"))
    return Phrases(_as_read(words, lex), lex.month_set)


def _as_read(phrases: list[str], lex: Lexicon) -> list[str]:
    """Each phrase of several words also as the normaliser leaves the customer's words ("fica pra depois" is read
    "fica para depois"), so a phrase written the way customers write it still matches. A word alone stays as
    written: "nel" is read "no", and the bare "no" is no phrase of its own."""
    spellings = lex.spellings()
    several = [fold(str(p)) for p in phrases if " " in str(p).strip()]
    read = [" ".join(spellings.get(w, w) for w in p.split()) for p in several]
    return [*phrases, *(r for r, p in zip(read, several, strict=True) if r != p)]


# sections whose {n} a customer also says in words ("los últimos diez días", "últimas duas semanas"); elsewhere
# a number word is too often something else ("pasa una", "las dos compras de Uber")
COUNTED_IN_WORDS = frozenset({"periods"})


@cache
def compiled_table(language: str, section: str) -> tuple[tuple[str, Phrases], ...]:
    """A {name: [phrases]} section compiled per name, in the file's order."""
    lex = lexicon(language)
    counts = lex.numbers() if section in COUNTED_IN_WORDS else None
    return tuple(
        (name, Phrases(_as_read(words, lex), lex.month_set, counts)) for name, words in lex.table(section).items()
    )


@cache
def compiled_region_table(language: str, section: str, region: str | None) -> tuple[tuple[str, Phrases], ...]:
    """A region's own {name: [phrases]} section, compiled per name."""
    lex = lexicon(language)
    return tuple((name, Phrases(_as_read(words, lex))) for name, words in lex.region_table(section, region).items())


@cache
def compiled_cue_table(language: str, name: str) -> tuple[tuple[str, Phrases], ...]:
    lex = lexicon(language)
    return tuple((key, Phrases(_as_read(words, lex))) for key, words in lex.cue_table(name).items())


@cache
def brands() -> Phrases:
    return Phrases(common().get("merchants") or [])


@cache
def brand_names() -> tuple[str, ...]:
    return tuple(fold(str(m)) for m in common().get("merchants") or [])


@cache
def _scales(language: str, region: str | None) -> dict[str, Decimal]:
    return lexicon(language)._scales_for(region)
