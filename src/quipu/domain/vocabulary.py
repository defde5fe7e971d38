"""Closed vocabularies of the bank's records, as they appear in the data."""

PRODUCT_TYPES = (
    "Cuenta Ahorro",
    "Cuenta Corriente",
    "Tarjeta Crédito",
    "Tarjeta Débito",
    "Préstamo Personal",
    "Préstamo Hipotecario",
    "Inversión",
    "Seguro",
)
ACCOUNT_TYPES = ("Cuenta Ahorro", "Cuenta Corriente")
LOAN_TYPES = ("Préstamo Personal", "Préstamo Hipotecario")
DEBT_TYPES = ("Tarjeta Crédito", *LOAN_TYPES)
CARD_TYPES = ("Tarjeta Crédito", "Tarjeta Débito")

PRODUCT_STATUSES = ("Active", "Blocked", "Closed", "Suspended")
TRANSACTION_TYPES = ("Purchase", "Payment", "Transfer", "Deposit", "Withdrawal", "Adjustment")
CATEGORIES = ("Food", "Transport", "Services", "Entertainment", "Health", "Other")
CHANNELS = ("POS", "App", "Web", "ATM", "Branch", "Transfer")
TRANSACTION_STATUSES = ("Approved", "Declined", "Pending", "Reversed")
CURRENCIES = ("MXN", "COP", "ARS", "USD")
COUNTRIES = ("México", "Colombia", "Argentina", "Brazil")
SEGMENTS = ("Premium", "Plus", "Basic", "Student")
CUSTOMER_STATUSES = ("Active", "Inactive", "Suspended", "Closed")
LANGUAGES = ("es", "pt")

COMPLAINT_CASE_TYPES = ("Complaint", "Claim", "Request", "Suggestion")
COMPLAINT_CATEGORIES = ("Branch", "Fees", "Service", "Technical", "Transactions")
COMPLAINT_SUBCATEGORIES = (
    "Cargo no reconocido",
    "Cobro indebido",
    "Problema con app",
    "Atención en sucursal",
    "Calidad de servicio",
)
COMPLAINT_CHANNELS = ("App", "Branch", "Call Center", "Email", "Regulator", "Web")
COMPLAINT_PRIORITIES = ("Low", "Medium", "High", "Critical")
COMPLAINT_STATUSES = ("Open", "In Process", "Escalated", "Resolved", "Closed", "Rejected")
OPEN_COMPLAINT_STATUSES = ("Open", "In Process", "Escalated")

TYPICAL_TICKET = {"MXN": 450, "COP": 95_000, "ARS": 28_000, "USD": 35}
MINIMUM_PAYMENT_FLOOR = {"USD": 25, "MXN": 500, "COP": 100_000, "ARS": 25_000}
