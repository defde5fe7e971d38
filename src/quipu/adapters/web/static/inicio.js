"use strict";
(() => {
  if (!Q.requireSignIn("customer", "/entrar")) return;
  const { texts: t, el, api } = Q;
  const $ = (id) => document.getElementById(id);

  function productName(p) {
    return `${Q.word("type", p.product_type)} ·${p.last4 ? ` ${p.last4}` : ""}`;
  }

  (async () => {
    const me = await api("customer", "/api/me");
    if (Q.setLanguage(me.language)) { location.reload(); return; }
    Q.useLocale(me);
    $("greeting").textContent = me.first_name ? t.hello.replace("{name}", me.first_name) : t.hello_anon;
    const [products, conversations] = await Promise.all([
      api("customer", "/api/me/products"), api("customer", "/api/me/conversations?limit=10"),
    ]);
    $("balances").replaceChildren(...products.filter((p) => p.balance !== null).map((p) => el("li", { "data-product": p.product_id },
      el("span", { class: "muted small" }, productName(p)),
      el("strong", {}, Q.money(p.balance, p.currency)),
      el("span", { class: `badge badge-${p.status}` }, Q.word("product", p.status)))));
    $("conversations").replaceChildren(...(conversations.length ? conversations.map((c) => el("li", {},
      el("a", { href: `/chat?thread=${encodeURIComponent(c.thread_id)}`, "data-thread": c.thread_id }, c.title || t.chat_title),
      " ", el("span", { class: "muted small" }, `${Q.day(c.last_message_at)} · ${Q.time(c.last_message_at)}`),
      c.status !== "bot" ? el("span", { class: `badge badge-${c.status}` }, t[`status_${c.status}`]) : null))
      : [el("li", { class: "muted" }, t.no_conversations)]));
  })();
})();
