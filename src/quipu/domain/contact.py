"""How contact details are shown back: masked, never whole."""


def mask_email(email: str | None) -> str:
    if not email or "@" not in email:
        return "—"
    local, _, domain = email.partition("@")
    return f"{local[:1]}***@{domain}"
