"""Pure: code reads a kind of request, not one sentence. Each test uses phrasings of its own, so a rule written for
one message would not pass them."""

from datetime import date

import anyio
import pytest

from quipu.application.agent.followups import is_follow_up
from quipu.domain.out_of_scope import plainly_out_of_scope
from quipu.domain.periods import parse_period
from quipu.domain.plain_requests import clarifying_question, plain_request, points_back
from quipu.domain.routing import ALL_SKILLS, guess_skill, skills_named
from quipu.domain.transfers import said_type
from quipu.skills.account_actions import hooks as account_hooks
from quipu.skills.answering import SkillTurn, ToolOutcome
from quipu.skills.balance_inquiry import hooks as balance_hooks
from quipu.skills.charge_investigation import hooks as charge_hooks
from quipu.skills.data_lookup.picking import corrected, pick
from quipu.skills.money_movement.words import asks_for_bills, plain_transfer

LAST = {"skill": "data_lookup", "tool": "get_spending_summary", "arguments": {}, "text": "cuánto gasté", "status": None}


@pytest.mark.parametrize(
    "text",
    [
        "dónde queda la oficina más cercana?",
        "qual o horário da agência de Pinheiros?",
        "hay cajeros automáticos en el aeropuerto?",
        "me cuentas un cuento para dormir?",
        "recomenda um livro de suspense",
        "quem ganhou o jogo do Flamengo?",
        "cómo se dice gato en inglés",
        "oye, ¿cómo te llamas?",
        "¿cuántos años tienes?",
    ],
)
def test_words_that_name_nothing_a_skill_serves_are_plainly_out_of_scope(text):
    assert plainly_out_of_scope(text)


@pytest.mark.parametrize(
    "text",
    [
        "y lo de netflix?",
        "tengo una duda con mi tarjeta",
        "a cómo está el euro",
        "quero ver minha conta",
        "500",
        "en la sucursal me cobraron de más",
        "cuánto en farmacia",
        "me llegó algo raro de didi",
        "¿qué datos tienen de mí?",
        "y lo de marzo?",
        "minha situação",
        "llámame el lunes",
        "¿y cuánto es eso?",
    ],
)
def test_a_banking_word_a_merchant_a_category_or_a_figure_leaves_the_words_to_the_router(text):
    assert not plainly_out_of_scope(text)


@pytest.mark.parametrize(
    ("text", "skill"),
    [
        ("por mail mandame un resumen de mi cuenta", "account_actions"),
        ("¿me podrían llamar el jueves?", "account_actions"),
        ("a fatura do cartão, quanto é?", "balance_inquiry"),
        ("y el mínimo cuánto sería", "balance_inquiry"),
        ("che, cuánta plata me queda?", "balance_inquiry"),
        ("tengo cuentas por pagar?", "money_movement"),
        ("cuánto se me fue en el súper este mes", "data_lookup"),
        ("a cómo anda el dólar", "data_lookup"),
        ("alguien me hackeó la cuenta y hay compras raras", "charge_investigation"),
        ("oye veo algo bien raro en mi tarjeta", "charge_investigation"),
        ("tá aparecendo umas coisas esquisitas no cartão", "charge_investigation"),
        ("hay cosas extrañas en mi cuenta, ayuda", "charge_investigation"),
        ("tem alguma coisa estranha na minha conta", "charge_investigation"),
    ],
)
def test_the_words_route_to_the_skill_whose_kind_of_request_they_are(text, skill):
    assert guess_skill(text, ALL_SKILLS) == skill


def test_an_action_whose_object_names_another_skill_routes_to_the_action_first():
    assert skills_named("envíame al correo el resumen de mis saldos")[0] == "account_actions"


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("me mandas el resumen al mail?", "balances"),
        ("resumo das minhas contas por e-mail", "balances"),
        ("manda por email um resumo dos meus pagamentos", "payment_status"),
    ],
)
def test_a_summary_by_email_reads_its_topic_and_none_named_is_the_accounts(text, topic):
    assert plain_request(text) == {"action": "send_summary_email", "params": {"topic": topic}}


def test_a_summary_naming_two_topics_is_asked_which():
    text = "mándame por correo un resumen de mis saldos y de mis pagos"
    assert plain_request(text) is None and clarifying_question(text, None, "es")


@pytest.mark.parametrize("text", ["quiero disputar esa compra", "contesta essa cobrança", "abre un reclamo de dicho cargo"])
def test_words_that_point_back_at_a_charge_are_a_follow_up(text):
    assert points_back(text) and is_follow_up(text, LAST)


@pytest.mark.parametrize("text", ["compará ambos", "e entre eles, qual foi maior?"])
def test_comparing_the_two_just_named_is_a_follow_up(text):
    assert is_follow_up(text, LAST)


def test_esa_before_a_card_is_not_pointing_at_a_charge():
    assert not points_back("esa tarjeta la perdí")


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("gasté menos en abril que en marzo?", "compare_spending", {"period": "2026-03", "versus": "2026-04"}),
        ("quanto saiu com farmácia nos últimos 60 dias", "get_spending_summary",
         {"period": "last_60_days", "category": "Health"}),
        ("cuánto gasté en rappi en total este mes", "get_spending_summary", {"period": "this_month", "merchant": "rappi"}),
        ("los pagos de la semana", "get_movements", {"period": "last_7_days"}),
        ("en qué tiendas gasto más? y en netflix cuánto?", "get_spending_summary", {"merchant": "netflix"}),
    ],
)  # fmt: skip
def test_the_lookup_is_read_from_the_kind_of_question(text, tool, arguments):
    assert pick(text) == (tool, arguments)


def test_en_total_said_alone_after_a_merchant_drops_the_merchant():
    assert pick("cuánto gasté en rappi este mes e no total?", latest="e no total?") == (
        "get_spending_summary",
        {"period": "this_month"},
    )


def test_a_comparison_takes_the_two_periods_the_conversation_named():
    fixed = corrected("cuánto gasté en abril y en mayo? compáralos los dos", "compare_spending", {})
    assert {fixed["period"], fixed["versus"]} == {"2026-04", "2026-05"}


def test_la_semana_que_viene_is_not_the_last_seven_days():
    assert parse_period("de la semana que viene", date(2026, 6, 18)) is None


@pytest.mark.parametrize("text", ["tengo cuentas por pagar?", "quais boletos estão em aberto?", "facturas sin pagar"])
def test_asking_which_bills_wait_is_read_as_the_bills(text):
    assert asks_for_bills(text)


def test_naming_one_bill_to_pay_is_not_a_listing():
    assert not asks_for_bills("paga el recibo de luz pendiente")


def test_the_cards_statement_is_the_card_to_pay():
    assert plain_transfer("paga 30 da fatura") == {"kind": "pay_debt", "amount": "30", "to_type": "Tarjeta Crédito"}


class Recording:
    def __init__(self):
        self.called: list[str] = []

    async def call(self, tool: str, arguments: dict) -> ToolOutcome:
        self.called.append(tool)
        return ToolOutcome(tool, arguments, {})


@pytest.mark.parametrize(
    ("said", "tools"),
    [("¿y la cuota mínima?", ["get_debts"]), ("e quanto falta pagar?", ["get_debts"]), ("¿y en pesos?", ["get_balances"])],
)
def test_a_balance_follow_up_that_asks_for_one_thing_is_read_alone(said, tools):
    recording = Recording()
    turn = SkillTurn(f"cuánto tengo en ahorros? {said}", "es", recording, said=said)
    anyio.run(balance_hooks.first, turn)
    assert recording.called == tools


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("extravié mi tarjeta de débito", "block_card"),
        ("meu cartão foi perdido ontem", "block_card"),
        ("avísenme cuando llegue un cargo duplicado", "set_alert"),
        ("me avisa quando vencer o pagamento", "set_alert"),
        ("conteste aquela compra, por favor", "open_payment_inquiry"),
    ],
)
def test_an_action_asked_in_its_other_verb_forms_is_named(text, action):
    assert plain_request(text) is None or plain_request(text)["action"] == action
    assert skills_named(text)[0] == "account_actions"


def test_a_stolen_card_with_charges_it_did_not_make_is_investigated_first():
    assert skills_named("hay cargos que no hice, ¿me robaron la tarjeta?")[0] == "charge_investigation"


@pytest.mark.parametrize("text", ["no las reconozco, son de didi", "tem uns consumos raros no cartão", "não os reconheço"])
def test_not_recognising_said_with_a_pronoun_is_a_charge_question(text):
    assert guess_skill(text, ALL_SKILLS) == "charge_investigation"


def test_past_tense_gastar_without_accents_routes_to_the_lookup():
    assert guess_skill("gaste mucho en junio o en julio?", ALL_SKILLS) == "data_lookup"


CHARGES = [
    {"transaction_id": "T1", "merchant": "Rappi", "amount": "90.00", "date": "2026-06-02T10:00:00"},
    {"transaction_id": "T2", "merchant": "Rappi", "amount": "90.00", "date": "2026-06-02T10:00:07"},
    {"transaction_id": "T3", "merchant": "Cabify", "amount": "40.00", "date": "2026-06-01T09:00:00"},
]


def test_disputing_the_charge_that_came_twice_picks_the_repeat_of_the_one_pair():
    request = plain_request("me salieron dos cargos iguales, quiero disputar ese cargo", charges=CHARGES)
    assert request == {"action": "open_payment_inquiry", "params": {"transaction_id": "T2"}}


def test_two_pairs_of_repeated_charges_leave_the_dispute_to_a_question():
    both = CHARGES + [{**CHARGES[2], "transaction_id": "T4", "date": "2026-06-01T09:00:03"}]
    assert plain_request("quiero disputar el cobro repetido", charges=both) is None


@pytest.mark.parametrize(
    ("text", "latest", "months"),
    [
        ("cuánto gasté en marzo? y en abril? en cuál gasté más?", "en cuál gasté más?", {"2026-03", "2026-04"}),
        ("quanto gastei em abril? e em maio? qual foi menor?", "qual foi menor?", {"2026-04", "2026-05"}),
    ],
)
def test_which_was_more_after_two_periods_is_a_comparison(text, latest, months):
    tool, arguments = pick(text, latest)
    assert tool == "compare_spending" and {arguments["period"], arguments["versus"]} == months


def test_a_follow_up_that_only_narrows_by_amount_is_a_follow_up_the_lookup_reads():
    assert is_follow_up("só as acima de 200", LAST)
    assert pick("mis movimientos de junio solo los de mas de 2.500", "solo los de mas de 2.500") == (
        "get_movements",
        {"period": "2026-06", "min_amount": "2500"},
    )


@pytest.mark.parametrize(("latest", "plain"), [("la de crédito", True), ("a de 4100", True), ("ok", False)])
def test_an_answer_to_codes_question_about_an_action_is_read_by_code(latest, plain):
    turn = SkillTurn(f"quiero bloquear una tarjeta {latest}", "es", Recording(), said=latest)
    assert account_hooks.plain(turn) is plain


def test_two_x_is_twice_not_an_amount_so_code_investigates():
    turn = SkillTurn("o rappi me cobrou 2x", "pt", Recording())
    assert charge_hooks.plain(turn)


@pytest.mark.parametrize("text", ["¿eres un robot o una persona de verdad?", "sos un bot?"])
def test_robot_is_not_robbery(text):
    assert "account_actions" not in skills_named(text)


@pytest.mark.parametrize(
    ("text", "action"),
    [("denme de baja la tarjeta que me la robaron", "block_card"), ("quiero dar de baja mi tarjeta", "cancel_card")],
)
def test_dar_de_baja_is_a_block_when_the_card_is_lost_or_stolen_and_a_cancel_otherwise(text, action):
    assert [a for a in ("block_card", "cancel_card") if a in str(plain_request(text, [CARD]))] == [action]


CARD = {"product_id": "C-1", "last4": "4100", "product_type": "Tarjeta Crédito", "status": "Active"}


def test_the_latest_merchant_and_the_month_said_as_desse_win_in_a_follow_up():
    assert pick("cuánto llevo en rappi este mes? y en netflix?", "y en netflix?") == (
        "get_spending_summary",
        {"period": "this_month", "merchant": "netflix"},
    )
    assert pick("qual a maior compra do mês passado? e deste mês?", "e deste mês?")[1] == {"period": "this_month"}


@pytest.mark.parametrize("text", ["tô devendo quanto?", "cuánto sigo debiendo de la tarjeta"])
def test_owing_said_in_the_progressive_is_a_debt_question(text):
    assert guess_skill(text, ALL_SKILLS) == "balance_inquiry"


def test_bills_to_pay_with_words_between_are_read_as_the_bills():
    assert asks_for_bills("quais boletos ainda tenho pra pagar?")


@pytest.mark.parametrize(
    ("product_type", "said"),
    [("Cuenta Corriente", "desde mi cuenta de cheques"), ("Tarjeta Crédito", "pague 30 da fatura")],
)
def test_the_account_named_by_its_other_name_counts_as_said(product_type, said):
    assert said_type(product_type, said)


@pytest.mark.parametrize(
    "text",
    [
        "ok quiero que me regresen el dinero del repetido",
        "devuélvanme la plata del cargo doble",
        "necesito que me reembolsen lo de netflix",
        "quiero un reembolso del cobro de uber",
        "quero meu dinheiro de volta da cobrança repetida",
        "quero o estorno dessa compra",
    ],
)
def test_asking_for_the_money_back_is_a_claim_on_the_charge(text):
    assert skills_named(text)[0] == "account_actions"
    assert plain_request(text) is None or plain_request(text)["action"] == "open_payment_inquiry"


@pytest.mark.parametrize(
    "text", ["¿ya me devolvieron lo de amazon?", "me devolvieron el dinero?", "que me regresen la llamada por favor"]
)
def test_asking_what_became_of_a_refund_or_for_a_call_back_is_no_claim(text):
    assert "open_payment_inquiry" not in str(plain_request(text, charges=CHARGES))


class ChargesListed(Recording):
    async def call(self, tool: str, arguments: dict) -> ToolOutcome:
        self.called.append(tool)
        return ToolOutcome(tool, arguments, {"charges": CHARGES} if tool == "recent_charges" else {"arguments": arguments})


@pytest.mark.parametrize("said", ["si porfa abre la aclaracion", "ok quiero que me regresen el dinero"])
def test_yes_to_the_claim_offered_after_an_investigation_claims_the_charge_it_found(said):
    tools = ChargesListed()
    turn = SkillTurn(f"me cobraron doble el rappi {said}", "es", tools, said=said)
    outcomes = anyio.run(account_hooks.first, turn)
    assert tools.called[-1] == "propose_actions"
    assert outcomes[-1].arguments == {"actions": [{"action": "open_payment_inquiry", "params": {"transaction_id": "T2"}}]}


@pytest.mark.parametrize(
    ("text", "period"),
    [
        ("parce, que paso con mi plata esta semana", "last_7_days"),
        ("me ayudas a entender qué pasó con mi cuenta esta semana?", "last_7_days"),
        ("o que aconteceu com meu dinheiro esse mês?", "this_month"),
        ("que ha pasado con mis cuentas este mes", "this_month"),
    ],
)
def test_what_happened_to_their_money_over_a_time_is_their_movements(text, period):
    assert skills_named(text) == ["data_lookup"]
    assert pick(text, text) == ("get_movements", {"period": period})


def test_something_that_happened_with_the_card_is_not_read_as_the_movements():
    assert "data_lookup" not in skills_named("algo raro pasó con mi tarjeta el martes")
