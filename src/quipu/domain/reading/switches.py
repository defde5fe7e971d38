"""Alerts switched on or off: the words that turn one off are never read as turning it on, a negation the off
switch names asks, and an alert refused with no off word is the alert not turned on."""

from quipu.domain.reading.cues import Cues
from quipu.domain.reading.lexicon import lexicon
from quipu.domain.reading.model import Guess, Polarity, Slots
from quipu.domain.reading.polarity import negation_words
from quipu.domain.reading.words import Words


def switched(intents: tuple[Guess, ...], cues: Cues, slots: Slots) -> tuple[Guess, ...]:
    """ "desactiva las alertas", "ya no me avisen": an alert turned off is never read as one turned on."""
    if not intents or intents[0].label != "alert_on" or not (cues.switch_off or slots.switch == "off"):
        return intents
    first = Guess("alert_off", intents[0].confidence)
    return (first, *(g for g in intents[1:] if g.label != "alert_off"))


ALERTS = ("alert_on", "alert_off")
ACCOUNTS = ("savings", "checking", "account")


def money_taken_out(intents: tuple[Guess, ...], slots: Slots, named: tuple[str, ...]) -> tuple[Guess, ...]:
    """ "minha tia falou pra tirar tudo da poupança", "saca la plata del ahorro": an account named, and no alert, its
    kind or its switch named outright: the words take money out, they switch no alert ("tirar" also turns one off)."""
    if not intents or intents[0].label not in ALERTS or set(named) & set(ALERTS) or slots.alert_kind:
        return intents
    if not any(p.kind in ACCOUNTS for p in slots.products):
        return intents
    return tuple(g for g in intents if g.label not in ALERTS) or intents


def alert_refused(intents: tuple[Guess, ...], polarity: Polarity, cues: Cues) -> tuple[Guess, ...]:
    """ "no quiero el aviso de vencimiento, ya me llegan muchos correos": an alert refused with no word that switches
    it off is the alert not turned on (refusing to turn it off would say the opposite of the words)."""
    if polarity != Polarity.REFUSES or not intents or intents[0].label != "alert_off" or cues.switch_off:
        return intents
    first = Guess("alert_on", intents[0].confidence)
    return (first, *(g for g in intents[1:] if g.label != "alert_on"))


def switching_off(intents: tuple[Guess, ...], words: Words, language: str) -> bool:
    """An alert turned off by a negation the off switch names ("ya no quiero la alerta") is asked for."""
    return bool(intents) and intents[0].label == "alert_off" and _negation_switches_off(words, language)


def _negation_switches_off(words: Words, language: str) -> bool:
    """ "ya no quiero la alerta": the negation is the off switch the lexicon names, which asks; "no desactives la
    alerta" negates the switch, and refuses."""
    lex = lexicon(language)
    if lex.cue("as_it_is").search(words.text):  # "no me la prendas, déjala apagadita como está": nothing to switch
        return False
    return any(negation_words(language) & set(m.group(0).split()) for m in lex.cue("switch_off").find(words.text))
