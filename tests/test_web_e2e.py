"""The web end to end in Debian's Chromium: what a customer and an operator see, and what the database says."""

import re

import pytest
from playwright.sync_api import expect

from browser import Browser, LiveServer, screenshot
from conftest import TEST_HOME
from quipu.adapters.http.app import create_app
from quipu.adapters.postgres.connection import connect
from quipu.settings import Settings
from story_model import StoryModel
from support import TEST_SECRET

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]
WAIT = 20_000


@pytest.fixture(scope="module")
def server(bank_db):
    settings = Settings(home=TEST_HOME, jwt_secret=TEST_SECRET, login_rate_per_minute=100)
    with LiveServer(create_app(settings, urls=bank_db, model=StoryModel())) as live:
        yield live


@pytest.fixture(scope="module")
def browser():
    with Browser() as b:
        yield b


@pytest.fixture
def open_page(browser, server):
    pages = []

    def make(**options):
        page = browser.page(server.url, **options)
        pages.append(page)
        return page

    yield make
    errors = [e for p in pages for e in p.console_errors]
    for p in pages:
        p.context.close()
    assert errors == [], errors


def customer_signs_in(page, customer_id: str) -> None:
    page.goto("/entrar")
    page.locator(f'[data-demo-user="{customer_id}"]').click()
    page.wait_for_url("**/chat")
    expect(page.locator("#message")).to_be_visible()


def say(page, text: str) -> None:
    page.fill("#message", text)
    page.click("#send")


def last_reply(page, role: str = "assistant"):
    return page.locator(f'#thread [data-role="{role}"]').last


def query(bank_db, sql: str, *params):
    with connect(bank_db.admin) as conn:
        return conn.execute(sql, params).fetchall()


def test_lucia_sees_the_duplicate_then_blocks_her_card(open_page, bank_db):
    page = open_page()
    customer_signs_in(page, "DEMO-MX-DUPLICATE")
    screenshot(page, "chat-empty")
    say(page, "no reconozco estas transacciones")
    expect(last_reply(page)).to_contain_text("4 segundos", timeout=WAIT)
    say(page, "bloquea mi tarjeta")
    card = page.locator("[data-batch]").last
    expect(card).to_contain_text("4100", timeout=WAIT)
    expect(card.get_by_role("button", name="Confirmar")).to_be_visible()
    screenshot(page, "chat-confirmation-card")
    card.get_by_role("button", name="Confirmar").click()
    expect(card.locator('[data-action="block_card"]')).to_have_attribute("data-status", "verified", timeout=WAIT)
    screenshot(page, "chat-card-verified")
    rows = query(
        bank_db, "SELECT status FROM ops.actions WHERE customer_id = %s AND action = 'block_card'", "DEMO-MX-DUPLICATE"
    )
    blocked = query(bank_db, "SELECT count(*) FROM ops.card_actions WHERE product_id = 'DEMO-MX-DUPLICATE-CARD'")
    assert [r[0] for r in rows] == ["verified"] and blocked[0][0] >= 1


def test_lucia_sees_her_finances_with_the_duplicate_alert(open_page):
    page = open_page(phone=True)
    customer_signs_in(page, "DEMO-MX-DUPLICATE")
    page.goto("/mis-finanzas")
    expect(page.locator("#alerts li").first).to_contain_text("4 s", timeout=WAIT)
    expect(page.locator("#spend")).to_contain_text("MXN")
    screenshot(page, "mis-finanzas-phone")


def test_martina_reaches_a_person_and_gets_the_chat_back(open_page, bank_db):
    customer = open_page()
    customer_signs_in(customer, "DEMO-AR-FRAUD")
    say(customer, "no reconozco estos cargos de Electromax")
    expect(customer.locator("#status-line")).to_be_visible(timeout=WAIT)

    operator = open_page()
    operator.goto("/consola/entrar")
    operator.locator('[data-demo-user="operadora"]').click()
    operator.wait_for_url("**/consola")
    first = operator.locator("#queue button").first
    expect(first).to_contain_text("Martina", timeout=WAIT)
    expect(first).to_have_attribute("data-status", "waiting")
    expect(first).to_contain_text("High")
    first.click()
    expect(operator.locator("#case-priority")).to_have_text("High", timeout=WAIT)
    screenshot(operator, "consola-case-file")
    operator.fill("#reply-text", "Hola Martina, soy Olga del banco. Ya bloqueamos la revisión de esos cargos.")
    operator.click("#reply")
    expect(operator.locator("[data-taken-over]")).to_be_visible(timeout=WAIT)

    expect(last_reply(customer, "operator")).to_contain_text("soy Olga", timeout=WAIT)
    screenshot(customer, "chat-operator-reply")
    operator.click("#release")
    expect(operator.locator("#conv-status")).to_have_attribute("data-status", "bot", timeout=WAIT)
    expect(last_reply(customer, "system")).to_be_visible(timeout=WAIT)
    assert query(bank_db, "SELECT status FROM ops.conversations WHERE customer_id = 'DEMO-AR-FRAUD'") == [("bot",)]
    assert query(bank_db, "SELECT priority, status FROM ops.handoff_cases WHERE customer_id = 'DEMO-AR-FRAUD'") == [
        ("High", "closed")
    ]


def test_the_supervisor_sees_live_figures(open_page):
    page = open_page()
    page.goto("/consola/entrar")
    page.locator('[data-demo-user="supervisora"]').click()
    page.wait_for_url("**/consola")
    expect(page.locator("#dashboard")).to_be_visible(timeout=WAIT)
    expect(page.locator("#dash-conversations")).not_to_have_text("")
    screenshot(page, "consola-supervisor")


def test_valeria_moves_300_between_her_accounts_once(open_page, bank_db):
    balances = (
        "SELECT product_id, current_balance FROM core.products WHERE customer_id = 'DEMO-MX-KHIPU' ORDER BY product_id"
    )
    before = dict(query(bank_db, balances))
    page = open_page()
    customer_signs_in(page, "DEMO-MX-KHIPU")
    say(page, "Transfiere 300 MXN de mi cuenta de ahorro a mi cuenta corriente")
    card = page.locator("[data-transfer]").last
    expect(card).to_contain_text("300", timeout=WAIT)
    confirm = card.get_by_role("button", name="Confirmar")
    expect(confirm).to_be_disabled()
    card.get_by_role("button", name="Enviar código").click()
    mail = page.locator('#outbox [data-template="step_up_code"]').first
    expect(mail).to_be_visible(timeout=WAIT)
    code = re.search(r"\b(\d{6})\b", mail.inner_text()).group(1)
    card.locator("#step-up-code").fill(code)
    card.get_by_role("button", name="Verificar").click()
    expect(confirm).to_be_enabled(timeout=WAIT)
    screenshot(page, "chat-transfer-card")
    confirm.click()
    expect(card.locator("#new-balance")).to_be_visible(timeout=WAIT)
    expect(card).to_contain_text("Referencia: K-")  # the receipt reads as code's sentences, not [object Object]
    expect(card).not_to_contain_text("[object Object]")
    confirm.click(force=True)
    page.wait_for_timeout(500)
    screenshot(page, "chat-transfer-done")
    after = dict(query(bank_db, balances))
    changed = {k: after[k] - before[k] for k in before if after[k] != before[k]}
    assert sorted(changed.values()) == [-300, 300]
    executed = query(
        bank_db, "SELECT count(*) FROM ops.transfers WHERE customer_id = 'DEMO-MX-KHIPU' AND status = 'executed'"
    )
    assert executed == [(1,)]
    origin = next(k for k, v in changed.items() if v < 0)
    assert re.sub(r"\D", "", card.locator("#new-balance").inner_text()) == re.sub(r"\D", "", f"{after[origin]:.2f}")


def test_ana_is_answered_in_portuguese_end_to_end(open_page):
    page = open_page()
    customer_signs_in(page, "DEMO-BR-PORTUGUESE")
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
    expect(page.locator("#send")).to_have_text("Enviar")
    expect(page.get_by_role("link", name="Minhas finanças")).to_be_visible()
    say(page, "Não reconheço estas cobranças do iFood")
    expect(last_reply(page)).to_contain_text("6 segundos", timeout=WAIT)
    expect(last_reply(page)).to_contain_text("duplicada")
    screenshot(page, "chat-portuguese")
    page.goto("/mis-finanzas")
    expect(page.locator("h1")).to_have_text("Minhas finanças")
    expect(page.locator("#spend")).to_contain_text("USD", timeout=WAIT)
    screenshot(page, "mis-finanzas-portuguese")


def test_lucia_attaches_her_statement_and_sees_the_duplicate(open_page, tmp_path):
    from quipu.adapters.dataset.statements import statement_png

    photo = tmp_path / "estado-de-cuenta.png"
    photo.write_bytes(statement_png("DEMO-MX-DUPLICATE"))
    page = open_page(phone=True)
    customer_signs_in(page, "DEMO-MX-DUPLICATE")
    page.click("#new-chat")
    page.set_input_files("#photo", str(photo))
    expect(page.locator("#photo-name")).to_contain_text("estado-de-cuenta.png")
    say(page, "no reconozco estas transacciones")
    expect(last_reply(page)).to_contain_text("4 segundos", timeout=WAIT)
    expect(last_reply(page, "customer")).to_contain_text("[foto]")
    expect(page.locator("#photo-name")).to_be_hidden()
    screenshot(page, "chat-statement-photo-phone")


def test_the_microphone_and_read_aloud_work_against_the_speech_endpoints(browser, server, tmp_path):
    """Chromium's fake microphone plays a recording of espeak-ng saying the request; Whisper writes it."""
    import asyncio
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
        page.click("#mic")
        expect(page.locator("#mic")).to_have_attribute("aria-pressed", "true")
        page.wait_for_timeout(3500)
        with page.expect_response("**/api/speech/transcribe**", timeout=WAIT) as heard:
            page.click("#mic")
        assert heard.value.status == 200, heard.value.text()
        expect(page.locator("#message")).to_have_value(re.compile("tarjeta", re.IGNORECASE), timeout=WAIT)
        say(page, "no reconozco estas transacciones")
        expect(last_reply(page)).to_contain_text("4 segundos", timeout=WAIT)
        with page.expect_response("**/api/speech/synthesize", timeout=WAIT) as spoken:
            last_reply(page).get_by_role("button", name="Leer en voz alta").click()
        assert spoken.value.status == 200 and spoken.value.headers["content-type"] == "audio/wav"
        screenshot(page, "chat-voice")
        errors = list(page.console_errors)
        page.context.close()
    assert errors == [], errors
