"""quipu operator / quipu customer: sign-in accounts."""

import secrets

import typer

from quipu.adapters.cli.context import settings_of
from quipu.adapters.cli.db import start_and_prepare
from quipu.adapters.postgres.accounts_admin import add_operator, set_customer_password, unlock_customer
from quipu.adapters.postgres.connection import connect
from quipu.adapters.security.passwords import Passwords

operator_app = typer.Typer(no_args_is_help=True, help="Operator accounts.")
customer_app = typer.Typer(no_args_is_help=True, help="Customer sign-ins.")
MIN_PASSWORD = 12


def _password(given: str | None, generate: bool) -> str:
    if generate:
        return secrets.token_urlsafe(12)
    password = given or typer.prompt("password", hide_input=True, confirmation_prompt=True)
    if len(password) < MIN_PASSWORD:
        raise typer.BadParameter(f"the password needs at least {MIN_PASSWORD} characters")
    return password


@operator_app.command("add")
def operator_add(
    ctx: typer.Context,
    username: str = typer.Argument(..., help="3-64 of a-z 0-9 . _ -"),
    name: str = typer.Option(..., "--name", help="Name shown in the console."),
    role: str = typer.Option("operator", help="operator or supervisor"),
    password: str | None = typer.Option(None, help="Prompted when not given."),
    generate: bool = typer.Option(False, help="Generate a password and print it once."),
) -> None:
    """Create (or reset) an operator account."""
    if role not in ("operator", "supervisor"):
        raise typer.BadParameter("role must be operator or supervisor")
    secret = _password(password, generate)
    urls = start_and_prepare(settings_of(ctx))
    with connect(urls.admin) as conn:
        operator_id = add_operator(
            conn, Passwords(), username=username.lower(), display_name=name, role=role, password=secret
        )
    typer.echo(f"operator {username.lower()} ({role}) saved as {operator_id}")
    if generate:
        typer.echo(f"password: {secret}")


@customer_app.command("password")
def customer_password(
    ctx: typer.Context,
    customer_id: str,
    password: str | None = typer.Option(None, help="Prompted when not given."),
    generate: bool = typer.Option(False, help="Generate a password and print it once."),
) -> None:
    """Set a customer's sign-in password (stored as a salted argon2 hash)."""
    secret = _password(password, generate)
    urls = start_and_prepare(settings_of(ctx))
    with connect(urls.admin) as conn:
        set_customer_password(conn, Passwords(), customer_id, secret)
    typer.echo(f"password set for {customer_id}" + (f": {secret}" if generate else ""))


@customer_app.command("unlock")
def customer_unlock(
    ctx: typer.Context,
    customer_id: str,
    by: str = typer.Option(..., "--by", help="Who checked the customer's identity (kept with the reset)."),
) -> None:
    """Clear a customer's step-up lock (too many wrong codes) and sign-in locks, after a person checked them."""
    urls = start_and_prepare(settings_of(ctx))
    with connect(urls.admin) as conn:
        unlock_customer(conn, customer_id, by)
    typer.echo(f"step-up and sign-in locks cleared for {customer_id}")
