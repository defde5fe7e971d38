"use strict";
(() => {
  if (!Q.requireSignIn("customer", "/entrar")) return;
  const { texts: t, el, api } = Q;
  const $ = (id) => document.getElementById(id);

  // Newest first, each with its local date and time; a credit reads with its sign.
  function movement(m) {
    const sign = ["Deposit", "Refund"].includes(m.kind) ? "+" : "";
    return el("li", { "data-at": m.date },
      el("time", { datetime: m.date }, Q.moment(m.date)), ` · ${m.merchant || Q.word("movement", m.kind)} · ${sign}${Q.money(m.amount, m.currency)}`);
  }

  function product(p) {
    return el("li", { class: "product", "data-product": p.product_id, "data-status": p.status },
      el("h2", {}, `${Q.word("type", p.product_type)}${p.last4 ? ` · ${p.last4}` : ""}`),
      el("p", {}, el("span", { class: `badge badge-${p.status}` }, Q.word("product", p.status)), " ",
        p.balance !== null ? el("span", {}, `${t.balance}: `, el("strong", {}, Q.money(p.balance, p.currency))) : null),
      el("h3", { class: "small" }, t.last_movements),
      p.movements.length ? el("ul", { class: "movements" }, p.movements.map(movement)) : el("p", { class: "muted small" }, t.no_movements),
      p.movements.length ? el("a", { class: "small", href: `/mis-productos/movimientos?producto=${encodeURIComponent(p.product_id)}`,
        "data-all-movements": p.product_id }, t.see_all_movements) : null);
  }

  // Mis aclaraciones: each dispute with its reference, the charge, its status, when it was opened and by when the
  // bank promised an answer (all in the customer's own clock and number convention).
  function dispute(d) {
    const charge = d.merchant ? `${d.merchant} · ${Q.money(d.amount, d.currency)} · ${Q.moment(d.charge_at)}` : "—";
    return el("li", { class: "dispute", "data-reference": d.reference, "data-status": d.status },
      el("strong", {}, d.reference), " ", el("span", { class: `badge badge-dispute-${d.status}` }, t[`dispute_${d.status}`] || d.status),
      el("br"), t.dispute_line.replace("{charge}", charge),
      el("br"), el("span", { class: "muted small" }, t.dispute_opened.replace("{date}", Q.moment(d.opened_at)),
        d.open ? ` · ${t.dispute_promised.replace("{date}", Q.moment(d.promised_by))}` : ""),
      d.overdue ? el("p", { class: "small warning" }, t.dispute_overdue) : null);
  }

  (async () => {
    const me = await api("customer", "/api/me");
    if (Q.setLanguage(me.language)) { location.reload(); return; }
    Q.useLocale(me);
    try {
      const [products, disputes] = await Promise.all([api("customer", "/api/me/products"), api("customer", "/api/me/disputes")]);
      $("products").replaceChildren(...products.map(product));
      $("disputes").replaceChildren(...(disputes.length ? disputes.map(dispute) : [el("li", { class: "muted" }, t.disputes_none)]));
      if (location.hash === "#aclaraciones") $("aclaraciones").scrollIntoView({ block: "start" });
    } catch (problem) {
      if (problem.status !== 401) Q.show($("products-state"), problem.message);
    }
  })();
})();
