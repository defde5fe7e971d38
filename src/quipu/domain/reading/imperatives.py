"""The imperatives of the verbs of action, conjugated from the lexicon's infinitives: a request said as a command
is recognised by the verb's form, not by a list of the forms customers happened to write ("póngame", "traspasa",
"frená", "hágale", "ative" all ask, though no one listed them).

The lexicon's `imperatives` section gives the verbs, the few whose stem changes, and the language's endings
(said to "tú"/"você", to "usted", to "ustedes"/"vocês", and the voseo's); the respelling a stem takes before an
ending ("pagar" → "pague", "proteger" → "proteja") is data too. Accents are folded, as the normaliser reads."""

from collections.abc import Iterable, Mapping
from typing import Any

from quipu.domain.reading.text import fold

SHORTEST_ALONE = 3  # "di" alone is also a past ("le di el código"); with a pronoun attached ("dime") it asks


def cue_forms(name: str, listed: list[str], section: Mapping[str, Any] | None, clitics: list[str]) -> list[str]:
    """A cue's words: those the lexicon lists, and for the cues of verb forms those its verbs conjugate to."""
    if name == "imperative":
        return imperative_words(listed, section, clitics)
    if name == "imperative_with_pronoun":
        return [*listed, *with_pronouns(section, clitics)]
    if name == "infinitive":
        return [*listed, *infinitives(section, clitics)]
    return listed


def imperative_words(listed: list[str], section: Mapping[str, Any] | None, clitics: list[str]) -> list[str]:
    """The imperatives the lexicon lists and those its verbs conjugate to, each also with the pronouns the language
    writes onto it ("bloquea" → "bloqueamela")."""
    attached = [f"{fold(str(verb))}{fold(str(c))}" for verb in listed if " " not in verb for c in clitics]
    return [*listed, *attached, *conjugated(section, clitics)]


def with_pronouns(section: Mapping[str, Any] | None, clitics: Iterable[str]) -> list[str]:
    """The imperatives with a pronoun written onto them ("pasale", "bloquéamela", "hágale"): no other form of the verb
    is written so (the infinitive's "pagarle" and the gerund's "pagándole" end otherwise), so one asks wherever it
    stands in the clause ("mejor en vez del total pasale 200 lucas")."""
    attached = tuple(fold(str(c)) for c in clitics)
    bare = set(conjugated(section, ()))
    return [f for f in conjugated(section, clitics) if f not in bare and f.endswith(attached) and " " not in f]


def infinitives(section: Mapping[str, Any] | None, clitics: Iterable[str]) -> list[str]:
    """The verbs' infinitives, also with their pronouns ("pagar", "pagarla"): one opening a clause that is no question
    is a request said as a note ("quitar 45 da fatura", "cancelar um cartão")."""
    if not section:
        return []
    verbs = [fold(str(v)) for v in [*(section.get("verbs") or []), *(section.get("irregular") or {})]]
    return sorted({*verbs, *(v + fold(str(c)) for v in verbs for c in clitics)})


def first_persons(section: Mapping[str, Any] | None) -> frozenset[str]:
    """The customer's own present of each verb ("pago", "transfiero", "bloqueio"): it tells what they do, and asks
    only where the words take the chance to do it now ("aprovecho y pago la luz")."""
    if not section:
        return frozenset()
    own = {fold(str(k)): fold(str(v)) for k, v in (section.get("first_person") or {}).items()}
    found = {fold(str(forms[2])) for forms in (section.get("irregular") or {}).values() if len(forms) > 2}
    for verb in section.get("verbs") or []:
        infinitive = fold(str(verb))
        ending = next((e for e in sorted(own, key=len, reverse=True) if infinitive.endswith(e)), None)
        if ending is not None:
            found.add(infinitive[: -len(ending)] + own[ending])
    return frozenset(found)


def voseo_forms(section: Mapping[str, Any] | None) -> frozenset[str]:
    """The voseo's imperatives that are no past of the customer's ("prendé", "poné": an "-er" verb's past ends in
    "í"), folded; a word in "é" that is one of these asks, where "pagué" tells."""
    return frozenset(_voseos(section or {})[0])


def _voseos(section: Mapping[str, Any]) -> tuple[set[str], set[str]]:
    """The voseo of every verb, regular or not (it keeps the infinitive's stem: "frená", "poné", "pedí"): those that
    ask alone, and those that are also the customer's own past ("abrí") and ask only with a pronoun."""
    voseo = {fold(str(k)): fold(str(v)) for k, v in (section.get("voseo") or {}).items()}
    also_past = {fold(str(k)) for k in section.get("voseo_also_past") or []}
    alone: set[str] = set()
    with_pronoun: set[str] = set()
    for verb in [*(section.get("verbs") or []), *(section.get("irregular") or {})]:
        infinitive = fold(str(verb))
        ending = next((e for e in voseo if infinitive.endswith(e)), None)
        if ending is not None:
            (with_pronoun if ending in also_past else alone).add(infinitive[: -len(ending)] + voseo[ending])
    return alone, with_pronoun


def conjugated(section: Mapping[str, Any] | None, clitics: Iterable[str]) -> list[str]:
    """Every imperative of the section's verbs, also with the pronouns the language writes onto it."""
    if not section:
        return []
    endings: dict[str, list[str]] = {fold(str(k)): [fold(str(e)) for e in v] for k, v in section["endings"].items()}
    respelled: dict[str, dict[str, str]] = {
        fold(str(k)): {fold(str(a)): fold(str(b)) for a, b in v.items()}
        for k, v in (section.get("respelled") or {}).items()
    }
    attached = [fold(str(c)) for c in clitics]
    alone, with_pronoun = _voseos(section)
    for verb in section.get("verbs") or []:
        infinitive = fold(str(verb))
        ending = next((e for e in sorted(endings, key=len, reverse=True) if infinitive.endswith(e)), None)
        if ending is None:
            raise ValueError(f"imperatives: no endings for the verb {verb!r}")
        stem = infinitive[: -len(ending)]
        alone |= {_respelled(stem, e, respelled.get(ending, {})) + e for e in endings[ending]}
    for familiar, formal, *_ in (section.get("irregular") or {}).values():
        familiar, formal = fold(str(familiar)), fold(str(formal))
        alone |= {familiar, formal, formal + fold(str(section.get("plural", "n")))}
    shared = {fold(str(w)) for w in section.get("not_alone") or []}
    with_pronoun |= alone
    forms = {f for f in alone - shared if len(f) >= SHORTEST_ALONE}
    forms |= {f + c for f in with_pronoun for c in attached}
    # Brazil puts the pronoun before the imperative ("me ativa um alerta", "me manda o extrato")
    forms |= {f"{fold(str(p))} {f}" for p in section.get("proclitics") or [] for f in alone}
    return sorted(forms)


def _respelled(stem: str, ending: str, rules: Mapping[str, str]) -> str:
    """The stem as written before this ending ("pag" + "e" → "pagu", "proteg" + "a" → "protej")."""
    when = rules.get("when")
    if not when or not ending.startswith(when):
        return stem
    for last, written in rules.items():
        if last != "when" and stem.endswith(last):
            return stem[: -len(last)] + written
    return stem
