"""The web end to end in Debian's Chromium, on a phone (390×844) and a desktop: what a customer and an operator
see, what the database says, and an axe-core audit of every page (no serious or critical violation)."""

import asyncio
import re

import pytest
from browser import Browser, LiveServer, clear_screenshots, screenshot, serious_violations, write_index
from playwright.sync_api import expect

from quipu.adapters.postgres.connection import connect
from quipu.service import create_app
from quipu.settings import Settings
from stack import TEST_HOME
from story_model import StoryModel
from support import TEST_SECRET

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]
WAIT = 20_000
AT_ONCE = 1_500
VIEWPORTS = pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])


class PacedStoryModel(StoryModel):
    """The story model, made to think for `pause` seconds per call, so the waiting can be seen."""

    pause = 0.0

    async def complete(self, **call):
        await asyncio.sleep(self.pause)
        return await super().complete(**call)


MODEL = PacedStoryModel()


@pytest.fixture(scope="module")
def server(bank_db):
    settings = Settings(home=TEST_HOME, jwt_secret=TEST_SECRET, login_rate_per_minute=200)
    clear_screenshots()
    with LiveServer(create_app(settings, urls=bank_db, model=MODEL)) as live:
        yield live
    write_index()


@pytest.fixture(scope="module")
def browser():
    with Browser() as b:
        yield b


@pytest.fixture
def open_page(browser, server):
    pages = []

    def make(**options):
        page = browser.page(server.url, **options)
        page.dialogs = []
        page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
        pages.append(page)
        return page

    yield make
    MODEL.pause = 0.0
    errors = [e for p in pages for e in p.console_errors]
    dialogs = [d for p in pages for d in p.dialogs]
    for p in pages:
        p.context.close()
    assert errors == [], errors
    assert dialogs == [], "the pages say things in the page, never in alert()"


def look(page, name: str) -> None:
    """A screenshot, and the accessibility audit of the page as it is now."""
    screenshot(page, name)
    assert serious_violations(page) == [], name


def customer_signs_in(page, customer_id: str) -> None:
    page.goto("/entrar")
    page.locator(f'[data-demo-user="{customer_id}"]').click()
    page.wait_for_url("**/inicio")
    expect(page.locator("#balances li").first).to_be_visible(timeout=WAIT)


def open_chat(page) -> None:
    page.locator("nav").get_by_role("link", name="Chat").click()
    page.wait_for_url("**/chat**")
    expect(page.locator("#message")).to_be_enabled()


def say(page, text: str) -> None:
    page.fill("#message", text)
    page.click("#send")


def last_reply(page, role: str = "assistant"):
    return page.locator(f'#thread [data-role="{role}"][data-message-id]').last


def query(bank_db, sql: str, *params):
    with connect(bank_db.admin) as conn:
        return conn.execute(sql, params).fetchall()


def unblock_cards(bank_db, customer_id: str) -> None:
    """Each viewport's journey starts from an active card."""
    with connect(bank_db.admin) as conn:
        conn.execute("DELETE FROM ops.card_actions WHERE customer_id = %s", (customer_id,))
        conn.commit()


@VIEWPORTS
def test_lucia_sees_the_duplicate_blocks_her_card_and_keeps_the_receipt(open_page, bank_db, phone):
    unblock_cards(bank_db, "DEMO-MX-DUPLICATE")
    page = open_page(phone=phone)
    customer_signs_in(page, "DEMO-MX-DUPLICATE")
    expect(page.locator("#greeting")).to_have_text("Hola, Lucía")
    look(page, "inicio")
    open_chat(page)
    look(page, "chat-empty")
    say(page, "no reconozco estos 2 cargos de Uber")
    expect(page.locator('#thread [data-role="customer"]').last).to_contain_text("no reconozco", timeout=AT_ONCE)
    expect(page.locator("#message")).to_have_value("")
    typing = page.locator("#typing")
    expect(typing).to_be_visible(timeout=AT_ONCE)
    # the step the turn is at (code reads these words in milliseconds, so any of them may be the one seen)
    expect(typing).to_have_attribute("data-step", re.compile("understanding|looking_up|writing"), timeout=WAIT)
    look(page, "chat-typing")
    expect(last_reply(page)).to_contain_text("4 segundos", timeout=WAIT)
    expect(typing).to_have_count(0)
    MODEL.pause = 0.0
    say(page, "bloquea mi tarjeta")
    card = page.locator("[data-batch]").last
    expect(card).to_contain_text("4100", timeout=WAIT)
    look(page, "chat-confirmation-card")
    card.get_by_role("button", name="Confirmar").click()
    expect(card.locator('[data-action="block_card"]')).to_have_attribute("data-status", "verified", timeout=WAIT)
    receipt = page.locator('#outbox [data-template="action_receipt"]').first
    expect(receipt).to_contain_text("Comprobante", timeout=WAIT)
    expect(receipt).to_contain_text("4100")
    look(page, "chat-card-verified-and-receipt")
    page.locator("nav").get_by_role("link", name="Mis finanzas").click()
    page.wait_for_url("**/mis-finanzas")
    page.go_back()
    redrawn = page.locator('[data-batch] [data-action="block_card"]').last
    expect(redrawn).to_have_attribute("data-status", "verified", timeout=WAIT)
    look(page, "chat-card-redrawn-after-navigation")
    page.locator("nav").get_by_role("link", name="Mis productos").click()
    expect(page.locator('[data-product="DEMO-MX-DUPLICATE-CARD"]')).to_contain_text("Bloqueada", timeout=WAIT)
    look(page, "mis-productos")
    assert (
        query(
            bank_db,
            "SELECT count(*) FROM ops.outbox o JOIN ops.actions a ON a.customer_id = o.customer_id "
            "WHERE o.customer_id = 'DEMO-MX-DUPLICATE' AND o.template = 'action_receipt' AND a.action = 'block_card' "
            "AND a.status = 'verified' AND o.created_at >= a.finished_at",
        )[0][0]
        >= 1
    )


@VIEWPORTS
def test_lucia_sees_her_finances_with_months_values_and_a_way_to_ask(open_page, phone):
    page = open_page(phone=phone)
    customer_signs_in(page, "DEMO-MX-DUPLICATE")
    page.goto("/mis-finanzas")
    expect(page.locator("#alerts li").first).to_contain_text("4 s", timeout=WAIT)
    expect(page.locator("#spend")).to_contain_text("MXN")
    labels = page.locator(".bar-col span").all_inner_texts()
    assert labels and all(re.fullmatch(r"(ene|feb|mar|abr|may|jun|jul|ago|sept|oct|nov|dic) \d{4}", x) for x in labels)
    assert all(v.strip() for v in page.locator(".bar-value").all_inner_texts())
    expect(page.locator("#note-tip")).not_to_contain_text("(s)")
    look(page, "mis-finanzas")
    page.get_by_role("link", name="Revisar este par en el chat").first.click()
    page.wait_for_url("**/chat**")
    expect(page.locator('#thread [data-role="customer"]').first).to_contain_text("dos cargos de", timeout=WAIT)
    expect(last_reply(page)).to_be_visible(timeout=WAIT)


@VIEWPORTS
def test_martina_reaches_a_person_who_sees_her_first_with_the_facts(open_page, bank_db, phone):
    unblock_cards(bank_db, "DEMO-AR-FRAUD")
    asks = open_page(phone=phone)
    customer_signs_in(asks, "DEMO-CO-AMBIGUOUS")
    open_chat(asks)
    say(asks, "quiero hablar con una persona")
    expect(asks.locator("#status-line")).to_be_visible(timeout=WAIT)

    customer = open_page(phone=phone)
    customer_signs_in(customer, "DEMO-AR-FRAUD")
    open_chat(customer)
    say(customer, "no reconozco estos cargos de Electromax")
    expect(customer.locator("#status-line")).to_be_visible(timeout=WAIT)
    look(customer, "chat-handed-off")

    operator = open_page(phone=phone)
    operator.goto("/consola/entrar")
    look(operator, "consola-entrar")
    operator.locator('[data-demo-user="operadora"]').click()
    operator.wait_for_url("**/consola")
    waiting = operator.locator('#queue button[data-status="waiting"]')
    expect(waiting.first).to_contain_text("Martina", timeout=WAIT)
    expect(waiting.first).to_contain_text("Alta")
    expect(waiting.first.locator("[data-sla]")).to_contain_text("Quedan")
    ranks = {"High": 0, "Medium": 1, "Low": 2, "": 3}
    order = [ranks[p] for p in waiting.evaluate_all("bs => bs.map(b => b.dataset.priority)")]
    assert order == sorted(order) and order[-1] == 2, order
    look(operator, "consola-queue-by-priority")

    operator.locator('#queue button[data-status="waiting"]', has_text="Camilo").first.click()
    expect(operator.locator("#case-asked")).to_contain_text("quiero hablar con una persona", timeout=WAIT)
    expect(operator.locator("#case-priority")).to_have_text("Baja")
    waiting.first.click()
    expect(operator.locator("#case-priority")).to_have_text("Alta", timeout=WAIT)
    expect(operator.locator("#case-asked")).to_contain_text("Electromax")
    expect(operator.locator("#case-charges")).to_contain_text("posible fraude")
    # the merchant's name is the records' text, in its own quoted element, never the bank's words
    expect(operator.locator('#case-charges q.records[data-source="records"]').first).to_contain_text("ElectroMax")
    expect(operator.locator("#conv-thread [data-role=customer] .who").first).to_contain_text("Cliente")
    if phone:
        box = operator.locator("#conversation-card").bounding_box()
        assert box["y"] < 844, "the chosen case opens on screen, not below the list"
    look(operator, "consola-case-file")
    operator.fill("#reply-text", "Hola Martina, soy Olga del banco. Reviso esos cargos contigo.")
    operator.click("#reply")
    expect(operator.locator("[data-taken-over]")).to_be_visible(timeout=WAIT)
    expect(last_reply(customer, "operator")).to_contain_text("soy Olga", timeout=WAIT)
    look(customer, "chat-operator-reply")
    block = operator.locator("[data-block]").first
    expect(block).to_be_visible(timeout=WAIT)
    block.click()
    expect(operator.locator("#act-result")).to_have_attribute("data-status", "verified", timeout=WAIT)
    look(operator, "consola-operator-blocked-a-card")
    operator.click("#release")
    expect(operator.locator("#conv-status")).to_have_attribute("data-status", "bot", timeout=WAIT)
    expect(last_reply(customer, "system")).to_be_visible(timeout=WAIT)
    actors = query(
        bank_db,
        "SELECT count(*) FROM ops.decision_log WHERE customer_id = 'DEMO-AR-FRAUD' "
        "AND tool = 'operator_action:block_card' AND verified",
    )
    assert actors[0][0] >= 1
    assert query(bank_db, "SELECT count(*) FROM ops.thread_reads")[0][0] >= 2


@VIEWPORTS
def test_the_supervisor_sees_live_figures(open_page, phone):
    page = open_page(phone=phone)
    page.goto("/consola/entrar")
    page.locator('[data-demo-user="supervisora"]').click()
    page.wait_for_url("**/consola")
    expect(page.locator("#dashboard")).to_be_visible(timeout=WAIT)
    expect(page.locator("#dash-conversations")).not_to_have_text("")
    expect(page.locator("#operator-name")).to_contain_text("Supervisor/a")
    look(page, "consola-supervisor")


@VIEWPORTS
def test_valeria_moves_300_between_her_accounts_once(open_page, bank_db, phone):
    balances = (
        "SELECT product_id, current_balance FROM core.products WHERE customer_id = 'DEMO-MX-KHIPU' ORDER BY product_id"
    )
    before = dict(query(bank_db, balances))
    page = open_page(phone=phone)
    customer_signs_in(page, "DEMO-MX-KHIPU")
    open_chat(page)
    say(page, "Transfiere 300 MXN de mi cuenta de ahorro a mi cuenta corriente")
    card = page.locator("[data-transfer]").last
    expect(card).to_contain_text("300", timeout=WAIT)
    confirm = card.get_by_role("button", name="Confirmar")
    expect(confirm).to_be_disabled()
    codes = page.locator('#outbox [data-template="step_up_code"]')
    expect(page.locator("#outbox li").first).to_be_attached(timeout=WAIT)  # on a phone the tray is a closed sheet
    earlier = codes.count()
    card.get_by_role("button", name="Enviar código").click()
    expect(codes).to_have_count(earlier + 1, timeout=WAIT)
    mail = codes.first
    code = re.search(r"\b(\d{6})\b", mail.inner_text()).group(1)
    card.locator(".step-up-code").fill(code)
    card.get_by_role("button", name="Verificar").click()
    expect(confirm).to_be_enabled(timeout=WAIT)
    look(page, "chat-transfer-card")
    confirm.click()
    expect(card.locator(".new-balance")).to_be_visible(timeout=WAIT)
    expect(card).to_contain_text("Referencia: K-")  # the receipt reads as code's sentences, not [object Object]
    expect(card).not_to_contain_text("[object Object]")
    expect(page.locator('#outbox [data-template="transfer_receipt"]').first).to_be_attached(timeout=WAIT)
    look(page, "chat-transfer-done")
    after = dict(query(bank_db, balances))
    changed = {k: after[k] - before[k] for k in before if after[k] != before[k]}
    assert sorted(changed.values()) == [-300, 300]
    origin = next(k for k, v in changed.items() if v < 0)
    assert re.sub(r"\D", "", card.locator(".new-balance").inner_text()) == re.sub(r"\D", "", f"{after[origin]:.2f}")
    page.reload()
    redrawn = page.locator("[data-transfer]").last
    expect(redrawn).to_have_attribute("data-status", "executed", timeout=WAIT)
    expect(redrawn.locator(".new-balance")).to_be_visible()


@VIEWPORTS
def test_ana_is_answered_and_shown_everything_in_portuguese(open_page, phone):
    page = open_page(phone=phone)
    customer_signs_in(page, "DEMO-BR-PORTUGUESE")
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
    expect(page.locator("#greeting")).to_contain_text("Olá, Ana")
    look(page, "inicio-portuguese")
    page.locator("nav").get_by_role("link", name="Chat").click()
    expect(page.locator("#send")).to_have_text("Enviar")
    say(page, "Não reconheço estas cobranças do iFood")
    expect(last_reply(page)).to_contain_text("6 segundos", timeout=WAIT)
    expect(last_reply(page)).to_contain_text("duplicada")
    look(page, "chat-portuguese")
    page.locator("nav").get_by_role("link", name="Minhas finanças").click()
    expect(page.locator("h1")).to_have_text("Minhas finanças")
    expect(page.locator("#spend")).to_contain_text(re.compile(r"\d,\d\d USD"), timeout=WAIT)  # Brazil's convention
    legend = page.locator("#legend li").all_inner_texts()
    assert sum(1 for item in legend if item.startswith("Outros")) <= 1, legend
    labels = page.locator(".bar-col span").all_inner_texts()
    assert all(re.fullmatch(r"(jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez) \d{4}", x) for x in labels), labels
    look(page, "mis-finanzas-portuguese")
    page.locator("nav").get_by_role("link", name="Meus produtos").click()
    expect(page.locator(".product").first).to_be_visible(timeout=WAIT)
    look(page, "mis-productos-portuguese")


@VIEWPORTS
def test_sign_in_says_which_field_is_missing_and_a_wrong_address_is_a_page(open_page, phone):
    page = open_page(phone=phone)
    page.goto("/entrar")
    expect(page.locator(".demo small").first).not_to_contain_text("duplicate")
    page.get_by_role("button", name="Entrar").click()
    expect(page.locator("#sign-in-error")).to_have_text("Escribe tu número de cliente o correo.")
    page.fill("#user", "DEMO-MX-DUPLICATE")
    page.get_by_role("button", name="Entrar").click()
    expect(page.locator("#sign-in-error")).to_have_text("Escribe tu contraseña.")
    look(page, "entrar")
    response = page.goto("/no-existe")
    assert response.status == 404 and "text/html" in response.headers["content-type"]
    page.console_errors[:] = [e for e in page.console_errors if "404" not in e]  # the expected one
    expect(page.locator("h1")).to_have_text("No encontramos esta página")
    look(page, "not-found")
    api = page.request.get("/api/no-existe")
    assert api.status == 404 and api.json()["error"] == "not_found"


def test_the_session_holds_across_tabs_and_its_end_is_said_in_the_page(open_page):
    page = open_page()
    customer_signs_in(page, "DEMO-MX-OWN-PURCHASE")
    other = page.context.new_page()
    other.goto("/mis-finanzas")
    expect(other.locator("h1")).to_have_text("Mis finanzas")
    assert "/entrar" not in other.url
    other.evaluate("() => localStorage.setItem('quipu.customer.token', 'not-a-token')")
    other.goto("/mis-productos")
    notice = other.locator("#session-notice")
    expect(notice).to_be_visible(timeout=WAIT)
    expect(notice).to_contain_text("Tu sesión venció")
    expect(notice.get_by_role("link", name="Entrar de nuevo")).to_be_visible()
    look(other, "session-expired")
    other.close()


@pytest.fixture
def slow_page(browser, bank_db):
    """A server of its own where a clause the learned reader doubts is put to the (fake, paced) model, which reads
    nothing: the reading stays code's, and the turn is as slow as `MODEL.pause`."""
    settings = Settings(home=TEST_HOME, jwt_secret=TEST_SECRET, login_rate_per_minute=200, reader="learned+model")
    with LiveServer(create_app(settings, urls=bank_db, model=MODEL)) as live:
        page = browser.page(live.url)
        yield page
        MODEL.pause = 0.0
        errors = page.console_errors
        page.context.close()
    assert errors == [], errors


def test_a_slow_answer_says_so_after_10_seconds_and_can_be_cancelled_honestly(slow_page):
    page = slow_page
    customer_signs_in(page, "DEMO-CO-PENDING")
    open_chat(page)
    MODEL.pause = 12.0  # words the learned reader doubts ("¿me ayudas a entenderlo?"): the model takes its time
    say(page, "algo pasó con Amazon, ¿me ayudas a entenderlo?")
    expect(page.locator("#typing .slow")).to_be_visible(timeout=15_000)
    look(page, "chat-slow-notice")
    page.click("#cancel-wait")
    expect(page.locator("#cancelled-note")).to_be_visible(timeout=AT_ONCE)
    expect(page.locator("#typing")).to_have_count(0)
    MODEL.pause = 0.0
    page.wait_for_timeout(12_000)  # the server finishes the turn it started
    page.reload()
    expect(last_reply(page)).to_be_visible(timeout=WAIT)
    expect(page.locator('#thread [data-role="customer"]').last).to_contain_text("Amazon")


def test_lucia_attaches_her_statement_and_sees_its_thumbnail_for_the_session(open_page, tmp_path):
    from quipu.bank_data.statements import statement_png

    photo = tmp_path / "estado-de-cuenta.png"
    photo.write_bytes(statement_png("DEMO-MX-DUPLICATE"))
    page = open_page(phone=True)
    customer_signs_in(page, "DEMO-MX-DUPLICATE")
    page.goto("/chat?new=1")
    page.set_input_files("#photo", str(photo))
    expect(page.locator("#photo-name")).to_contain_text("estado-de-cuenta.png")
    say(page, "no reconozco estos cargos de Uber")
    expect(last_reply(page)).to_contain_text("4 segundos", timeout=WAIT)
    expect(last_reply(page, "customer").locator("img.thumb")).to_be_visible()
    expect(page.locator("#photo-name")).to_be_hidden()
    look(page, "chat-statement-photo")


def test_the_microphone_and_read_aloud_work_against_the_speech_endpoints(browser, server, tmp_path):
    """Chromium's fake microphone plays a recording of espeak-ng saying the request; Whisper writes it."""
    from concurrent.futures import ThreadPoolExecutor

    from quipu.adapters.speech.espeak import EspeakSynthesizer

    speak = EspeakSynthesizer().synthesize("Quiero bloquear mi tarjeta", "es")
    with ThreadPoolExecutor(1) as thread:  # Playwright's sync API owns this thread's event loop
        wav = thread.submit(asyncio.run, speak).result()
    recording = tmp_path / "voz.wav"
    recording.write_bytes(wav)
    fake_microphone = (
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-audio-capture={recording}",
    )
    with browser.another(*fake_microphone) as with_microphone:
        page = with_microphone.page(server.url, microphone=True)
        customer_signs_in(page, "DEMO-MX-DUPLICATE")
        page.goto("/chat?new=1")
        page.click("#mic")
        expect(page.locator("#mic")).to_have_attribute("aria-pressed", "true")
        page.wait_for_timeout(3500)
        with page.expect_response("**/api/speech/transcribe**", timeout=WAIT) as heard:
            page.click("#mic")
        assert heard.value.status == 200, heard.value.text()
        expect(page.locator("#message")).to_have_value(re.compile("tarjeta", re.IGNORECASE), timeout=WAIT)
        say(page, "no reconozco estos cargos de Uber")
        expect(last_reply(page)).to_contain_text("4 segundos", timeout=WAIT)
        with page.expect_response("**/api/speech/synthesize", timeout=WAIT) as spoken:
            last_reply(page).get_by_role("button", name="Leer en voz alta").click()
        assert spoken.value.status == 200 and spoken.value.headers["content-type"] == "audio/wav"
        screenshot(page, "chat-voice")
        errors = list(page.console_errors)
        page.context.close()
    assert errors == [], errors
