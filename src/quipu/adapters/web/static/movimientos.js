"use strict";
(() => {
  if (!Q.requireSignIn("customer", "/entrar")) return;
  const { texts: t, el, api } = Q;
  const $ = (id) => document.getElementById(id);
  const productId = new URLSearchParams(location.search).get("producto") || "";

  function movement(m) {
    const sign = ["Deposit", "Refund"].includes(m.kind) ? "+" : "";
    return el("li", { "data-at": m.date }, el("time", { datetime: m.date }, Q.moment(m.date)),
      ` · ${m.merchant || Q.word("movement", m.kind)} · ${sign}${Q.money(m.amount, m.currency)}`,
      m.status && m.status !== "Approved" ? el("span", { class: "muted small" }, ` · ${Q.word("status", m.status)}`) : null);
  }

  (async () => {
    const me = await api("customer", "/api/me");
    if (Q.setLanguage(me.language)) { location.reload(); return; }
    Q.useLocale(me);
    try {
      const [products, movements] = await Promise.all([api("customer", "/api/me/products"),
        api("customer", `/api/me/products/${encodeURIComponent(productId)}/movements`)]);
      const p = products.find((x) => x.product_id === productId);
      if (p) $("movements-title").textContent = `${t.all_movements} · ${Q.word("type", p.product_type)}${p.last4 ? ` · ${p.last4}` : ""}`;
      $("movements").replaceChildren(...(movements.length ? movements.map(movement) : [el("li", { class: "muted" }, t.no_movements)]));
    } catch (problem) {
      if (problem.status !== 401) Q.show($("movements-state"), problem.message);
    }
  })();
})();
