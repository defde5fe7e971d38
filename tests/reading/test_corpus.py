"""The learned reader's corpus is the team's: it never holds an evaluation message (nor a near copy of one), and
every intent it teaches is one a skill (or code, in skills/_shared) declares, in both languages."""

import re
from difflib import SequenceMatcher
from functools import cache
from pathlib import Path

import numpy as np
from sklearn.feature_extraction.text import CountVectorizer

from quipu.adapters.reader import corpus
from quipu.application.skills.manifest import discover, read_intents
from quipu.domain.reading.text import fold
from quipu.domain.yaml_text import read_values

EVALS = Path(__file__).resolve().parents[2] / "evals"
NEAR = 0.88  # two texts this alike (after folding) are one message written twice
SHARED_WORDS = 0.5  # only pairs sharing this share of words are compared closely


def _plain(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", fold(text)))


def _alike(a: str, b: str) -> bool:
    """At least NEAR alike; the cheap upper bounds first, since most pairs are far apart."""
    matcher = SequenceMatcher(None, a, b)
    return matcher.real_quick_ratio() >= NEAR and matcher.quick_ratio() >= NEAR and matcher.ratio() >= NEAR


@cache
def evaluation_messages() -> list[str]:
    """Every message an evaluation sends: the conversation sets (held-out split included), the first-sight
    rounds, the adversarial sets and the action scenarios."""
    found = []
    for path in sorted(EVALS.rglob("*.yaml")):
        loaded = read_values(path.read_text(encoding="utf-8")) or []
        for item in loaded if isinstance(loaded, list) else []:
            for turn in item.get("turns") or []:
                found.append(turn["says"] if isinstance(turn, dict) else str(turn))
            if isinstance(item.get("says"), str):
                found.append(item["says"])
    return [_plain(m) for m in found if m]


def test_the_evaluation_messages_are_found():
    messages = evaluation_messages()
    assert len(messages) > 600  # conversations, two first-sight rounds, the adversarial sets, the scenarios


def _close_pairs(examples: list[str], messages: list[str]) -> list[tuple[int, int]]:
    """Pairs (example, message) sharing at least SHARED_WORDS of the longer one's distinct words: the words as
    0/1 columns of two sparse matrices, their product counts the words every pair shares at once."""
    words = CountVectorizer(binary=True, token_pattern=r"\S+", lowercase=False).fit(examples + messages)
    said, sent = words.transform(examples), words.transform(messages)
    shared = (said @ sent.T).tocoo()
    said_count = np.asarray(said.sum(axis=1)).ravel()
    sent_count = np.asarray(sent.sum(axis=1)).ravel()
    longer = np.maximum(said_count[shared.row], sent_count[shared.col])
    close = shared.data >= SHARED_WORDS * longer
    return list(zip(shared.row[close].tolist(), shared.col[close].tolist(), strict=True))


def test_no_corpus_example_is_an_evaluation_message_or_a_near_copy_of_one():
    messages = evaluation_messages()
    taught = [e for e in corpus.load() if _plain(e.text)]
    examples = [_plain(e.text) for e in taught]
    copies = [
        (taught[i].folder, taught[i].text, messages[j])
        for i, j in _close_pairs(examples, messages)
        if examples[i] == messages[j] or _alike(examples[i], messages[j])
    ]
    assert copies == [], f"corpus examples that are evaluation messages: {copies[:10]}"


def test_every_intent_taught_is_declared_where_it_is_taught_in_both_languages():
    declared = {s.name: set(s.intents()) for s in discover()} | {"_shared": set(read_intents("_shared"))}
    taught: dict[str, dict[str, set[str]]] = {}
    for example in corpus.load():
        taught.setdefault(example.folder, {}).setdefault(example.intent, set()).add(example.language)
    for folder, intents in taught.items():
        assert set(intents) <= declared[folder], f"{folder} teaches undeclared {set(intents) - declared[folder]}"
        thin = {i for i, languages in intents.items() if languages != {"es", "pt"}}
        assert not thin, f"{folder}: {thin} taught in one language only"
    for folder, intents in declared.items():
        assert intents <= set(taught.get(folder, {})), (
            f"{folder} declares {intents - set(taught.get(folder, {}))} untaught"
        )


def test_every_intent_code_may_offer_in_a_question_has_its_words_in_both_languages():
    """Doubt asks with the two likeliest readings in the customer's words; an intent's bare name never shows."""
    from quipu.domain.understanding_text import CHOICES

    offerable = {i for s in discover() for i in s.intents()}
    offerable |= {i for i, spec in read_intents("_shared").items() if spec.get("handled") == "never_automated"}
    for language in ("es", "pt"):
        assert offerable <= set(CHOICES[language]), f"{language}: {offerable - set(CHOICES[language])}"
