// Shared by every page: texts, the session token, API calls with one error shape, live updates, words for codes.
//
// The token lives in localStorage, so every tab of this browser on this origin shares the session, and no script
// of another origin can read it (the storage is same-origin only). It is never a cookie, so the browser never
// attaches it by itself: a page of another site cannot make a signed-in request (no CSRF), since every API call
// here puts it in the Authorization header explicitly.
"use strict";
const Q = (() => {
  const texts = JSON.parse(document.getElementById("texts").textContent);
  const lang = document.body.dataset.lang || "es";
  const tokenKey = (kind) => `quipu.${kind}.token`;
  const signInPage = (kind) => (kind === "operator" ? "/consola/entrar" : "/entrar");
  const token = (kind) => localStorage.getItem(tokenKey(kind));
  let expiryTimer = null;

  function setToken(kind, value) { localStorage.setItem(tokenKey(kind), value); }

  // Sign-out ends the session on the server first (its token stops working everywhere), then here.
  const signOutPath = (kind) => (kind === "operator" ? "/api/operators/logout" : "/api/auth/logout");

  async function signOut(kind, page) {
    const current = token(kind);
    if (current) {
      try {
        await fetch(signOutPath(kind), { method: "POST", headers: { Authorization: `Bearer ${current}` } });
      } catch (error) { /* offline: the token still ends in this browser */ }
    }
    localStorage.removeItem(tokenKey(kind));
    location.replace(page);
  }

  function expiresAt(value) {
    try {
      const payload = JSON.parse(atob(value.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
      return payload.exp ? payload.exp * 1000 : null;
    } catch (error) { return null; }
  }

  // The session ends in the page itself: a notice with a link, the token gone, nothing half-done on screen.
  function sessionEnded(kind) {
    localStorage.removeItem(tokenKey(kind));
    const notice = document.getElementById("session-notice");
    if (!notice || !notice.hidden) return;
    notice.replaceChildren(texts.session_expired, " ",
      el("a", { href: `${signInPage(kind)}?next=${encodeURIComponent(location.pathname + location.search)}` },
        texts.session_expired_link));
    notice.hidden = false;
    document.querySelectorAll("main button, main textarea, main input").forEach((node) => { node.disabled = true; });
  }

  function requireSignIn(kind, page) {
    const value = token(kind);
    if (!value) { location.replace(page); return false; }
    const ends = expiresAt(value);
    if (ends) {
      clearTimeout(expiryTimer);
      expiryTimer = setTimeout(() => sessionEnded(kind), Math.max(0, ends - Date.now()));
    }
    window.addEventListener("storage", (event) => {
      if (event.key === tokenKey(kind) && !event.newValue) sessionEnded(kind);
    });
    return true;
  }

  class ApiError extends Error {
    constructor(status, body) {
      super((body && body.messages && body.messages[lang]) || texts.error_generic);
      this.status = status; this.code = body && body.error;
    }
  }

  function headersFor(kind, extra = {}) {
    const headers = { Accept: "application/json", ...extra };
    const t = kind && token(kind);
    if (t) headers.Authorization = `Bearer ${t}`;
    return headers;
  }

  async function api(kind, path, { method = "GET", body, raw, contentType, signal } = {}) {
    const headers = headersFor(kind);
    let payload;
    if (raw !== undefined) { payload = raw; headers["Content-Type"] = contentType || "application/octet-stream"; }
    else if (body !== undefined) { payload = JSON.stringify(body); headers["Content-Type"] = "application/json"; }
    const response = await fetch(path, { method, headers, body: payload, signal });
    const type = response.headers.get("content-type") || "";
    const data = type.includes("json") ? await response.json() : response;
    if (response.status === 401 && kind) sessionEnded(kind);
    if (!response.ok) throw new ApiError(response.status, type.includes("json") ? data : null);
    return data;
  }

  // A streamed turn: one JSON object per line; onLine sees each one as it arrives.
  async function stream(kind, path, body, onLine, signal) {
    const response = await fetch(path, {
      method: "POST", signal, body: JSON.stringify(body),
      headers: headersFor(kind, { "Content-Type": "application/json", Accept: "application/x-ndjson" }),
    });
    if (response.status === 401 && kind) sessionEnded(kind);
    if (!response.ok) {
      const type = response.headers.get("content-type") || "";
      throw new ApiError(response.status, type.includes("json") ? await response.json() : null);
    }
    for await (const piece of pieces(response, "\n")) {
      const line = piece.trim();
      if (line) onLine(JSON.parse(line));
    }
  }

  // The pieces of a streamed body, cut where the separator stands (NDJSON lines, server-sent event blocks).
  async function* pieces(response, separator) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf(separator)) >= 0) {
        yield buffer.slice(0, end);
        buffer = buffer.slice(end + separator.length);
      }
    }
  }

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "style") node.style.cssText = value; // CSSOM, which the Content-Security-Policy allows
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child !== undefined && child !== null) node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  // The customer's locale (es-MX, es-CO, es-AR, pt-BR), from /api/me: every page writes amounts, dates and times
  // the way code writes them in the chat (domain/locale.py), so a screen never mixes two conventions.
  let place = { tag: lang === "pt" ? "pt-BR" : "es-MX", zone: undefined, comma: lang === "pt" };

  function useLocale(me) {
    if (me && me.locale) place = { tag: me.locale, zone: me.time_zone, comma: Boolean(me.decimal_comma) };
  }

  // Draws with another person's locale (the console shows a customer's case as that customer reads it).
  function within(someone, draw) {
    const saved = place;
    useLocale(someone);
    try { return draw(); } finally { place = saved; }
  }

  // 1,234.56 or 1.234,56: grouped by thousands always, two decimals, like domain/money.format_number.
  function figure(value, digits = 2) {
    const [whole, decimals] = Math.abs(value).toFixed(digits).split(".");
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    const text = decimals ? `${grouped}.${decimals}` : grouped;
    return (value < 0 ? "-" : "") + (place.comma ? text.replace(/[,.]/g, (c) => (c === "," ? "." : ",")) : text);
  }

  // Always with the currency's code after the figure, as code writes it in the chat, mail and receipts.
  function money(amount, currency) {
    const value = Number(amount);
    if (!Number.isFinite(value)) return `${amount} ${currency || ""}`.trim();
    return `${figure(value)} ${currency || ""}`.trim();
  }

  // The bank's records keep local wall-clock times (no offset): shown as written. What quipu stored (an offset or
  // Z) is shown on the customer's clock.
  function clock(iso) {
    const text = String(iso);
    if (!/(Z|[+-]\d\d:?\d\d)$/.test(text)) {
      const [d, t = "00:00"] = text.split(/[T ]/);
      const [y, m, day] = d.split("-").map(Number);
      const [hh, mm] = t.split(":");
      return { y, m, d: day, hh: hh.padStart(2, "0"), mm: (mm || "00").slice(0, 2) };
    }
    const format = new Intl.DateTimeFormat("en-CA", { timeZone: place.zone, year: "numeric", month: "2-digit",
      day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    const p = Object.fromEntries(format.formatToParts(new Date(text)).map((x) => [x.type, x.value]));
    return { y: Number(p.year), m: Number(p.month), d: Number(p.day), hh: p.hour, mm: p.minute };
  }

  function time(iso) {
    const c = clock(iso);
    return `${c.hh}:${c.mm}`;
  }

  function day(iso) {
    const c = clock(iso);
    return `${c.d} ${texts.months.split(",")[c.m - 1]} ${c.y}`;
  }

  // A date and a time on the customer's clock: "11 jun 2026, 09:00".
  function moment(iso) { return `${day(iso)}, ${time(iso)}`; }

  function month(yearMonth) {
    const [y, m] = String(yearMonth).split("-");
    return `${texts.months.split(",")[Number(m) - 1]} ${y}`;
  }

  function duration(seconds) {
    const minutes = Math.round(Math.abs(seconds) / 60);
    const hours = Math.floor(minutes / 60);
    return hours ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
  }

  // A code shown to a person as a word in their language (raw code only when there is no word for it yet).
  function word(prefix, code) {
    return texts[`${prefix}_${code}`] || String(code || "").replace(/_/g, " ");
  }

  function show(node, text) {
    node.textContent = text || "";
    node.hidden = !text;
  }

  // Server-Sent Events over fetch, so the bearer token travels in a header and never in a URL.
  async function watch(kind, path, onEvent, signal) {
    let delay = 1000;
    while (!signal || !signal.aborted) {
      try {
        const response = await fetch(path, {
          headers: { Authorization: `Bearer ${token(kind)}`, Accept: "text/event-stream" }, signal,
        });
        if (!response.ok) return;
        delay = 1000;
        for await (const block of pieces(response, "\n\n")) {
          const event = /^event: (\w+)/m.exec(block);
          const data = /^data: (.*)$/m.exec(block);
          if (event) onEvent(event[1], data ? JSON.parse(data[1]) : {});
        }
      } catch (error) {
        if (signal && signal.aborted) return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 15000);
    }
  }

  function setLanguage(language) {
    if (language !== "es" && language !== "pt") return false;
    document.cookie = `quipu_lang=${language}; path=/; max-age=31536000; samesite=strict`;
    return language !== lang;
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-sign-out]");
    if (!button) return;
    const page = button.dataset.signOut;
    signOut(page.startsWith("/consola") ? "operator" : "customer", page);
  });

  return {
    texts, lang, api, stream, token, setToken, signOut, requireSignIn, sessionEnded, el, money, figure, time, day,
    moment, month, duration, useLocale, within, word, show, watch, setLanguage, ApiError,
  };
})();
