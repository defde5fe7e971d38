-- The bank's records. Run with search_path set to the target schema (core or core_staging):
-- every name below is unqualified, so the same text builds the live schema and the staging copy.

CREATE TABLE customers (
    customer_id          text PRIMARY KEY,
    document_type        text,
    document_number      text,
    first_name           text,
    last_name            text,
    date_of_birth        date,
    email                text,
    mobile_phone         text,
    city                 text,
    country              text NOT NULL CHECK (country IN ('México', 'Colombia', 'Argentina', 'Brazil')),
    detected_accent      text,
    preferred_language   text NOT NULL DEFAULT 'es' CHECK (preferred_language IN ('es', 'pt')),
    segment              text CHECK (segment IN ('Premium', 'Plus', 'Basic', 'Student')),
    customer_status      text CHECK (customer_status IN ('Active', 'Inactive', 'Suspended', 'Closed')),
    registration_date    date,
    is_synthetic_fixture boolean NOT NULL DEFAULT false
);
CREATE INDEX customers_email_idx ON customers (lower(email));
COMMENT ON TABLE customers IS 'Bank customers. Provenance: organizer-shaped synthetic data; demo customers are team-made fixtures (is_synthetic_fixture).';
COMMENT ON COLUMN customers.country IS 'México, Colombia or Argentina; Brazil only for team-made fixtures.';
COMMENT ON COLUMN customers.preferred_language IS 'es or pt; a team assumption, es for every organizer row.';
COMMENT ON COLUMN customers.segment IS 'Premium, Plus, Basic or Student.';
COMMENT ON COLUMN customers.customer_status IS 'Active, Inactive, Suspended or Closed.';

CREATE TABLE products (
    product_id           text PRIMARY KEY,
    customer_id          text NOT NULL REFERENCES customers (customer_id),
    product_type         text NOT NULL CHECK (product_type IN (
                             'Cuenta Ahorro', 'Cuenta Corriente', 'Tarjeta Crédito', 'Tarjeta Débito',
                             'Préstamo Personal', 'Préstamo Hipotecario', 'Inversión', 'Seguro')),
    product_number_last4 char(4) CHECK (product_number_last4 ~ '^[0-9]{4}$'),
    account_number       text UNIQUE CHECK (
                             account_number IS NULL
                             OR product_type IN ('Cuenta Ahorro', 'Cuenta Corriente')),
    currency             text NOT NULL CHECK (currency IN ('MXN', 'COP', 'ARS', 'USD')),
    current_balance      numeric(15, 2),
    credit_limit         numeric(15, 2) CHECK (credit_limit IS NULL OR credit_limit >= 0),
    product_status       text NOT NULL CHECK (product_status IN ('Active', 'Blocked', 'Closed', 'Suspended')),
    interest_rate        numeric(6, 2) CHECK (interest_rate IS NULL OR interest_rate > 0),
    opening_date         date,
    expiration_date      date,
    days_past_due        integer CHECK (days_past_due IS NULL OR days_past_due >= 0),
    is_synthetic_fixture boolean NOT NULL DEFAULT false
);
CREATE INDEX products_customer_idx ON products (customer_id);
COMMENT ON TABLE products IS 'Accounts, cards, loans, investments and insurance. Provenance: organizer-shaped synthetic data.';
COMMENT ON COLUMN products.product_type IS 'Cuenta Ahorro, Cuenta Corriente, Tarjeta Crédito, Tarjeta Débito, Préstamo Personal, Préstamo Hipotecario, Inversión or Seguro.';
COMMENT ON COLUMN products.account_number IS 'Savings and checking accounts only; how a transfer names an account.';
COMMENT ON COLUMN products.current_balance IS 'Money held (accounts) or owed (cards, loans), in the product currency.';
COMMENT ON COLUMN products.product_status IS 'Active, Blocked, Closed or Suspended.';
COMMENT ON COLUMN products.interest_rate IS 'Annual percent; NULL when the product has none.';

CREATE TABLE transactions (
    transaction_id       text PRIMARY KEY,
    customer_id          text NOT NULL REFERENCES customers (customer_id),
    product_id           text,
    transaction_date     timestamp NOT NULL,
    transaction_type     text NOT NULL CHECK (transaction_type IN (
                             'Purchase', 'Payment', 'Transfer', 'Deposit', 'Withdrawal', 'Adjustment')),
    transaction_category text CHECK (transaction_category IN (
                             'Food', 'Transport', 'Services', 'Entertainment', 'Health', 'Other')),
    amount               numeric(15, 2) NOT NULL CHECK (amount > 0),
    currency             text NOT NULL CHECK (currency IN ('MXN', 'COP', 'ARS', 'USD')),
    amount_usd           numeric(15, 2),
    channel              text CHECK (channel IN ('POS', 'App', 'Web', 'ATM', 'Branch', 'Transfer')),
    merchant_name        text,
    transaction_country  text,
    transaction_city     text,
    transaction_status   text NOT NULL CHECK (transaction_status IN ('Approved', 'Declined', 'Pending', 'Reversed')),
    response_code        text,
    is_fraud             boolean,
    fraud_score          numeric(5, 2) CHECK (fraud_score IS NULL OR fraud_score BETWEEN 0 AND 100),
    is_synthetic_fixture boolean NOT NULL DEFAULT false
);
CREATE INDEX transactions_customer_date_idx ON transactions (customer_id, transaction_date DESC);
CREATE INDEX transactions_date_idx ON transactions (transaction_date);
COMMENT ON TABLE transactions IS 'Card and account movements, June 2023 to 2026-06-18. Provenance: organizer-shaped synthetic data; amounts are always positive.';
COMMENT ON COLUMN transactions.transaction_type IS 'Purchase, Payment, Transfer, Deposit, Withdrawal or Adjustment.';
COMMENT ON COLUMN transactions.transaction_category IS 'Food, Transport, Services, Entertainment, Health or Other; may be NULL.';
COMMENT ON COLUMN transactions.transaction_status IS 'Approved, Declined, Pending or Reversed.';
COMMENT ON COLUMN transactions.channel IS 'POS, App, Web, ATM, Branch or Transfer.';
COMMENT ON COLUMN transactions.fraud_score IS '0 to 100; 70 or more counts as possible fraud.';

CREATE TABLE billing (
    product_id             text PRIMARY KEY REFERENCES products (product_id),
    customer_id            text NOT NULL REFERENCES customers (customer_id),
    as_of                  date NOT NULL,
    statement_date         date,
    due_date               date NOT NULL,
    statement_balance      numeric(15, 2),
    minimum_payment        numeric(15, 2),
    past_due_amount        numeric(15, 2) NOT NULL DEFAULT 0 CHECK (past_due_amount >= 0),
    remaining_installments integer CHECK (remaining_installments IS NULL OR remaining_installments > 0),
    provenance             text NOT NULL DEFAULT 'team_generated'
);
COMMENT ON TABLE billing IS 'Statement, due date and minimum payment of cards and loans as of 2026-06-18. Provenance: team-generated by a fixed rule.';
COMMENT ON COLUMN billing.minimum_payment IS 'Cards: the minimum payment; loans: the installment.';

CREATE TABLE service_billers (
    biller_id text PRIMARY KEY,
    name      text NOT NULL,
    category  text NOT NULL UNIQUE
);
COMMENT ON TABLE service_billers IS 'Utility companies a bill can be paid to. Provenance: team-defined catalog.';
COMMENT ON COLUMN service_billers.category IS 'How the customer names the service: luz, agua, teléfono, internet, cable.';

CREATE TABLE service_bills (
    bill_id     text PRIMARY KEY,
    customer_id text NOT NULL REFERENCES customers (customer_id),
    biller_id   text NOT NULL REFERENCES service_billers (biller_id),
    reference   text NOT NULL,
    amount      numeric(15, 2) NOT NULL CHECK (amount > 0),
    currency    text NOT NULL CHECK (currency IN ('MXN', 'COP', 'ARS', 'USD')),
    due_date    date NOT NULL,
    status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid')),
    paid_at     timestamptz,
    CHECK ((status = 'paid') = (paid_at IS NOT NULL))
);
CREATE INDEX service_bills_customer_status_idx ON service_bills (customer_id, status);
COMMENT ON TABLE service_bills IS 'Utility bills of customers with an account, paid whole. Provenance: team-generated.';
COMMENT ON COLUMN service_bills.status IS 'pending or paid.';

CREATE TABLE fx_rates (
    date            date NOT NULL,
    source_currency text NOT NULL CHECK (source_currency IN ('MXN', 'COP', 'ARS', 'USD')),
    target_currency text NOT NULL CHECK (target_currency IN ('MXN', 'COP', 'ARS', 'USD')),
    exchange_rate   numeric(14, 6) NOT NULL CHECK (exchange_rate > 0),
    buy_rate        numeric(14, 6),
    sell_rate       numeric(14, 6),
    PRIMARY KEY (date, source_currency, target_currency)
);
COMMENT ON TABLE fx_rates IS 'Daily exchange rates: 1 source_currency = exchange_rate target_currency. Provenance: organizer daily_exchange_rates.';

CREATE TABLE app_sessions (
    session_id           text PRIMARY KEY,
    customer_id          text NOT NULL REFERENCES customers (customer_id),
    started_at           timestamp NOT NULL,
    ended_at             timestamp,
    channel              text,
    platform             text,
    ip_country           text,
    ip_city              text,
    had_login            boolean,
    events               integer CHECK (events IS NULL OR events >= 0),
    is_synthetic_fixture boolean NOT NULL DEFAULT false,
    CHECK (ended_at IS NULL OR ended_at >= started_at)
);
CREATE INDEX app_sessions_customer_started_idx ON app_sessions (customer_id, started_at DESC);
COMMENT ON TABLE app_sessions IS 'Digital banking sessions grouped from digital events. Provenance: derived from organizer digital_events.';

CREATE TABLE customer_service_summary (
    customer_id                    text PRIMARY KEY REFERENCES customers (customer_id),
    contacts_in_window             integer NOT NULL DEFAULT 0,
    escalated_contacts             integer NOT NULL DEFAULT 0,
    last_contact_at                timestamp,
    last_contact_reason            text,
    open_complaints                integer NOT NULL DEFAULT 0,
    unrecognized_charge_complaints integer NOT NULL DEFAULT 0,
    is_repeat_complainer           boolean NOT NULL DEFAULT false,
    last_csat                      numeric(3, 1)
);
COMMENT ON TABLE customer_service_summary IS 'Contact-centre aggregates per customer. Provenance: derived from interactions, complaints and surveys.';

CREATE TABLE complaints (
    complaint_id            text PRIMARY KEY,
    customer_id             text NOT NULL REFERENCES customers (customer_id),
    creation_date           timestamp NOT NULL,
    case_type               text CHECK (case_type IN ('Complaint', 'Claim', 'Request', 'Suggestion')),
    category                text CHECK (category IN ('Branch', 'Fees', 'Service', 'Technical', 'Transactions')),
    subcategory             text CHECK (subcategory IN (
                                'Cargo no reconocido', 'Cobro indebido', 'Problema con app',
                                'Atención en sucursal', 'Calidad de servicio')),
    reception_channel       text CHECK (reception_channel IN ('App', 'Branch', 'Call Center', 'Email', 'Regulator', 'Web')),
    affected_product_id     text,
    description             text,
    claimed_amount          numeric(15, 2) CHECK (claimed_amount IS NULL OR claimed_amount >= 0),
    currency                text CHECK (currency IN ('MXN', 'COP', 'ARS', 'USD')),
    priority                text CHECK (priority IN ('Low', 'Medium', 'High', 'Critical')),
    status                  text NOT NULL CHECK (status IN ('Open', 'In Process', 'Escalated', 'Resolved', 'Closed', 'Rejected')),
    first_response_date     timestamp,
    resolution_date         timestamp,
    closing_date            timestamp,
    sla_breached            boolean,
    resolution_days         integer,
    resolution              text,
    compensation_granted    boolean,
    resolution_satisfaction smallint CHECK (resolution_satisfaction BETWEEN 1 AND 5),
    is_repeat_complainer    boolean
);
CREATE INDEX complaints_customer_idx ON complaints (customer_id, creation_date DESC);
COMMENT ON TABLE complaints IS 'Complaints, claims and requests. Provenance: organizer-shaped synthetic data; description and resolution are templates.';
COMMENT ON COLUMN complaints.status IS 'Open, In Process, Escalated, Resolved, Closed or Rejected; the first three count as open.';

-- Third wall of guarded text-to-SQL: under dwh_reader a customer-owned table shows only the rows of the
-- customer the application mapped to the reader connection's backend pid in walls.reader_scope (no
-- mapping: no rows at all). The reader cannot write that mapping, so it cannot name another customer.
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['customers', 'products', 'transactions', 'billing', 'service_bills',
                             'app_sessions', 'customer_service_summary', 'complaints'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY dwh_own_rows ON %I FOR SELECT TO dwh_reader '
                       'USING (customer_id = (SELECT walls.reader_customer()))', t);
        EXECUTE format('CREATE POLICY app_all_rows ON %I TO quipu_app USING (true) WITH CHECK (true)', t);
    END LOOP;
END
$$;
