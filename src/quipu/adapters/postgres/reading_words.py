"""What the reading matches the customer's words against: their own merchants (of the last months), their
products (kind, ending, account number, currency) and the accounts they have sent money to. One round trip."""

from quipu.adapters.postgres.connection import PoolStore
from quipu.application.understanding.understanding import CustomerWords
from quipu.domain.dataset import AS_OF
from quipu.domain.reading.model import OwnProduct
from quipu.domain.reading.products import kind_of

MERCHANT_DAYS = 180
MAX_MERCHANTS = 300
WORDS = """
SELECT (SELECT country FROM core.customers WHERE customer_id = %(c)s),
       ARRAY(SELECT DISTINCT merchant_name FROM core.transactions
             WHERE customer_id = %(c)s AND merchant_name IS NOT NULL
               AND transaction_date >= %(since)s::date LIMIT %(most)s),
       ARRAY(SELECT ARRAY[product_type, coalesce(product_number_last4, ''), coalesce(account_number, ''),
                          coalesce(currency, '')]
             FROM core.products WHERE customer_id = %(c)s ORDER BY product_id),
       ARRAY(SELECT DISTINCT p.account_number FROM ops.transfers t
             JOIN core.products p ON p.product_id = t.destination_product_id
             WHERE t.customer_id = %(c)s AND t.kind = 'third_party' AND t.status = 'executed'
               AND p.account_number IS NOT NULL)
"""


class PgReadingWords(PoolStore):
    async def words_of(self, customer_id: str) -> CustomerWords:
        since = AS_OF.toordinal() - MERCHANT_DAYS
        row = await self.fetch_one(
            WORDS,
            {"c": customer_id, "since": AS_OF.fromordinal(since).isoformat(), "most": MAX_MERCHANTS},
        )
        if row is None:
            return CustomerWords()
        country, merchants, products, payees = row
        owned = tuple(
            OwnProduct(kind_of(kind) or "other", last4 or None, number or None, currency or None)
            for kind, last4, number, currency in products or []
        )
        return CustomerWords(country, tuple(sorted(merchants or [])), owned, tuple(payees or ()))
