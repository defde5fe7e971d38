"""The reading's names for the customer's products, and the records' product types they stand for."""

from quipu.domain.vocabulary import CHECKING, CREDIT_CARD, DEBIT_CARD, MORTGAGE, PERSONAL_LOAN, SAVINGS

KIND_TYPES = {
    "savings": SAVINGS,
    "checking": CHECKING,
    "credit_card": CREDIT_CARD,
    "debit_card": DEBIT_CARD,
    "loan": PERSONAL_LOAN,
    "mortgage": MORTGAGE,
}
TYPE_KINDS = {product_type: kind for kind, product_type in KIND_TYPES.items()}
CARD_KINDS = ("credit_card", "debit_card", "card")
ACCOUNT_KINDS = ("savings", "checking")  # what money is sent from
DEBT_KINDS = ("credit_card", "loan", "mortgage")


def product_type(kind: str | None) -> str | None:
    """The records' type for a kind the words named; a card or an account named without its kind is None."""
    return KIND_TYPES.get(kind or "")


def kind_of(product_type_: str | None) -> str | None:
    return TYPE_KINDS.get(product_type_ or "")
