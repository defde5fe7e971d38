"""Issue 31's journeys in Debian's Chromium, each on a phone (390×844) and a wide desktop (1366×900), on a bank of
this module's own: what the bank remembers (disputes, cases), what the console points at, what the pages show
just after it happened, the bank's own buttons, the phone for actions (also at 360×740), sessions, words and
formats, and quick replies. Every screen is audited with axe-core (no serious or critical violation) and shot."""

import re
from dataclasses import replace

import pytest
from browser import SMALL_PHONE, WIDE_DESKTOP, Browser, LiveServer, screenshot, serious_violations, write_index
from playwright.sync_api import expect
from test_web_e2e import PacedStoryModel, customer_signs_in, last_reply, open_chat, query, say

from quipu.service import create_app
from quipu.settings import Settings
from stack import TEST_HOME
from support import TEST_SECRET

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]
WAIT = 20_000
AT_ONCE = 1_500
VIEWPORTS = pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])


MODEL = PacedStoryModel()
ASKS_BACK = "tengo un cargo raro"  # the words the fake answers with a question offering two readings
READINGS = ["Los dos cargos de Uber del 11 de junio", "Otro cargo que no reconozco"]
ISO_DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")


class OffersReadings:
    """The chat as it is, but its answer to one set of words carries two quick replies (the reading rewrite will
    fill the field; the page's part is to draw them and send what is tapped)."""

    def __init__(self, chat):
        self.chat = chat

    async def turn(self, **turn):
        answered = await self.chat.turn(**turn)
        return replace(answered, quick_replies=READINGS) if turn.get("message") == ASKS_BACK else answered


@pytest.fixture(scope="module")
def server(bank_db):
    # every clause is also put to the (fake) model, which reads nothing: the reading stays code's, and a turn can
    # be made slow on purpose (`MODEL.pause`) to reload the page in the middle of it
    settings = Settings(home=TEST_HOME, jwt_secret=TEST_SECRET, login_rate_per_minute=500, reader="model")
    app = create_app(settings, urls=bank_db, model=MODEL)
    with LiveServer(app) as live:
        app.state.services.chat = OffersReadings(app.state.services.chat)
        yield live
    write_index()


@pytest.fixture(scope="module")
def browser():
    with Browser() as b:
        yield b


@pytest.fixture
def open_page(browser, server):
    pages = []

    def make(phone=False, **options):
        options.setdefault("viewport", None if phone else WIDE_DESKTOP)
        page = browser.page(server.url, phone=phone, **options)
        page.dialogs = []
        page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
        pages.append(page)
        return page

    yield make
    MODEL.pause = 0.0
    errors = [e for p in pages for e in p.console_errors]
    for p in pages:
        p.context.close()
    assert errors == [], errors


def look(page, name: str) -> None:
    screenshot(page, name)
    assert serious_violations(page) == [], name


def no_horizontal_overflow(page, selector: str) -> None:
    """Nothing clipped: the element fits the width it is given, and the page does not scroll sideways."""
    widths = page.locator(selector).evaluate_all("els => els.map(e => [e.scrollWidth, e.clientWidth])")
    assert all(scroll <= client + 1 for scroll, client in widths), widths
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


def ask(page, words: str, answered) -> None:
    """Says the words and waits for the reply to them (its own message, not the one before)."""
    before = page.locator('#thread [data-role="assistant"][data-message-id]').count()
    say(page, words)
    expect(page.locator('#thread [data-role="assistant"][data-message-id]')).to_have_count(before + 1, timeout=WAIT)
    expect(last_reply(page)).to_contain_text(answered)


def operator_signs_in(page, who="operadora") -> None:
    page.goto("/consola/entrar")
    page.locator(f'[data-demo-user="{who}"]').click()
    page.wait_for_url("**/consola")


# --- 5. the bank's own buttons carry what they are about ---------------------------------------------------------


@VIEWPORTS
def test_the_duplicate_alerts_button_sends_the_pair_it_shows(open_page, phone):
    page = open_page(phone)
    customer_signs_in(page, "DEMO-MX-DUPLICATE")
    page.goto("/mis-finanzas")
    alert = page.locator('#alerts li[data-kind="duplicate_charge"]').first
    expect(alert).to_contain_text("Uber Trip", timeout=WAIT)
    expect(alert).to_contain_text("09:00")  # the pair's own local time
    look(page, "j5-finanzas-alert-button")
    alert.get_by_role("link", name="Revisar este par en el chat").click()
    page.wait_for_url("**/chat**")
    asked = page.locator('#thread [data-role="customer"]').first
    expect(asked).to_contain_text("dos cargos de Uber Trip por 312.40 MXN del 11 de junio, 09:00", timeout=WAIT)
    expect(last_reply(page)).to_contain_text("4 segundos", timeout=WAIT)
    look(page, "j5-chat-the-pair")


# --- 1. a dispute is remembered -----------------------------------------------------------------------------------


@VIEWPORTS
def test_a_dispute_is_remembered_in_chat_pages_and_finances(open_page, bank_db, phone):
    customer = "DEMO-MX-DUPLICATE" if phone else "DEMO-BR-PORTUGUESE"
    words = (
        ("no reconozco estos cargos de Uber", "sí, abre la aclaración")
        if phone
        else ("não reconheço estas cobranças do iFood", "sim, abre a contestação")
    )
    page = open_page(phone)
    customer_signs_in(page, customer)
    page.goto("/chat?new=1")
    ask(page, words[0], "segundos")
    # the bank found the pair: "sí, abre la aclaración" proposes the inquiry of its second charge outright
    ask(page, words[1], re.compile("aclaración|contestação"))
    card = page.locator("[data-batch]").last
    expect(card.locator('[data-action="open_payment_inquiry"]')).to_be_visible(timeout=WAIT)
    card.get_by_role("button", name="Confirmar").click()
    expect(card.locator('[data-action="open_payment_inquiry"]')).to_have_attribute(
        "data-status", "verified", timeout=WAIT
    )
    reference = re.search(r"Q-[0-9A-F]{8}", card.inner_text()).group(0)
    look(page, "j1-chat-dispute-opened")

    ask(page, words[0], reference)  # the same charges again: the bank names the dispute instead of offering one
    expect(last_reply(page)).not_to_contain_text("puedo preparar una aclaración")
    say(page, words[1])  # and refuses a second one, saying which and since when
    refused = page.locator('[data-batch] [data-action="open_payment_inquiry"]').last
    expect(refused).to_have_attribute("data-status", "refused", timeout=WAIT)
    expect(refused).to_contain_text(reference)
    look(page, "j1-chat-second-dispute-refused")
    opened = query(
        bank_db,
        "SELECT count(*) FROM ops.disputes WHERE customer_id = %s AND status IN ('open', 'in_review')",
        customer,
    )
    assert opened[0][0] == 1

    page.goto("/mis-productos#aclaraciones")
    expect(page.locator(f'#disputes [data-reference="{reference}"]')).to_be_visible(timeout=WAIT)
    look(page, "j1-mis-aclaraciones")
    page.goto("/mis-finanzas")
    disputed = page.locator(f'#alerts li[data-disputed="{reference}"]')
    expect(disputed).to_be_visible(timeout=WAIT)
    expect(disputed.locator("a.review")).to_have_count(0)  # no invitation to review a pair already disputed
    look(page, "j1-finanzas-names-the-dispute")


# --- 2 and 3. the console points at the case's charges; a follow-up keeps its priority ---------------------------


@VIEWPORTS
def test_the_console_points_at_the_charges_under_review_and_a_follow_up_keeps_its_priority(open_page, bank_db, phone):
    customer = open_page(phone)
    customer_signs_in(customer, "DEMO-AR-FRAUD")
    customer.goto("/chat?new=1")
    say(customer, "no reconozco estos cargos de Electromax")
    expect(customer.locator("#status-line")).to_be_visible(timeout=WAIT)

    operator = open_page(phone)
    operator_signs_in(operator)
    line = operator.locator('#queue button[data-status="waiting"]', has_text="Martina")
    expect(line).to_have_count(1, timeout=WAIT)  # one line per customer's open case
    line.click()
    expect(operator.locator("#case-charges")).to_contain_text("ElectroMax", timeout=WAIT)
    operator.fill("#reply-text", "Hola Martina, reviso tus cargos.")
    operator.click("#reply")
    buttons = operator.locator("[data-inquiry]")
    expect(buttons).to_have_count(3, timeout=WAIT)
    electromax = {
        r[0]
        for r in query(
            bank_db,
            "SELECT transaction_id FROM core.transactions WHERE customer_id = 'DEMO-AR-FRAUD' "
            "AND merchant_name ILIKE 'ElectroMax%%'",
        )
    }
    assert set(buttons.evaluate_all("bs => bs.map(b => b.dataset.inquiry)")) == electromax
    labels = buttons.all_inner_texts()
    assert all("ElectroMax" in x and "ARS" in x and re.search(r"\d\d:\d\d", x) for x in labels), labels
    assert all("161.700,00 ARS" in x for x in labels), labels  # Martina's convention, as in her chat
    assert len(set(labels)) == 3, "three charges of one day are three lines"
    case_text = operator.locator("#case").inner_text()
    assert "DEMO-AR-FRAUD-" not in case_text and not ISO_DATE.search(case_text), case_text
    look(operator, "j2-console-buttons-point-at-the-charges")

    operator.click("#release")
    expect(operator.locator("#conv-status")).to_have_attribute("data-status", "bot", timeout=WAIT)
    say(customer, "quiero hablar con una persona")  # the next question after the fraud case was given back
    expect(customer.locator("#status-line")).to_be_visible(timeout=WAIT)
    operator.reload()
    again = operator.locator('#queue button[data-status="waiting"]', has_text="Martina")
    expect(again).to_have_count(1, timeout=WAIT)
    expect(again).to_have_attribute("data-priority", "High")
    expect(again.locator("[data-sla]")).to_contain_text("Quedan")
    assert int(again.locator("[data-sla]").get_attribute("data-sla")) <= 4 * 3600  # High's window, not Low's 72 h
    look(operator, "j3-console-follow-up-keeps-high")


# --- 4. pages show what just happened; 6. the phone, for actions ----------------------------------------------------


def move_money(page, amount: str) -> None:
    cards = page.locator("[data-transfer]")
    before = cards.count()
    say(page, f"Transfiere {amount} MXN de mi cuenta de ahorro a mi cuenta corriente")
    expect(cards).to_have_count(before + 1, timeout=WAIT)
    card = cards.last
    expect(card).to_contain_text(f"{amount}.00 MXN")
    expect(page.locator("#typing")).to_have_count(0, timeout=WAIT)  # the turn is over: its reply is drawn too
    # the card comes after the reply that proposed it, never above the request
    order = page.locator("#thread > li").evaluate_all(
        "items => items.map(i => i.dataset.transfer ? 'card' : (i.dataset.role || i.className))"
    )
    assert order[-1] == "card" and order[-2] == "assistant", order
    confirm = card.get_by_role("button", name="Confirmar")
    if confirm.is_disabled():
        card.get_by_role("button", name="Enviar código").click()
        use = card.get_by_role("button", name="Usar este código")
        expect(use).to_be_visible(timeout=WAIT)  # the code offered where it is typed
        use.click()
        card.get_by_role("button", name="Verificar").click()
        expect(confirm).to_be_enabled(timeout=WAIT)
    confirm.click()
    expect(card.locator(".new-balance")).to_be_visible(timeout=WAIT)
    expect(card).not_to_contain_text("UTC")
    expect(card.locator(".expiry")).to_be_hidden()  # a settled card says nothing about expiring


@pytest.mark.parametrize("viewport", ["phone", "small-phone", "desktop"])
def test_money_moved_on_a_phone_fits_and_the_pages_show_it_first(open_page, viewport):
    phone = viewport != "desktop"
    page = open_page(phone, viewport=SMALL_PHONE if viewport == "small-phone" else None)
    customer_signs_in(page, "DEMO-MX-KHIPU")
    open_chat(page)
    move_money(page, "500")
    move_money(page, "300")
    if phone:  # one scroll area: the page is the screen, the thread scrolls inside it
        assert page.evaluate("() => document.scrollingElement.scrollHeight <= window.innerHeight + 1")
        no_horizontal_overflow(page, "[data-transfer], #thread")
        page.locator("#tray-toggle").click()
        expect(page.locator("#tray")).to_be_visible()
        expect(page.locator('#outbox [data-template="transfer_receipt"]').first).to_be_visible(timeout=WAIT)
        look(page, "j6-chat-receipts-sheet")
        page.keyboard.press("Escape")
        expect(page.locator("#tray")).to_be_hidden()
    look(page, "j6-chat-money-moved")
    page.locator("nav").get_by_role("link", name="Mis productos").click()
    savings = page.locator(".product", has_text="Ahorro").first
    first_two = savings.locator(".movements li")
    expect(first_two.first).to_contain_text("300.00 MXN", timeout=WAIT)
    expect(first_two.nth(1)).to_contain_text("500.00 MXN")
    assert not ISO_DATE.search(savings.inner_text())
    look(page, "j4-mis-productos-newest-first")
    savings.locator("[data-all-movements]").click()
    page.wait_for_url("**/mis-productos/movimientos**")
    expect(page.locator("#movements li").first).to_contain_text("300.00 MXN", timeout=WAIT)
    look(page, "j4-all-movements")


# --- 7. sessions ----------------------------------------------------------------------------------------------------


@VIEWPORTS
def test_sign_out_ends_the_token_on_the_server_and_a_message_survives_a_reload(open_page, server, phone):
    page = open_page(phone)
    customer_signs_in(page, "DEMO-CO-PENDING")
    page.goto("/chat?new=1")
    # 1,990 characters, in a turn the (paced) model makes slow
    long_message = ("algo pasó con Amazon, ¿me ayudas a entenderlo? " + "Te cuento lo que vi en la app. " * 70)[:1990]
    MODEL.pause = 6.0
    say(page, long_message)
    expect(page.locator("#typing")).to_be_visible(timeout=AT_ONCE)
    page.wait_for_timeout(800)
    page.reload()  # during the slow turn
    stored = page.locator('#thread [data-role="customer"][data-message-id]').last
    expect(stored).to_contain_text(long_message[:200], timeout=WAIT)
    expect(page.locator("#awaiting-reply")).to_be_visible()
    look(page, "j7-message-kept-across-a-reload")
    MODEL.pause = 0.0
    expect(last_reply(page)).to_be_visible(timeout=30_000)  # its reply arrives in place, no reload needed
    expect(page.locator("#awaiting-reply")).to_have_count(0)

    token = page.evaluate("() => localStorage.getItem('quipu.customer.token')")
    assert page.request.get("/api/me", headers={"Authorization": f"Bearer {token}"}).status == 200
    page.locator("nav").get_by_role("button", name="Salir").click()
    page.wait_for_url("**/entrar")
    assert page.request.get("/api/me", headers={"Authorization": f"Bearer {token}"}).status == 401


# --- 8. words and formats; quick replies ----------------------------------------------------------------------------


@VIEWPORTS
def test_a_portuguese_browser_gets_entrar_in_portuguese_and_the_console_says_no_codes(open_page, phone):
    page = open_page(phone, locale="pt-BR")
    page.goto("/entrar")
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
    expect(page.locator("#password")).to_be_visible()
    expect(page.get_by_text("Senha").first).to_be_visible()
    look(page, "j8-entrar-portuguese-browser")
    supervisor = open_page(phone)
    operator_signs_in(supervisor, "supervisora")
    expect(supervisor.locator("#dash-conversations")).not_to_have_text("", timeout=WAIT)
    expect(supervisor.locator("#dash-first")).not_to_have_text("0.0 s")
    shown = supervisor.locator("main").inner_text()
    for code in ("needs human approval", "outstanding balance", "possible_fraud", "customer_asked"):
        assert code not in shown, code
    look(supervisor, "j8-dashboard-words")


@VIEWPORTS
def test_quick_replies_are_buttons_under_the_reply_that_send_their_words(open_page, phone):
    page = open_page(phone)
    customer_signs_in(page, "DEMO-MX-OWN-PURCHASE")
    page.goto("/chat?new=1")
    say(page, ASKS_BACK)
    group = page.locator(".quick-replies")
    expect(group).to_be_visible(timeout=WAIT)
    expect(group.get_by_role("button")).to_have_count(2)
    look(page, "q-quick-replies")
    first = group.get_by_role("button", name=READINGS[0])
    first.focus()
    page.keyboard.press("Enter")  # reachable and usable by keyboard
    expect(page.locator('#thread [data-role="customer"]').last).to_have_text(re.compile(READINGS[0]), timeout=WAIT)
    expect(page.locator(".quick-replies")).to_have_count(0)
    expect(last_reply(page)).to_be_visible(timeout=WAIT)


# --- 8. one number convention per screen, for each of the four locales ----------------------------------------------

MONEY = re.compile(r"(\d[\d.,]*) (MXN|COP|ARS|USD)\b")
CONVENTION = {True: re.compile(r"\d{1,3}(\.\d{3})*,\d{2}"), False: re.compile(r"\d{1,3}(,\d{3})*\.\d{2}")}
LOCALE_CUSTOMERS = {  # a customer of each locale, and words that get a reply with their amounts
    "es-MX": ("DEMO-MX-FX", "no reconozco el cargo de Best Buy", False),
    "es-CO": ("DEMO-CO-PENDING", "no reconozco el cargo de Amazon", True),
    "es-AR": ("DEMO-AR-REVERSED", "no reconozco el cargo de Mercado Libre", True),
    "pt-BR": ("DEMO-BR-PORTUGUESE", "não reconheço estas cobranças do iFood", True),
}


def one_convention(page, screen: str, comma: bool) -> int:
    """Every amount the screen shows is written the locale's way, and no date is ISO; how many amounts it had."""
    text = page.locator("main").inner_text()
    amounts = [m.group(1) for m in MONEY.finditer(text)]
    wrong = [a for a in amounts if not CONVENTION[comma].fullmatch(a)]
    assert wrong == [], (screen, wrong)
    assert not ISO_DATE.search(text), (screen, ISO_DATE.search(text).group(0))
    return len(amounts)


@pytest.mark.parametrize("locale", list(LOCALE_CUSTOMERS))
@VIEWPORTS
def test_every_page_shows_one_number_convention_for_each_locale(open_page, locale, phone):
    customer, words, comma = LOCALE_CUSTOMERS[locale]
    page = open_page(phone)
    customer_signs_in(page, customer)
    seen = one_convention(page, "inicio", comma)
    page.goto("/mis-productos")
    expect(page.locator(".product").first).to_be_visible(timeout=WAIT)
    seen += one_convention(page, "mis-productos", comma)
    page.locator("[data-all-movements]").first.click()
    expect(page.locator("#movements li").first).to_be_visible(timeout=WAIT)
    seen += one_convention(page, "movimientos", comma)
    page.goto("/mis-finanzas")
    expect(page.locator("#spend")).not_to_have_text("", timeout=WAIT)
    seen += one_convention(page, "mis-finanzas", comma)
    look(page, f"f-{locale}-mis-finanzas")
    page.goto("/chat?new=1")
    ask(page, words, MONEY)
    seen += one_convention(page, "chat", comma)
    look(page, f"f-{locale}-chat")
    assert seen >= 5, seen


# --- 9. memory across conversations (QUIPU_CHAT_MEMORY=on) ----------------------------------------------------------


@pytest.fixture(scope="module")
def remembering(bank_db):
    """The same bank served by a second process with memory on (as `quipu up` runs the demo)."""
    settings = Settings(home=TEST_HOME, jwt_secret=TEST_SECRET, login_rate_per_minute=500, chat_memory="on")
    with LiveServer(create_app(settings, urls=bank_db, model=MODEL)) as live:
        yield live


@VIEWPORTS
def test_a_new_conversation_starts_with_what_the_bank_remembers(browser, remembering, phone):
    page = browser.page(remembering.url, phone=phone, viewport=None if phone else WIDE_DESKTOP)
    customer_signs_in(page, "DEMO-MX-OWN-PURCHASE")
    page.goto("/chat?new=1")
    ask(page, "no reconozco el cargo de Liverpool", "Liverpool")  # an earlier conversation that checked a charge
    page.goto("/chat?new=1")
    ask(page, "hola", re.compile("."))
    recalled = page.locator('#thread [data-role="system"][data-message-id]').first
    expect(recalled).to_contain_text("Lo que tengo de tus conversaciones anteriores", timeout=WAIT)
    expect(recalled).to_contain_text("Liverpool")
    expect(recalled).to_contain_text("2,899.00 MXN")
    expect(recalled).not_to_contain_text("no reconozco")  # never the earlier words
    look(page, "j9-memory-summary")
    errors = list(page.console_errors)
    page.context.close()
    assert errors == [], errors
