"""The imperatives conjugated from the lexicon's verbs of action: the forms a command takes, whoever it is said to,
and none that tells the customer's own act."""

from quipu.domain.reading.imperatives import conjugated, infinitives, voseo_forms, with_pronouns
from quipu.domain.reading.lexicon import compiled_cue, lexicon

SPANISH = {
    "verbs": ["pagar", "marcar", "prender", "abrir"],
    "irregular": {"poner": ["pon", "ponga"]},
    "endings": {"ar": ["a", "e", "en"], "er": ["e", "a", "an"], "ir": ["e", "a", "an"]},
    "plural": "n",
    "voseo": {"ar": "a", "er": "e", "ir": "i"},
    "voseo_also_past": ["ir"],
    "respelled": {"ar": {"when": "e", "c": "qu", "g": "gu"}},
}
PORTUGUESE = {
    "verbs": ["bloquear", "ligar"],
    "irregular": {"fazer": ["faz", "faça"]},
    "endings": {"ear": ["eia", "eie", "eiem"], "ar": ["a", "e", "em"]},
    "plural": "m",
    "proclitics": ["me"],
    "respelled": {"ar": {"when": "e", "g": "gu"}},
}


def test_each_person_a_command_is_said_to_is_conjugated_with_its_respelling():
    forms = set(conjugated(SPANISH, ["me", "le"]))
    assert {"paga", "pague", "paguen", "marque", "prende", "prenda", "prendan", "abre", "abra", "abran"} <= forms
    assert {"pon", "ponga", "pongan", "pone"} <= forms  # the voseo keeps the infinitive's stem: "poné"
    assert {"pagame", "paguele", "pongame", "abrime"} <= forms  # pronouns written onto each
    assert not {"page", "marce", "pago", "pagan", "abren"} & forms  # no misspelling, no present of the indicative


def test_the_voseo_of_an_ir_verb_asks_only_with_its_pronoun_because_alone_it_is_the_past():
    forms = set(conjugated(SPANISH, ["me"]))
    assert "abri" not in forms and "abrime" in forms
    assert voseo_forms(SPANISH) == frozenset({"paga", "marca", "prende", "pone"})


def test_portuguese_commands_keep_the_i_of_ear_verbs_and_take_the_pronoun_before():
    forms = set(conjugated(PORTUGUESE, []))
    assert {"bloqueia", "bloqueie", "bloqueiem", "liga", "ligue", "faz", "faca", "facam", "me bloqueia"} <= forms
    assert not {"bloquea", "lige"} & forms


def test_only_the_forms_with_a_pronoun_written_on_ask_wherever_they_stand():
    attached = set(with_pronouns(SPANISH, ["me", "le"]))
    assert {"pagame", "paguele"} <= attached
    assert not {"paga", "pague", "pagarle"} & attached
    assert {"pagar", "pagarla", "abrir"} <= set(infinitives(SPANISH, ["la"]))


def test_the_lexicon_reads_forms_no_one_listed():
    imperative = compiled_cue("es", "imperative")
    for said in (
        "pongame el aviso",
        "traspasa mil pesos",
        "hagale un abono",
        "frena la tarjeta",
        "congeleme la tarjeta",
    ):
        assert imperative.search(said) is not None, said
    assert compiled_cue("pt", "imperative").search("me ativa um alerta") is not None
    assert lexicon("es").raw["imperatives"]["verbs"], "the verbs of action are data"


def test_a_form_that_is_also_another_common_word_asks_only_with_its_pronoun():
    imperative = compiled_cue("es", "imperative")
    assert imperative.search("hace dos dias me cobraron") is None  # "ago", not the voseo's "hacé"
    assert imperative.search("consulta boluda si pago la luz") is None  # "a question", not "consult"
    assert imperative.search("hacele un abono a la tarjeta") is not None
