"use strict";
(() => {
  if (!Q.requireSignIn("customer", "/entrar")) return;
  const { texts: t, el, api } = Q;
  const $ = (id) => document.getElementById(id);
  const thread = $("thread");
  const form = $("composer");
  const message = $("message");
  const send = $("send");
  const chatError = $("chat-error");
  const statusLine = $("status-line");
  const photo = $("photo");
  const photoName = $("photo-name");
  const photoRemove = $("photo-remove");
  const mic = $("mic");
  const outbox = $("outbox");
  const params = new URLSearchParams(location.search);
  const nodes = new Map(); // key -> element: a message or a card is drawn once and kept (its state stays)
  const thumbs = new Map(); // customer message id -> image URL, for this page only (the photo is never stored)
  let threadId = params.get("new") ? null : params.get("thread") || sessionStorage.getItem("quipu.thread");
  let me = null;
  let image = null;
  let watching = null;
  let waiting = null; // the turn in flight: { controller, timer }
  let refreshing = Promise.resolve();
  const ROLE_LABEL = { customer: t.you, assistant: t.assistant, operator: t.operator_says, system: t.system };
  const TONE_CLASS = { ok: "tone-good", error: "tone-bad", warn: "tone-wait", info: "" };

  function scrollDown() { thread.scrollTop = thread.scrollHeight; }

  // A message sent is never lost: kept in this tab until the server shows it stored (a reload before the request
  // reached the server puts it back in the box, said so); once stored, the thread has it, answered or not.
  const unsent = {
    key: "quipu.unsent",
    keep(text, thread) { sessionStorage.setItem(this.key, JSON.stringify({ text, thread, at: Date.now() })); },
    drop() { sessionStorage.removeItem(this.key); },
    read() { try { return JSON.parse(sessionStorage.getItem(this.key) || "null"); } catch (error) { return null; } },
    settle(conversation) {
      const kept = this.read();
      if (!kept || kept.thread !== threadId || waiting) return;
      const stored = conversation.messages.some((m) => m.role === "customer" && m.content.startsWith(kept.text.slice(0, 200))
        && Date.parse(m.created_at) >= kept.at - 60000);
      if (!stored && !message.value) {
        message.value = kept.text;
        Q.show(chatError, t.unsent_restored);
      }
      this.drop();
    },
  };

  // Short answers the last reply offers (its question's two likeliest readings): buttons under the reply that send
  // their words as the customer's next message. Only for the turn just answered; a new message clears them.
  let offered = [];
  function quickReplies() {
    if (!offered.length) return [];
    return [el("li", { class: "quick-replies" }, el("div", { role: "group", "aria-label": t.quick_replies_label },
      offered.map((text) => el("button", { type: "button", class: "secondary", "data-quick-reply": text, onclick: () => submit(text) }, text))))];
  }

  function messageItem(m) {
    const item = el("li", { class: `msg msg-${m.role}`, "data-role": m.role, "data-message-id": m.message_id },
      el("span", { class: "who" }, ROLE_LABEL[m.role] || m.role, " · ", Q.time(m.created_at)), m.content);
    if (thumbs.has(m.message_id)) item.append(el("img", { class: "thumb", src: thumbs.get(m.message_id), alt: t.photo_thumb }));
    if (m.role === "assistant" || m.role === "operator") {
      item.append(" ", el("button", { type: "button", class: "link small", onclick: () => readAloud(m.content) }, t.read_aloud));
    }
    return item;
  }

  // A card comes after the reply of the turn that proposed it (the reply says what the card is for), so on a
  // phone the card is where the eye is, below the words, never above the request.
  function ordered(conversation) {
    const messages = conversation.messages.map((m) => ({ key: `m:${m.message_id}`, m, make: () => messageItem(m) }));
    const cards = (conversation.cards || []).map((c) => ({
      key: c.kind === "transfer" ? `t:${c.view.transfer_id}` : `b:${c.view.batch_id}`, at: c.created_at,
      make: () => (c.kind === "transfer" ? transferCard(c.view) : actionCard(c.view)),
    })).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    const entries = [];
    for (const entry of messages) {
      entries.push(entry);
      if (entry.m.role === "customer") continue;
      while (cards.length && cards[0].at <= entry.m.created_at) entries.push(cards.shift());
    }
    return [...entries, ...cards];
  }

  // After a reload during a slow turn: the message is stored; the reply comes when the server finishes it.
  function awaitingReply(conversation) {
    const last = conversation.messages[conversation.messages.length - 1];
    if (waiting || !last || last.role !== "customer" || conversation.status !== "bot") return [];
    return [el("li", { class: "typing", id: "awaiting-reply" },
      el("span", { class: "dots", "aria-hidden": "true" }, el("i"), el("i"), el("i")), " ", el("span", { role: "status" }, t.still_answering))];
  }

  // The thread is redrawn from what the server stored: messages and the cards of this conversation.
  function draw(conversation) {
    const drawn = ordered(conversation).map((e) => { if (!nodes.has(e.key)) nodes.set(e.key, e.make()); return nodes.get(e.key); });
    const stored = (node) => node.dataset.role === "customer" && conversation.messages.some(
      (m) => m.role === "customer" && Date.parse(m.created_at) >= Number(node.dataset.sentAt) - 5000);
    const pending = [...thread.querySelectorAll("[data-pending]")].filter((node) => !stored(node));
    thread.replaceChildren(...drawn, ...awaitingReply(conversation), ...pending, ...quickReplies());
    unsent.settle(conversation);
    scrollDown();
  }

  function setStatus(status) {
    Q.show(statusLine, status === "human" ? t.with_person : status === "waiting" ? t.waiting_person : "");
  }

  async function refresh() {
    if (!threadId) return;
    refreshing = refreshing.then(async () => {
      try {
        const conversation = await api("customer", `/api/me/conversations/${encodeURIComponent(threadId)}`);
        draw(conversation);
        setStatus(conversation.status);
      } catch (problem) {
        // a thread the server does not know is forgotten, unless a turn is creating it right now
        if (problem.status === 404 && !waiting) startNewThread();
      }
    });
    return refreshing;
  }

  function follow() {
    if (watching) watching.abort();
    watching = new AbortController();
    Q.watch("customer", `/api/me/conversations/${encodeURIComponent(threadId)}/events`, (event) => {
      if (event === "change") refresh();
    }, watching.signal);
  }

  function remember(id) {
    threadId = id;
    sessionStorage.setItem("quipu.thread", id);
    history.replaceState(null, "", `/chat?thread=${encodeURIComponent(id)}`);
  }

  function startNewThread() {
    if (watching) watching.abort();
    watching = null;
    threadId = null;
    sessionStorage.removeItem("quipu.thread");
    history.replaceState(null, "", "/chat");
    nodes.clear();
    thread.replaceChildren();
    setStatus("bot");
  }

  // --- confirmation cards, drawn only from what the server stored -------------------------------------
  function actionCard(batch) {
    const card = el("li", { class: "action-card", "data-batch": batch.batch_id });
    const drawCard = (view) => {
      const items = el("ul", {}, view.items.map((item) => el("li", { "data-action": item.action, "data-status": item.status },
        item.text, " ", el("span", { class: `state ${TONE_CLASS[item.tone] || ""}` }, `(${item.state})`))));
      const children = [items];
      if (view.needs_confirmation) {
        if (view.strong) children.push(el("p", { class: "warning" }, t.irreversible));
        if (view.expires_at) children.push(el("p", { class: "muted small" }, `${t.expires} ${Q.time(view.expires_at)}`));
        const buttons = el("div", { class: "row tools" });
        const confirm = el("button", { type: "button", class: view.strong ? "danger" : "", onclick: () => press("confirm") }, t.confirm);
        const cancel = el("button", { type: "button", class: "secondary", onclick: () => press("cancel") }, t.cancel);
        // an irreversible action (cancelling a card) waits for the same step-up as money
        const stepUp = view.strong ? stepUpBox(() => { confirm.disabled = false; }) : null;
        const press = async (verb) => {
          buttons.querySelectorAll("button").forEach((b) => { b.disabled = true; });
          try {
            const result = await api("customer", `/api/actions/${batch.batch_id}/${verb}`, { method: "POST", body: { thread_id: threadId } });
            drawCard(result);
            loadOutbox();
          } catch (problem) {
            card.append(el("p", { class: "error" }, problem.message));
            if (problem.code === "step_up_required" && stepUp) {
              stepUp.hidden = false;
              cancel.disabled = false;
            }
          }
        };
        buttons.append(confirm, cancel);
        if (stepUp) {
          stepUp.hidden = Boolean(me && me.stepped_up);
          confirm.disabled = !(me && me.stepped_up);
          children.push(stepUp);
        }
        children.push(buttons);
      }
      card.replaceChildren(...children);
    };
    drawCard(batch);
    return card;
  }

  function transferCard(proposal) {
    const card = el("li", { class: "action-card", "data-transfer": proposal.transfer_id, "data-status": proposal.status || "proposed" });
    const result = el("p", { role: "status" });
    const confirm = el("button", { type: "button", onclick: () => press("confirm") }, t.confirm);
    const cancel = el("button", { type: "button", class: "secondary", onclick: () => press("cancel") }, t.cancel);
    const stepUp = stepUpBox(() => { confirm.disabled = false; });
    const buttons = el("div", { class: "row tools" }, confirm, cancel);
    let done = false;
    confirm.disabled = !(me && me.stepped_up);

    function settled(outcome) {
      done = true;
      card.dataset.status = outcome.status;
      expiry.hidden = true;
      stepUp.hidden = true;
      buttons.hidden = true;
      if (outcome.status === "executed") {
        // the receipt is an object {reference, subject, text}; its text is code's sentences, one per line
        const receipt = outcome.receipt || {};
        const lines = String(receipt.text || "").split("\n").flatMap((line, i) => (i ? [el("br"), line] : [line]));
        const done = t[`transfer_done_${outcome.kind || proposal.kind}`] || t.transfer_done;
        result.replaceChildren(`${done} `, el("strong", { class: "new-balance" }, Q.money(outcome.new_balance, outcome.currency)),
          el("br"), el("strong", { class: "receipt-subject" }, receipt.subject || t.receipt), el("br"), ...lines);
      } else {
        result.textContent = outcome.text || t[`transfer_status_${outcome.status}`] || outcome.status;
      }
    }

    async function press(verb) {
      if (done) return;
      confirm.disabled = cancel.disabled = true;
      try {
        settled(await api("customer", `/api/transfers/${verb}`, { method: "POST", body: { transfer_id: proposal.transfer_id } }));
        loadOutbox();
      } catch (problem) {
        result.textContent = problem.message;
        if (problem.code === "step_up_required") stepUp.hidden = false;
        confirm.disabled = problem.code === "step_up_required";
        cancel.disabled = false;
      }
    }
    // only a card that still waits says when it expires; a settled one says what became of it
    const expiry = el("p", { class: "muted small expiry" }, proposal.waiting_text ? `${proposal.waiting_text} ` : "",
      `${t.expires} ${Q.time(proposal.expires_at)}`);
    card.append(el("p", {}, proposal.text), expiry, stepUp, buttons, result);
    stepUp.hidden = Boolean(me && me.stepped_up);
    if (proposal.status && proposal.status !== "proposed") settled(proposal);
    return card;
  }

  function stepUpBox(onVerified) {
    const id = `step-up-code-${Math.random().toString(36).slice(2, 8)}`;
    const code = el("input", { id, class: "step-up-code", inputmode: "numeric", autocomplete: "one-time-code", maxlength: "6" });
    const note = el("p", { class: "muted small", role: "status" });
    const verify = el("button", { type: "button", disabled: true }, t.step_up_verify);
    const request = el("button", { type: "button", class: "secondary" }, t.step_up_send);
    const sheet = el("div", { class: "code-sheet", role: "note", hidden: true });
    request.addEventListener("click", async () => {
      try {
        const sent = await api("customer", "/api/auth/step-up", { method: "POST" });
        note.textContent = t.step_up_sent;
        verify.disabled = false;
        const mails = await loadOutbox();
        offerCode(mails, sent);
      } catch (problem) { note.textContent = problem.message; }
    });
    // With simulated mail the tray holds the code: it is shown here, next to the box it is typed in, with a button
    // that types it (no scrolling out of the card to read it). Real mail never reaches this page.
    function offerCode(mails) {
      const mail = (mails || []).find((m) => m.template === "step_up_code");
      const found = mail && /\b(\d{6})\b/.exec(mail.body);
      if (!found) return;
      const use = el("button", { type: "button", class: "secondary", onclick: () => { code.value = found[1]; code.focus(); } }, t.step_up_use_code);
      sheet.replaceChildren(el("strong", {}, `${t.simulated_mail}: ${mail.subject}`), el("br"), mail.body, el("div", { class: "row tools" }, use));
      sheet.hidden = false;
    }
    verify.addEventListener("click", async () => {
      try {
        await api("customer", "/api/auth/step-up/verify", { method: "POST", body: { code: code.value.trim() } });
        note.textContent = t.step_up_ok;
        sheet.hidden = true;
        me.stepped_up = true;
        box.hidden = true;
        onVerified();
      } catch (problem) { note.textContent = problem.message; }
    });
    const box = el("div", { class: "step-up" }, el("p", {}, t.step_up_title), request,
      el("label", { for: id }, t.step_up_label), code, sheet, el("div", { class: "row tools" }, verify), note);
    return box;
  }

  // --- sending: the message shows at once, a typing indicator follows the server's steps ------------------
  function typingIndicator(onCancel) {
    const step = el("span", { class: "step" }, t.step_understanding);
    const clock = el("span", { class: "muted small elapsed" }, t.seconds.replace("{n}", "0"));
    const slow = el("p", { class: "small slow", hidden: true }, t.slow_notice);
    const item = el("li", { class: "typing", id: "typing", "data-pending": "" },
      el("span", { class: "dots", "aria-hidden": "true" }, el("i"), el("i"), el("i")), " ",
      el("span", { role: "status" }, el("span", { class: "visually-hidden" }, `${t.typing_label}: `), step), " ", clock,
      el("button", { type: "button", class: "link small", id: "cancel-wait", onclick: onCancel }, t.cancel_wait), slow);
    const started = Date.now();
    const timer = setInterval(() => {
      const seconds = Math.floor((Date.now() - started) / 1000);
      clock.textContent = t.seconds.replace("{n}", seconds);
      if (seconds >= 10) slow.hidden = false;
    }, 500);
    return { item, timer, setStep: (name) => { step.textContent = t[`step_${name}`] || step.textContent; item.dataset.step = name; } };
  }

  async function submit(text) {
    Q.show(chatError, "");
    if ((!text && !image) || waiting || !me) return;  // before the page knows the customer, nothing is sent
    const sentImage = image;
    if (!threadId) {
      // The page names a new thread itself, so a reload finds the conversation even if the wait was cancelled.
      remember(Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join(""));
      follow();
    }
    const body = { message: text || "", thread_id: threadId };
    offered = [];
    thread.querySelectorAll(".quick-replies").forEach((node) => node.remove());
    if (text) unsent.keep(text, threadId);
    if (sentImage) Object.assign(body, { image: sentImage.data, image_type: sentImage.type });
    const mine = el("li", { class: "msg msg-customer", "data-role": "customer", "data-pending": "", "data-sent-at": Date.now() },
      el("span", { class: "who" }, t.you, " · ", Q.time(new Date().toISOString())), text || "",
      sentImage ? el("img", { class: "thumb", src: sentImage.url, alt: t.photo_thumb }) : null);
    const controller = new AbortController();
    const typing = typingIndicator(() => controller.abort());
    thread.append(mine, typing.item);
    message.value = "";
    clearPhoto(false);
    send.disabled = true;
    waiting = { controller, timer: typing.timer };
    scrollDown();
    let turn = null;
    try {
      await Q.stream("customer", "/api/chat/stream", body, (line) => {
        if (line.step) typing.setStep(line.step);
        if (line.turn) turn = line.turn;
        if (line.error) Q.show(chatError, (line.messages && line.messages[Q.lang]) || t.error_generic);
      }, controller.signal);
    } catch (problem) {
      if (controller.signal.aborted) {
        thread.append(el("li", { class: "msg msg-system", "data-pending": "", id: "cancelled-note" }, t.cancelled_wait));
      } else {
        Q.show(chatError, problem.message);
        if (!text) clearPhoto();
        message.value = message.value || text;
        unsent.drop();
      }
    } finally {
      clearInterval(typing.timer);
      typing.item.remove();
      send.disabled = false;
      waiting = null;
    }
    if (!turn) {  // refused or failed: the thread has the message and a note saying it was not answered
      if (!controller.signal.aborted) { unsent.drop(); await refresh(); }
      return;
    }
    unsent.drop();
    offered = turn.quick_replies || [];
    mine.remove();
    await refresh();
    if (sentImage) {
      const stored = [...thread.querySelectorAll('[data-role="customer"][data-message-id]')].pop();
      if (stored) { thumbs.set(Number(stored.dataset.messageId), sentImage.url); stored.append(el("img", { class: "thumb", src: sentImage.url, alt: t.photo_thumb })); }
    }
    scrollDown();
  }

  form.addEventListener("submit", (event) => { event.preventDefault(); submit(message.value.trim()); });
  message.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); submit(message.value.trim()); }
  });
  $("new-chat").addEventListener("click", startNewThread);

  // --- photo: a thumbnail for this page only ---------------------------------------------------------------
  function clearPhoto(revoke = true) {
    if (revoke && image) URL.revokeObjectURL(image.url);
    image = null;
    photo.value = "";
    Q.show(photoName, "");
    photoRemove.hidden = true;
  }
  photo.addEventListener("change", () => {
    const file = photo.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      image = { data: String(reader.result).split(",")[1], type: file.type, url: URL.createObjectURL(file) };
      Q.show(photoName, `${t.attached}: ${file.name}`);
      photoRemove.hidden = false;
    };
    reader.readAsDataURL(file);
  });
  photoRemove.addEventListener("click", () => clearPhoto());

  // --- voice: degrades to a message when the browser or the server cannot do it -------------------------
  let recorder = null;
  mic.addEventListener("click", async () => {
    if (recorder) { recorder.stop(); return; }
    if (!navigator.mediaDevices || !window.MediaRecorder) { Q.show(chatError, t.speech_unavailable); return; }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const chunks = [];
      recorder = new MediaRecorder(stream);
      recorder.ondataavailable = (event) => chunks.push(event.data);
      recorder.onstop = async () => {
        stream.getTracks().forEach((track) => track.stop());
        recorder = null;
        mic.textContent = t.mic;
        mic.setAttribute("aria-pressed", "false");
        const audio = new Blob(chunks, { type: chunks[0] ? chunks[0].type : "audio/webm" });
        try {
          const heard = await api("customer", `/api/speech/transcribe?language=${Q.lang}`, { method: "POST", raw: audio, contentType: audio.type || "audio/webm" });
          message.value = heard.text;
          message.focus();
        } catch (problem) { Q.show(chatError, problem.message || t.speech_unavailable); }
      };
      recorder.start();
      mic.textContent = t.mic_stop;
      mic.setAttribute("aria-pressed", "true");
    } catch (problem) { Q.show(chatError, t.speech_unavailable); }
  });

  async function readAloud(text) {
    try {
      const response = await api("customer", "/api/speech/synthesize", { method: "POST", body: { text, language: Q.lang } });
      const url = URL.createObjectURL(await response.blob());
      new Audio(url).play().catch(() => Q.show(chatError, t.speech_unavailable));
    } catch (problem) { Q.show(chatError, t.speech_unavailable); }
  }

  // --- the Mensajes tray ------------------------------------------------------------------------------
  async function loadOutbox() {
    try {
      const mails = await api("customer", "/api/me/outbox?limit=20");
      $("tray-toggle").textContent = mails.length ? `${t.messages} (${mails.length})` : t.messages;
      outbox.replaceChildren(...(mails.length ? mails.map((m) => el("li", { "data-template": m.template },
        el("strong", {}, m.subject), el("br"),
        el("span", { class: "muted small" }, `${Q.moment(m.created_at)} · ${m.mode === "simulated" ? t.simulated : t.accepted}`),
        el("br"), m.body)) : [el("li", { class: "muted" }, t.messages_empty)]));
      return mails;
    } catch (problem) { return []; /* the tray is informative; the chat goes on without it */ }
  }

  // On a phone the tray is a sheet over the chat, opened from the chat's head: the page itself never scrolls.
  function tray(open) {
    $("tray").classList.toggle("open", open);
    $("tray-toggle").setAttribute("aria-expanded", String(open));
    if (open) $("tray-close").focus(); else $("tray-toggle").focus();
  }
  $("tray-toggle").addEventListener("click", () => tray(!$("tray").classList.contains("open")));
  $("tray-close").addEventListener("click", () => tray(false));
  document.addEventListener("keydown", (event) => { if (event.key === "Escape" && $("tray").classList.contains("open")) tray(false); });

  (async () => {
    send.disabled = true;  // until the page knows who writes (a message sent sooner would race the thread's redraw)
    me = await api("customer", "/api/me");
    if (Q.setLanguage(me.language)) { location.reload(); return; }
    Q.useLocale(me);
    if (me.first_name) $("chat-title").textContent = t.hello.replace("{name}", me.first_name);
    loadOutbox();
    send.disabled = false;
    if (threadId) { remember(threadId); await refresh(); if (threadId) follow(); }
    const question = params.get("q");
    if (question) { startNewThread(); submit(question.slice(0, 2000)); }
    else message.focus();
  })();
})();
