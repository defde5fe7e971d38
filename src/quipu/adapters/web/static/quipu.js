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
  const locale = lang === "pt" ? "pt-BR" : "es-MX";
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

  // US dollars are written US$ so they never read as pesos or reais; other currencies keep their code.
  function money(amount, currency) {
    const value = Number(amount);
    if (!Number.isFinite(value)) return `${amount} ${currency || ""}`.trim();
    const figure = value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    if (currency === "USD") return `US$ ${figure}`;
    return `${figure} ${currency || ""}`.trim();
  }

  function time(iso) {
    return new Date(iso).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
  }

  function day(iso) {
    const [y, m, d] = String(iso).slice(0, 10).split("-");
    return `${Number(d)} ${month(`${y}-${m}`)}`;
  }

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
    texts, lang, api, stream, token, setToken, signOut, requireSignIn, sessionEnded, el, money, time, day, month,
    duration, word, show, watch, setLanguage, ApiError,
  };
})();
