"""A statement image for each dispute customer, drawn by code from the same fixtures as the data (Pillow)."""

import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from quipu.bank_data.demo_customers import DEMO_CUSTOMERS, DemoCustomer

FONTS = Path("/usr/share/fonts/truetype/dejavu")
TITLE = {"es": "Estado de cuenta · Tarjeta de crédito", "pt": "Extrato · Cartão de crédito"}
CARD = {"es": "Tarjeta terminada en {last4} · Periodo junio 2026", "pt": "Cartão final {last4} · Período junho 2026"}
COLUMNS = {"es": ("Fecha", "Comercio", "Importe"), "pt": ("Data", "Estabelecimento", "Valor")}
BACKGROUND = (("02/06/2026", "Farmacia Central", "186.50"), ("05/06/2026", "Supermercado Norte", "742.10"))


def font(size: int, bold: bool = False):
    path = FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return ImageFont.truetype(str(path), size) if path.exists() else ImageFont.load_default(size)


def dispute_customers() -> list[tuple[int, DemoCustomer]]:
    return [(i, d) for i, d in enumerate(DEMO_CUSTOMERS) if d.dispute_card and d.charges]


def rows_of(demo: DemoCustomer) -> list[tuple[str, str, str]]:
    case = [(c.at.strftime("%d/%m/%Y"), c.merchant, c.amount) for c in demo.charges]
    return sorted([*BACKGROUND, *case], key=lambda r: r[0][6:] + r[0][3:5] + r[0][:2])


def draw_statement(index: int, demo: DemoCustomer) -> bytes:
    """One PNG: bank header, holder, card ending, and the charges of the period in a plain table."""
    rows = rows_of(demo)
    width, height = 1100, 300 + 48 * len(rows)
    image = Image.new("RGB", (width, height), "white")
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, width, 90), fill=(20, 36, 48))
    pen.text((40, 26), "Banco Demo quipu", font=font(34, True), fill="white")
    pen.text((40, 110), TITLE[demo.language], font=font(28, True), fill="black")
    pen.text((40, 152), f"{demo.first_name} {demo.last_name}", font=font(24), fill="black")
    pen.text((40, 188), CARD[demo.language].format(last4=f"{4100 + 111 * index:04d}"), font=font(24), fill="black")
    y = 240
    for x, label in zip((40, 260, 850), COLUMNS[demo.language], strict=True):
        pen.text((x, y), label, font=font(24, True), fill="black")
    pen.line((40, y + 36, width - 40, y + 36), fill="black", width=2)
    for date, merchant, amount in rows:
        y += 48
        pen.text((40, y), date, font=font(26), fill="black")
        pen.text((260, y), merchant, font=font(26), fill="black")
        pen.text((850, y), f"{amount} {demo.currency}", font=font(26), fill="black")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def statement_png(customer_id: str) -> bytes | None:
    for index, demo in dispute_customers():
        if demo.customer_id == customer_id:
            return draw_statement(index, demo)
    return None


def write_statements(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for index, demo in dispute_customers():
        path = folder / f"{demo.customer_id}.png"
        path.write_bytes(draw_statement(index, demo))
        written.append(path)
    return written
