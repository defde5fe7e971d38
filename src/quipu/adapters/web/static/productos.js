"use strict";
(() => {
  if (!Q.requireSignIn("customer", "/entrar")) return;
  const { texts: t, el, api } = Q;
  const $ = (id) => document.getElementById(id);

  function movement(m) {
    const sign = ["Deposit", "Refund"].includes(m.kind) ? "+" : "";
    return el("li", {}, `${Q.day(m.date)} · ${m.merchant || Q.word("movement", m.kind)} · ${sign}${Q.money(m.amount, m.currency)}`);
  }

  (async () => {
    const me = await api("customer", "/api/me");
    if (Q.setLanguage(me.language)) { location.reload(); return; }
    try {
      const products = await api("customer", "/api/me/products");
      $("products").replaceChildren(...products.map((p) => el("li", { class: "product", "data-product": p.product_id, "data-status": p.status },
        el("h2", {}, `${Q.word("type", p.product_type)}${p.last4 ? ` · ${p.last4}` : ""}`),
        el("p", {}, el("span", { class: `badge badge-${p.status}` }, Q.word("product", p.status)), " ",
          p.balance !== null ? el("span", {}, `${t.balance}: `, el("strong", {}, Q.money(p.balance, p.currency))) : null),
        el("h3", { class: "small" }, t.last_movements),
        p.movements.length ? el("ul", { class: "movements" }, p.movements.map(movement)) : el("p", { class: "muted small" }, t.no_movements))));
    } catch (problem) {
      if (problem.status !== 401) Q.show($("products-state"), problem.message);
    }
  })();
})();
