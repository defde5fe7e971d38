"""Pure: more kinds of customer words code reads itself: amounts said with "mil" or "k", follow-ups that correct
the last request, charges named by amount or by another merchant, lookups by place and by several categories.
Each test uses phrasings of its own, so a rule written for one message would not pass them."""

from decimal import Decimal

import anyio
import pytest

from quipu.application.agent.followups import is_follow_up
from quipu.domain.lookup_words import categories_in
from quipu.domain.money import amounts_said
from quipu.domain.vocabulary import CHECKING, CREDIT_CARD, SAVINGS
from quipu.skills.answering import SkillTurn, ToolOutcome
from quipu.skills.charge_investigation import hooks as charge_hooks
from quipu.skills.data_lookup.picking import pick
from quipu.skills.money_movement.words import accounts_corrected, amount_corrected, plain_transfer

LAST = {"skill": "data_lookup", "tool": "get_complaints", "arguments": {}, "text": "y mi queja?", "status": None}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("mueve 3 mil a la de cheques", Decimal("3000")),
        ("manda 15k pro meu cartão", Decimal("15000")),
        ("pásale 1,5 mil al ahorro", Decimal("1500")),
        ("transfiere 2 millones a mi corriente", Decimal("2000000")),
        ("quero mandar 5 mil reais", Decimal("5000")),
        ("pasa 4mil", Decimal("4000")),
    ],
)
def test_an_amount_said_with_mil_k_or_millones_reads_as_its_whole_value(text, value):
    assert [a.values for a in amounts_said(text)] == [(value,)]


def test_mil_without_a_figure_is_no_amount():
    assert amounts_said("mil gracias, eso era todo") == []


def test_a_transfer_in_thousands_said_with_mil_proposes_the_whole_amount():
    found = plain_transfer("échale 3 mil a mi cuenta de ahorro desde la corriente")
    assert found is not None and found["amount"] == "3000" and found["kind"] == "own_accounts"


def test_a_correction_in_thousands_replaces_the_amount_of_the_request():
    earlier = "pasa 1 mil de la corriente a la de ahorro"
    assert "7000" in amount_corrected(f"{earlier} mejor 7 mil", "mejor 7 mil")


@pytest.mark.parametrize(
    "text",
    [
        "que sea 800 entonces",
        "que sejam 90",
        "ponle 450 mejor",
        "mejor al revés",
        "ao contrário, por favor",
        "cuántos siguen pendientes",
        "cuándo la abrieron",
        "quantas estão abertas ainda",
        "qual delas foi resolvida",
    ],
)
def test_a_correction_or_a_short_question_without_its_mark_leans_on_the_last_turn(text):
    assert is_follow_up(text, LAST)


@pytest.mark.parametrize("text", ["quiero ver mis movimientos de marzo", "como está el dólar hoy"])
def test_a_new_request_is_not_read_as_a_follow_up(text):
    assert not is_follow_up(text, LAST)


EARLIER = {"kind": "own_accounts", "amount": "700", "from_type": CHECKING, "to_type": SAVINGS}


@pytest.mark.parametrize(
    ("latest", "origin", "destination", "kind"),
    [
        ("no, al revés", SAVINGS, CHECKING, "own_accounts"),
        ("ao contrário", SAVINGS, CHECKING, "own_accounts"),
        ("mejor desde el ahorro hacia la corriente", SAVINGS, CHECKING, "own_accounts"),
        ("mejor mándalo a la tarjeta", CHECKING, CREDIT_CARD, "pay_debt"),
    ],
)
def test_a_follow_up_that_changes_the_accounts_keeps_the_amount(latest, origin, destination, kind):
    moved = accounts_corrected(latest, EARLIER)
    assert moved is not None and moved["amount"] == "700"
    assert (moved["from_type"], moved["to_type"], moved["kind"]) == (origin, destination, kind)


@pytest.mark.parametrize(("latest", "origin"), [("de la de ahorro", "Cuenta Ahorro"), ("desde mi corriente", "Cuenta Corriente")])
def test_the_origin_named_after_a_transfer_to_another_person_keeps_the_rest(latest, origin):
    earlier = {"kind": "third_party", "amount": "500", "to_account_number": "4000001017", "from_last4": "0022"}
    assert accounts_corrected(latest, earlier) == {
        "kind": "third_party", "amount": "500", "to_account_number": "4000001017", "from_type": origin,
    }  # fmt: skip
    assert accounts_corrected("con la tarjeta", earlier) is None  # a debt does not send money to a person


@pytest.mark.parametrize("latest", ["mejor 900 al ahorro", "gracias", "y cuánto tengo?"])
def test_a_follow_up_with_a_new_amount_or_no_account_is_not_an_account_change(latest):
    assert accounts_corrected(latest, EARLIER) is None


class Listed:
    """The customer's recent charges, as search_transactions lists them; records every call."""

    CHARGES = [
        {"transaction_id": "T1", "merchant": "Cinépolis", "amount": "189.50"},
        {"transaction_id": "T2", "merchant": "DiDi", "amount": "75000.00"},
        {"transaction_id": "T3", "merchant": "Pemex", "amount": "1500.00"},
    ]

    def __init__(self):
        self.calls: list[tuple[str, dict]] = []

    async def call(self, tool: str, arguments: dict) -> ToolOutcome:
        self.calls.append((tool, arguments))
        return ToolOutcome(tool, arguments, {"charges": self.CHARGES} if tool == "search_transactions" else {})


def _investigated(text: str, said: str = "") -> dict:
    listed = Listed()
    turn = SkillTurn(text, "es", listed, said=said)
    assert charge_hooks.plain(turn)
    anyio.run(charge_hooks.first, turn)
    return listed.calls[-1][1]


@pytest.mark.parametrize(
    ("text", "amount"),
    [("qué es un cobro de $189.50?", "189.50"), ("el de 75 mil", "75000"), ("uno de 1.500 pesos que no ubico", "1500")],
)
def test_a_charge_named_by_its_amount_is_investigated_at_that_amount(text, amount):
    arguments = _investigated(text)
    assert (arguments["min_amount"], arguments["max_amount"]) == (amount, amount)


@pytest.mark.parametrize("text", ["el cargo del 16 de junio", "uno del martes de 1500 pesos"])
def test_a_charge_named_by_its_day_is_left_to_the_model(text):
    assert not charge_hooks.plain(SkillTurn(text, "es", Listed()))


@pytest.mark.parametrize("latest", ["¿y el de didi?", "e o da Pemex?"])
def test_a_follow_up_naming_another_merchant_investigates_that_merchant(latest):
    arguments = _investigated(f"no reconozco lo de cinepolis {latest}", said=latest)
    assert arguments["merchant"] in ("DiDi", "Pemex") and "min_amount" not in arguments


@pytest.mark.parametrize(
    ("earlier", "latest", "tool"),
    [
        ("cuál fue mi compra más grande de marzo", "y cuánto gasté en todo marzo?", "get_spending_summary"),
        ("quanto gastei em abril?", "e qual foi a compra mais cara?", "get_largest_purchase"),
        ("cuánto gasté en abril", "y a cómo está el dólar?", "get_exchange_rate"),
    ],
)
def test_a_follow_up_that_asks_another_lookup_gets_that_lookup(earlier, latest, tool):
    assert pick(f"{earlier} {latest}", latest)[0] == tool


@pytest.mark.parametrize(
    "text", ["gasto más en salud o en entretenimiento?", "onde vai mais dinheiro, transporte ou restaurantes?"]
)
def test_two_categories_in_one_question_are_answered_side_by_side(text):
    tool, arguments = pick(text, text)
    assert tool == "get_spending_summary" and arguments.get("by") == "category" and "category" not in arguments


@pytest.mark.parametrize(
    "text", ["en qué negocios se me va la lana", "cuál es el establecimiento donde más gasto", "a quién le gasto más"]
)
def test_a_place_or_business_word_ranks_spending_by_merchant(text):
    assert pick(text, text) == ("get_spending_summary", {"by": "merchant"})


@pytest.mark.parametrize(("text", "found"), [("cuánto dejé en el súper", ["Food"]), ("gastos no super", ["Food"]),
                                             ("estuvo súper caro el cine", ["Entertainment"])])  # fmt: skip
def test_the_super_after_an_article_is_the_supermarket(text, found):
    assert categories_in(text) == found


@pytest.mark.parametrize(
    ("text", "versus"),
    [
        ("quiero comparar lo de este mes con el anterior", "2026-05"),
        ("compara o mês passado com o anterior", "2026-04"),
        ("gasté más en abril vs el mes previo?", "2026-03"),
    ],
)
def test_a_month_compared_with_the_one_before_is_compared_with_the_whole_month_before(text, versus):
    tool, arguments = pick(text, text)
    assert tool == "compare_spending" and arguments["versus"] == versus


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        ("qué tanto gasté en abril? y cuál fue la compra más grande", ["get_spending_summary", "get_largest_purchase"]),
        ("quanto tá o dólar e quanto gastei esse mês?", ["get_exchange_rate", "get_spending_summary"]),
        ("mis quejas cómo van; y también a cómo está el dólar", ["get_complaints", "get_exchange_rate"]),
    ],
)
def test_two_lookups_in_one_message_are_both_read(text, tools):
    from quipu.skills.data_lookup.requests import two_lookups

    assert [tool for tool, _ in two_lookups(text)] == tools


def test_the_second_lookup_without_a_period_takes_the_period_of_the_first():
    from quipu.skills.data_lookup.requests import two_lookups

    found = dict(two_lookups("cuánto gasté en marzo? y cuál fue lo más caro"))
    assert found["get_largest_purchase"]["period"] == found["get_spending_summary"]["period"] == "2026-03"


@pytest.mark.parametrize("text", ["cuánto gasté en comida y cuánto en salud", "mis compras de mayo"])
def test_one_lookup_with_two_filters_is_not_two_lookups(text):
    from quipu.skills.data_lookup.requests import two_lookups

    assert two_lookups(text) == []


@pytest.mark.parametrize(
    ("text", "origin", "destination"),
    [
        ("paga 70 da fatura do cartão com a conta corrente", CHECKING, CREDIT_CARD),
        ("págale 300 del préstamo con mi ahorro", SAVINGS, "Préstamo Personal"),
    ],
)
def test_the_debt_after_de_is_paid_and_the_account_after_con_pays(text, origin, destination):
    found = plain_transfer(text)
    assert found is not None and (found["from_type"], found["to_type"]) == (origin, destination)


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        ("mis 4 compras más caras de abril", 4),
        ("quais foram os 2 gastos mais altos?", 2),
        ("quais foram minhas 3 compras mais caras?", 3),  # the plural of "mais cara"
        ("y las 5 mayores compras del mes?", 5),
    ],
)
def test_the_n_largest_purchases_are_the_largest_movements_that_many(text, limit):
    tool, arguments = pick(text, text)
    assert tool == "get_movements" and arguments["order"] == "largest" and arguments["limit"] == limit


def test_an_amount_range_said_with_mil_reads_the_whole_amount():
    assert pick("movimientos de más de 35 mil", "movimientos de más de 35 mil")[1]["min_amount"] == "35000"


def test_a_follow_up_that_is_a_request_of_its_own_keeps_the_account_used_before():
    from quipu.skills.money_movement import hooks as money_hooks

    turn = SkillTurn("pasa 900 de la corriente al ahorro y 200 al préstamo", "es", Listed(), said="y 200 al préstamo",
                     earlier={"kind": "own_accounts", "amount": "900", "from_type": CHECKING, "to_type": SAVINGS})  # fmt: skip
    tool, arguments = money_hooks._plainly_asked(turn.text, turn) or ("", {})
    assert tool == "propose_transfer" and arguments["kind"] == "pay_debt" and arguments["amount"] == "200"
    assert arguments["from_type"] == CHECKING


@pytest.mark.parametrize(("text", "value"), [("pasale 8 lucas", Decimal("8000")), ("me cobraron 3 palos", Decimal("3000000"))])
def test_regional_slang_for_thousands_and_millions_reads_as_the_whole_value(text, value):
    assert [a.values for a in amounts_said(text)] == [(value,)]


@pytest.mark.parametrize("text", ["ah no, mejor a la de ahorro", "não, melhor pra poupança", "bueno, mejor desde la corriente"])
def test_a_change_of_mind_about_where_the_money_goes_leans_on_the_last_turn(text):
    assert is_follow_up(text, LAST)


@pytest.mark.parametrize(
    ("latest", "earlier", "kept"),
    [
        ("¿y en marzo?", {"period": "2026-04"}, {}),  # the last lookup was the total: it stays the total
        ("¿y en marzo?", {"period": "2026-04", "category": "Health"}, {"category": "Health"}),
        ("¿y en transporte?", {"category": "Health"}, {"category": "Transport"}),
    ],
)
def test_a_follow_up_keeps_the_narrowing_of_the_last_lookup_as_it_was(latest, earlier, kept):
    from quipu.skills.data_lookup.picking import narrowed_as_before

    tool, arguments = pick(f"cuánto gasté en salud en abril y en total? {latest}", latest)
    arguments = narrowed_as_before(tool, arguments, latest, earlier)
    assert {k: v for k, v in arguments.items() if k in ("category", "merchant")} == kept


@pytest.mark.parametrize(
    "text", ["de nuevo igual pero con 650", "outra vez, só que 80", "perdona, era el de oxxo", "me equivoqué, la de débito"]
)
def test_a_repeat_or_a_self_correction_leans_on_the_last_turn(text):
    assert is_follow_up(text, LAST)


@pytest.mark.parametrize("text", ["foi o ifood", "fue el de rappi parce", "era la compra de amazon", "foi no mercado livre"])
def test_naming_which_one_after_being_asked_leans_on_the_last_turn(text):
    assert is_follow_up(text, LAST)


@pytest.mark.parametrize("text", ["fueron tres cargos raros hoy en mi tarjeta de crédito", "foram dois débitos estranhos hoje"])
def test_words_that_only_start_alike_are_not_an_answer_to_which_one(text):
    assert not is_follow_up(text, LAST)
