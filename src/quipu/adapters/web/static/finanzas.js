"use strict";
(() => {
  if (!Q.requireSignIn("customer", "/entrar")) return;
  const { texts: t, el, api } = Q;
  const $ = (id) => document.getElementById(id);
  const COLORS = ["#0b6e4f", "#2f80ed", "#f2994a", "#9b51e0", "#eb5757", "#828282"];

  function unavailable(text) {
    $("finances").hidden = true;
    Q.show($("fin-state"), text);
  }

  function donut(categories, currency) {
    const total = categories.reduce((sum, c) => sum + Number(c.amount), 0) || 1;
    let start = 0;
    const stops = categories.map((c, i) => {
      const end = start + (Number(c.amount) / total) * 100;
      const stop = `${COLORS[i % COLORS.length]} ${start}% ${end}%`;
      start = end;
      return stop;
    });
    $("donut").style.background = `conic-gradient(${stops.join(", ")})`;
    $("donut").setAttribute("aria-label", categories.map((c) => `${c.name}: ${Q.money(c.amount, currency)}`).join("; "));
    $("legend").replaceChildren(...categories.map((c, i) =>
      el("li", { style: `--swatch: ${COLORS[i % COLORS.length]}` }, `${c.name} · ${Q.money(c.amount, currency)}`)));
  }

  function bars(monthly, currency) {
    const top = Math.max(...monthly.map(([, amount]) => Number(amount)), 1);
    $("bars").replaceChildren(...monthly.map(([month, amount]) => el("div", {
      class: "bar-col", role: "img", "aria-label": `${Q.month(month)}: ${Q.money(amount, currency)}`,
    }, el("b", { class: "bar-value", "aria-hidden": "true" }, Q.money(amount, "").replace(/[.,]\d\d$/, "")),
    el("div", { class: "bar-fill", style: `height: ${Math.max(2, (Number(amount) / top) * 100)}%` }),
    el("span", { "aria-hidden": "true" }, Q.month(month)))));
  }

  // Each alert names its pair; its own button sends that pair to the chat, in code's words. A pair the customer
  // already disputed names the dispute instead of inviting a second review.
  function alertItem(a) {
    const line = t.fin_alert_line.replace("{merchant}", a.merchant).replace("{amount} {currency}", Q.money(a.amount, a.currency))
      .replace("{seconds}", a.secondsApart).replace("{date}", Q.moment(a.at));
    const next = a.dispute
      ? el("p", { class: "small disputed" }, t.fin_alert_disputed.replace("{reference}", a.dispute.reference)
        .replace("{date}", Q.moment(a.dispute.openedAt)).replace("{status}", t[`dispute_${a.dispute.status}`] || ""), " ",
      el("a", { href: "/mis-productos#aclaraciones" }, t.fin_alert_see_dispute))
      : el("a", { class: "button review", href: `/chat?new=1&q=${encodeURIComponent(a.question)}` }, t.fin_alert_review);
    return el("li", { "data-kind": a.kind, "data-disputed": a.dispute ? a.dispute.reference : null }, el("span", {}, line), next);
  }

  function render(f) {
    Q.show($("fin-state"), "");
    $("finances").hidden = false;
    $("spend").textContent = Q.money(f.totals.spend, f.currency);
    $("transactions").textContent = f.totals.transactions;
    $("avg").textContent = f.totals.avgTicket === null ? t.none : Q.money(f.totals.avgTicket, f.currency);
    $("note-spending").textContent = f.notes.spending;
    $("note-monthly").textContent = f.notes.monthly;
    $("note-tip").textContent = f.notes.tip;
    donut(f.categories, f.currency);
    bars(f.monthly, f.currency);
    $("merchants").replaceChildren(...f.topMerchants.map((m) => el("li", {}, `${m.name} · ${m.count} · ${Q.money(m.amount, m.unit)}`)));
    $("alerts").replaceChildren(...f.alerts.map(alertItem));
    $("alerts").hidden = !$("show-alerts").checked;
    $("others-section").hidden = !f.otherCurrencies.length;
    $("others").replaceChildren(...f.otherCurrencies.map((o) => el("li", {}, `${Q.money(o.spend, o.currency)} · ${o.transactions}`)));
  }

  async function load() {
    try {
      render(await api("customer", `/api/me/finances?days=${$("days").value}`));
    } catch (problem) {
      if (problem.code === "no_spending_in_period") unavailable(t.fin_empty);
      else if (problem.status !== 401) unavailable(t.fin_unavailable);
    }
  }

  $("days").addEventListener("change", load);
  $("show-alerts").addEventListener("change", () => { $("alerts").hidden = !$("show-alerts").checked; });
  (async () => {
    const me = await api("customer", "/api/me");
    if (Q.setLanguage(me.language)) { location.reload(); return; }
    Q.useLocale(me);
    load();
  })();
})();
