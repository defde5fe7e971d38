"use strict";
(() => {
  if (!Q.requireSignIn("operator", "/consola/entrar")) return;
  const { texts: t, el, api, word } = Q;
  const $ = (id) => document.getElementById(id);
  const ROLE_LABEL = { customer: t.customer, assistant: t.assistant, operator: t.operator_says, system: t.system_notice };
  const phone = window.matchMedia("(max-width: 820px)");
  let filter = "";
  let selected = null;
  let operator = null;
  let queueTimer = null;
  const lines = new Map(); // conversation id -> the line it belongs to (a customer's open cases are one line)

  function statusLabel(status) { return t[`status_${status}`] || status; }

  function slaText(seconds) {
    if (seconds === null || seconds === undefined) return "";
    return (seconds >= 0 ? t.time_left : t.overdue).replace("{time}", Q.duration(seconds));
  }

  async function loadQueue() {
    const items = await api("operator", `/api/console/queue${filter ? `?status=${filter}` : ""}`);
    lines.clear();
    items.forEach((line) => [line, ...line.grouped].forEach((c) => lines.set(c.conversation_id, line)));
    $("queue").replaceChildren(...items.map((c) => el("li", {},
      el("button", { type: "button", "data-conversation": c.conversation_id, "data-status": c.status,
        "data-priority": c.priority || "", "aria-current": c.conversation_id === selected ? "true" : "false",
        onclick: () => open(c.conversation_id) },
        el("strong", {}, [c.first_name, c.last_name].filter(Boolean).join(" ") || c.customer_id), " ",
        el("span", { class: `badge badge-${c.status}` }, statusLabel(c.status)), " ",
        c.priority ? el("span", { class: `badge badge-${c.priority}`, "data-priority-word": "" }, `${t.priority}: ${word("priority", c.priority)}`) : null,
        c.sla_seconds_left !== null && c.sla_seconds_left !== undefined
          ? el("span", { class: `sla ${c.sla_seconds_left < 3600 ? "sla-tight" : ""}`, "data-sla": c.sla_seconds_left }, slaText(c.sla_seconds_left)) : null,
        el("br"),
        c.grouped.length ? el("span", { class: "badge", "data-grouped": c.grouped.length }, t.grouped.replace("{n}", c.grouped.length)) : null,
        el("span", { class: "muted small" }, [
          (c.reason_codes || []).map((r) => word("reason", r)).join(", "), c.title, Q.moment(c.last_message_at),
          c.held_by_name ? t.held_by.replace("{name}", c.held_by_name) : "",
        ].filter(Boolean).join(" · "))))));
  }

  function scheduleQueue() {
    clearTimeout(queueTimer);
    queueTimer = setTimeout(() => { loadQueue(); if (operator && operator.role === "supervisor") loadDashboard(); }, 150);
  }

  // The merchant's name is the records' text (chosen by whoever runs the merchant), never the bank's or the
  // assistant's words: it stands quoted, in its own element marked as coming from the records.
  function merchantText(name) {
    return el("q", { class: "records", "data-source": "records", title: t.records_mark }, name || "—");
  }

  // A charge as the person reads it: merchant, amount and its local time (three charges of one merchant on one day
  // read as three lines, not one line three times); its id stays out of sight.
  function chargeLabel(c) { return `“${c.merchant || "—"}” · ${Q.money(c.amount, c.currency)} · ${Q.moment(c.date)}`; }

  function charge(f) {
    const c = f.charge;
    const findings = (f.findings || []).map((k) => word("finding", k)).join(", ");
    return el("span", {}, merchantText(c.merchant),
      ` · ${Q.money(c.amount, c.currency)} · ${Q.moment(c.date)} · ${word("charge", c.status)}${findings ? ` — ${findings}` : ""}`);
  }

  function openDispute(d) {
    const charge = d.merchant ? `“${d.merchant}” · ${Q.money(d.amount, d.currency)} · ${Q.moment(d.charge_at)}` : "—";
    return `${d.reference} · ${charge} · ${t[`dispute_${d.status}`] || d.status} · ${t.dispute_opened.replace("{date}", Q.moment(d.opened_at))}`
      + ` · ${t.dispute_promised.replace("{date}", Q.moment(d.promised_by))}`;
  }

  const list = (values, attrs = {}) => (values && values.length
    ? el("ul", attrs, values.map((v) => el("li", {}, v))) : el("p", { class: "muted small", ...attrs }, t.none));

  function caseFile(c) {
    const current = c.cases[0];
    const file = (current && current.case_file) || {};
    const facts = c.facts;
    const evidence = file.evidence || {};
    const rows = [];
    if (current) {
      rows.push(
        el("dt", {}, t.priority), el("dd", {}, el("span", { class: `badge badge-${current.priority}`, id: "case-priority", "data-priority": current.priority }, word("priority", current.priority))),
        el("dt", {}, t.sla), el("dd", { id: "case-sla" }, slaText(current.sla_seconds_left)),
        el("dt", {}, t.reason), el("dd", {}, (current.reason_codes || []).map((r) => word("reason", r)).join(", ")));
    }
    rows.push(
      el("dt", {}, t.asked), el("dd", {}, list(facts.asked, { id: "case-asked" })),
      el("dt", {}, t.found), el("dd", { "data-source": "assistant" }, list(facts.found, { id: "case-found" })),
      el("dt", {}, t.charges), el("dd", {}, list(facts.charges.map(charge), { id: "case-charges" })),
      el("dt", {}, t.steps), el("dd", {}, list(facts.steps.map((s) => `${s.text} (${s.state})`), { id: "case-steps" })));
    const evidenceLines = [];
    if ((evidence.tools || []).length) evidenceLines.push(`${t.evidence_tools}: ${[...new Set(evidence.tools)].map((k) => word("tool", k)).join(", ")}`);
    // the ids stay in the stored case; the person reads how many movements the bank looked at
    if ((evidence.transaction_ids || []).length) evidenceLines.push(`${t.evidence_transactions}: ${evidence.transaction_ids.length}`);
    rows.push(el("dt", {}, t.evidence), el("dd", {}, list(evidenceLines)),
      el("dt", {}, t.open_disputes), el("dd", {}, list((file.open_disputes || []).map(openDispute), { id: "case-disputes" })),
      el("dt", {}, t.open_questions), el("dd", {}, list(file.open_questions)));
    return [el("dl", { class: "case" }, rows), actionsPanel(c, facts.charges.filter((f) => f.investigated && f.charge.transaction_id))];
  }

  // The operator acts through the same gateway as the customer's button; only on a case they hold. One inquiry
  // button per charge the case is about (the charges the bank checked), named by merchant, amount and time.
  function actionsPanel(c, charges) {
    if (!c.mine || c.status !== "human") return el("div");
    const note = el("p", { role: "status", class: "small", id: "act-result" });
    const act = async (action, params) => {
      try {
        const view = await api("operator", `/api/console/conversations/${c.conversation_id}/actions`, { method: "POST", body: { action, params } });
        note.textContent = view.items.map((i) => `${i.text} (${i.state})`).join(" ");
        note.dataset.status = view.items.map((i) => i.status).join(",");
      } catch (problem) { note.textContent = problem.message; }
    };
    const buttons = [
      ...c.cards.filter((card) => card.status === "Active").map((card) => el("button", { type: "button", class: "danger", "data-block": card.product_id,
        onclick: () => act("block_card", { product_id: card.product_id }) }, t.act_block.replace("{last4}", card.last4 || ""))),
      ...charges.map((f) => el("button", { type: "button", class: "secondary", "data-inquiry": f.charge.transaction_id,
        onclick: () => act("open_payment_inquiry", { transaction_id: f.charge.transaction_id }) },
        `${t.act_inquiry} · ${chargeLabel(f.charge)}`)),
    ];
    return el("section", { class: "act", "aria-labelledby": "act-title" }, el("h3", { id: "act-title" }, t.act_title),
      el("div", { class: "row tools" }, buttons), note);
  }

  async function open(conversationId) {
    selected = conversationId;
    const c = await api("operator", `/api/console/conversations/${conversationId}`);
    if (selected !== conversationId) return;
    $("pick").hidden = true;
    $("conversation").hidden = false;
    $("conv-title").textContent = `${[c.first_name, c.last_name].filter(Boolean).join(" ")} · ${c.customer_id} · ${c.language === "pt" ? "Português" : "Español"}`;
    $("conv-status").textContent = [statusLabel(c.status), c.held_by_name ? t.held_by.replace("{name}", c.held_by_name) : ""].filter(Boolean).join(" · ");
    $("conv-status").className = `badge badge-${c.status}`;
    $("conv-status").dataset.status = c.status;
    let marked = false;
    const rows = [];
    for (const m of c.messages) {
      if (m.role === "operator" && !marked) {
        marked = true;
        rows.push(el("li", { class: "divider", "data-taken-over": "" }, `${t.taken_over} · ${Q.moment(m.created_at)}`));
      }
      rows.push(el("li", { class: `msg msg-${m.role}`, "data-role": m.role },
        el("span", { class: "who" }, m.role === "operator" && m.operator ? m.operator : ROLE_LABEL[m.role] || m.role, " · ",
          Q.moment(m.created_at)), m.content));
    }
    $("conv-thread").replaceChildren(...rows);
    const line = lines.get(conversationId);
    const together = line ? [line, ...line.grouped].filter((x) => x.conversation_id !== conversationId) : [];
    $("conv-grouped").replaceChildren(...(together.length ? [el("span", { class: "small muted" }, t.grouped_title), " ",
      ...together.map((x) => el("button", { type: "button", class: "chip", "data-open": x.conversation_id, onclick: () => open(x.conversation_id) },
        [x.title || t.no_title, statusLabel(x.status), x.priority ? word("priority", x.priority) : ""].filter(Boolean).join(" · ")))] : []));
    $("conv-grouped").hidden = !together.length;
    $("conv-thread").scrollTop = $("conv-thread").scrollHeight;
    const open = c.status === "waiting" || c.status === "human";
    $("reply-form").hidden = !open;
    $("take").hidden = !(c.status === "waiting" || (c.status === "human" && !c.mine && operator.role === "supervisor"));
    $("reply").disabled = !(c.status === "waiting" || c.mine);
    $("release").disabled = !(c.mine || c.status === "waiting" || operator.role === "supervisor");
    // the customer's number convention (as in their chat); times stay on the operator's own clock
    $("case").replaceChildren(...Q.within({ locale: c.locale, decimal_comma: c.decimal_comma }, () => caseFile(c)));
    document.querySelectorAll("#queue button").forEach((b) => b.setAttribute("aria-current", String(b.dataset.conversation === selected)));
    if (phone.matches) $("conversation-card").scrollIntoView({ block: "start" });
  }

  // No reply measured yet reads as a dash, never as "0.0 s"; under a second is said in milliseconds.
  function firstResponse(seconds) {
    if (seconds === null || seconds === undefined) return t.none;
    return seconds < 1 ? `${Math.max(1, Math.round(seconds * 1000))} ms` : `${Q.figure(seconds, 1)} s`;
  }

  async function loadDashboard() {
    const d = await api("operator", "/api/console/dashboard?days=7");
    $("dashboard").hidden = false;
    $("dash-conversations").textContent = d.conversations;
    $("dash-without").textContent = d.conversations ? `${d.without_person} (${Math.round((100 * d.without_person) / d.conversations)}%)` : "0";
    $("dash-waiting").textContent = d.waiting;
    $("dash-first").textContent = firstResponse(d.first_response_p50_seconds);
    $("dash-reasons").replaceChildren(...d.handoffs_by_reason.map((r) => el("li", {}, `${word("reason", r.reason)}: ${r.cases}`)));
  }

  async function post(path, body) {
    Q.show($("reply-error"), "");
    try {
      await api("operator", `/api/console/conversations/${selected}/${path}`, { method: "POST", body });
      await open(selected);
      scheduleQueue();
      return true;
    } catch (problem) { Q.show($("reply-error"), problem.message); return false; }
  }

  $("reply-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("reply-text").value.trim();
    if (!text || !selected) return;
    if (await post("reply", { text })) $("reply-text").value = "";
  });
  $("release").addEventListener("click", () => selected && post("release"));
  $("take").addEventListener("click", () => selected && post("take"));
  $("back").addEventListener("click", () => $("queue-title").scrollIntoView({ block: "start" }));

  document.querySelectorAll("[data-filter]").forEach((chip) => chip.addEventListener("click", () => {
    filter = chip.dataset.filter;
    document.querySelectorAll("[data-filter]").forEach((c) => c.setAttribute("aria-pressed", String(c === chip)));
    loadQueue();
  }));

  (async () => {
    operator = await api("operator", "/api/operators/me");
    $("operator-name").textContent = `${operator.display_name} (${word("role", operator.role)})`;
    await loadQueue();
    if (operator.role === "supervisor") loadDashboard();
    Q.watch("operator", "/api/console/events", (event, data) => {
      if (event !== "change") return;
      scheduleQueue();
      if (data.conversation_id === selected) open(selected);
    });
  })();
})();
