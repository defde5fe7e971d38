"""The web pages, rendered on the server in the customer's language; a little plain JavaScript calls the API."""

from collections.abc import Awaitable, Callable
from importlib.resources import files
from typing import Annotated

from fastapi import APIRouter, Cookie, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape

from quipu.adapters.web.texts import LANGUAGES, texts_for
from quipu.bank_data.demo_accounts import demo_sign_ins
from quipu.bank_data.statements import dispute_customers, statement_png

LANGUAGE_COOKIE = "quipu_lang"
HERE = files("quipu.adapters.web")
templates = Environment(loader=FileSystemLoader(str(HERE / "templates")), autoescape=select_autoescape(["html"]))
router = APIRouter(include_in_schema=False)
Language = Annotated[str | None, Cookie(alias=LANGUAGE_COOKIE)]


def static_files() -> StaticFiles:
    return StaticFiles(directory=str(HERE / "static"))


def browser_language(accept_language: str | None) -> str | None:
    """The first of our languages the browser asks for (`pt-BR,pt;q=0.9,en;q=0.8` → pt), by its q order."""
    ranked = []
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = params.strip()[2:] if params.strip().startswith("q=") else "1"
        try:
            ranked.append((-float(quality), position, tag.strip().lower()[:2]))
        except ValueError:
            continue
    return next((language for _, _, language in sorted(ranked) if language in LANGUAGES), None)


def page(request: Request, template: str, language: str | None, *, status: int = 200, **context) -> HTMLResponse:
    """In the language asked for (?lang=), else the one chosen before (the cookie), else the browser's."""
    chosen = request.query_params.get("lang") or language or browser_language(request.headers.get("accept-language"))
    chosen = chosen if chosen in LANGUAGES else "es"
    body = templates.get_template(template).render(lang=chosen, t=texts_for(chosen), path=request.url.path, **context)
    response = HTMLResponse(body, status_code=status, headers={"Cache-Control": "no-store"})
    if request.query_params.get("lang") in LANGUAGES:
        response.set_cookie(LANGUAGE_COOKIE, chosen, samesite="strict", max_age=365 * 86400)
    return response


def local_demo(request: Request) -> dict | None:
    return demo_sign_ins() if request.app.state.services.settings.env == "local" else None


def not_found_page(request: Request) -> HTMLResponse:
    """A wrong page address gets a page in the customer's language (the API keeps its JSON errors)."""
    return page(request, "not_found.html", request.cookies.get(LANGUAGE_COOKIE), status=404)


@router.get("/")
async def root() -> RedirectResponse:
    return RedirectResponse("/inicio", status_code=303)


@router.get("/entrar")
async def sign_in(request: Request, quipu_lang: Language = None) -> HTMLResponse:
    statements = {d.customer_id for _, d in dispute_customers()}
    return page(request, "entrar.html", quipu_lang, demo=local_demo(request), statements=statements)


@router.get("/demo/estados/{customer_id}.png")
async def demo_statement(customer_id: str, request: Request) -> Response:
    """Local mode: the drawn statement of a dispute customer, to attach in the chat."""
    image = statement_png(customer_id) if local_demo(request) else None
    if image is None:
        return Response(status_code=404)
    return Response(image, media_type="image/png", headers={"Cache-Control": "no-store"})


@router.get("/consola/entrar")
async def console_sign_in(request: Request, quipu_lang: Language = None) -> HTMLResponse:
    return page(request, "consola_entrar.html", quipu_lang, demo=local_demo(request))


# The pages that only render their template in the customer's language: (address, template, route name).
PLAIN_PAGES = (
    ("/inicio", "inicio.html", "home"),
    ("/mis-productos", "productos.html", "products"),
    ("/mis-productos/movimientos", "movimientos.html", "movements"),
    ("/chat", "chat.html", "chat"),
    ("/mis-finanzas", "finanzas.html", "finances"),
    ("/consola", "consola.html", "console"),
)


def plain_page(template: str) -> Callable[..., Awaitable[HTMLResponse]]:
    async def show(request: Request, quipu_lang: Language = None) -> HTMLResponse:
        return page(request, template, quipu_lang)

    return show


for _address, _template, _name in PLAIN_PAGES:
    router.add_api_route(_address, plain_page(_template), methods=["GET"], name=_name)
