// arbitro web app: plain JavaScript, no library. Talks to the JSON API of
// `arbitro serve` (/api/…, the same objects as `arbitro CMD --json`). Views, chosen by
// the URL hash so that every screen is a link a referee can share:
//   #/?q=…&game=…            Domanda: answers as you type
//   #/situazione?q=…&fact=…  Situazione: the ruling, asking back with buttons
//   #/show/DOC#EID           a provision: its place, its text, references in and out
//   #/indice[/DOC]           the rulebooks and their tables of contents
'use strict';
(() => {
  const $ = (selector, root = document) => root.querySelector(selector);
  const store = {
    get: (key) => { try { return localStorage.getItem('arbitro.' + key) || ''; } catch (e) { return ''; } },
    set: (key, value) => { try { localStorage.setItem('arbitro.' + key, value); } catch (e) { /* private mode */ } },
  };

  // h('p', {class: 'x'}, 'text', child…): elements built with text nodes only, never
  // from HTML strings, so nothing the index or the user wrote is ever parsed as markup.
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === false || value === null || value === undefined) continue;
      if (key === 'onclick') el.addEventListener('click', value);
      else el.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      el.append(child instanceof Node ? child : String(child));
    }
    return el;
  }

  const state = {
    game: store.get('game'),
    games: [],          // [{id, label, docs: [DocumentInfo…]}]
    facts: [],          // Situazione: facts given with the option buttons, [name, value]
    resolveGame: '',    // the game those facts belong to, when no chip is chosen
    tocs: new Map(),    // doc → toc JSON
    view: '',
    askTimer: 0,
    askSeq: 0,
    askAbort: null,
  };

  // ------------------------------------------------------------------ API
  class ApiError extends Error {}

  function query(pairs) {
    return pairs.filter(([, v]) => v !== '' && v !== undefined && v !== null)
      .map(([k, v]) => encodeURIComponent(k) + '=' + encodeURIComponent(v)).join('&');
  }

  async function api(path, pairs, signal) {
    let res;
    try {
      res = await fetch('/api/' + path + (pairs.length ? '?' + query(pairs) : ''), { signal });
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      throw new ApiError('Nessuna connessione con il server e nessuna risposta salvata per questa richiesta.');
    }
    const offline = res.headers.get('X-Arbitro-Offline') === '1';
    setOffline(offline || !navigator.onLine);
    let body = null;
    try { body = await res.json(); } catch (e) { /* not JSON */ }
    if (!res.ok) throw new ApiError((body && body.error) || 'Errore ' + res.status);
    return { body, offline };
  }

  function setOffline(on) { $('#offline').hidden = !on; }

  // ------------------------------------------------------------------ shared renderers
  const gameLabel = (id) => id.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  const showHref = (id) => '#/show/' + id;
  const docTitle = (doc) => {
    for (const g of state.games) {
      const d = g.docs.find((x) => x.doc === doc);
      if (d) return d.short_title || d.title;
    }
    return doc;
  };

  // The text with the engine's matched words in <mark> (ranges in code points).
  function highlighted(text, ranges) {
    const chars = Array.from(text || '');
    const out = [];
    let at = 0;
    for (const [from, to] of ranges || []) {
      if (from < at || to > chars.length || from >= to) continue;
      out.push(chars.slice(at, from).join(''), h('mark', {}, chars.slice(from, to).join('')));
      at = to;
    }
    out.push(chars.slice(at).join(''));
    return out;
  }

  // Beside a ruling the book does not state (`reading`), as the CLI prints it (kReadingNotice).
  const READING_NOTICE = 'Il regolamento non lo dice espressamente: è la lettura applicata dove il testo tace o è difettoso.';

  // Sanction badges coloured by kind; the label always says it in words.
  const BADGE_KINDS = [
    ['b-red', /rosso|espulsion|squalific|tavolino|sconfitta/],
    ['b-yellow', /giallo|ammoni|richiamo/],
    ['b-penalty', /rigor|meta-tecnica/],
    ['b-free', /punizion|piazzat|barriera|distanza/],
    ['b-void', /annullat|non-consentit|nessun|ripetizion|perso/],
    ['b-goal', /gol-valido|convalidat|vittoria|trasformazione|^meta|consentit/],
    ['b-restart', /rimessa|angolo|rinvio|mischia|touche|ripresa|inizio|^back|mark|possesso|recupero/],
  ];
  const badgeClass = (type) => (BADGE_KINDS.find(([, re]) => re.test(type)) || ['b-other'])[0];

  function badge(s) {
    return h('li', { class: 'badge ' + badgeClass(s.type) }, s.label || s.type,
      s.beneficiary ? h('small', {}, ' · ' + s.beneficiary) : null,
      s.place ? h('small', {}, ' — ' + s.place) : null);
  }

  function badges(sanctions) {
    if (!sanctions || !sanctions.length) return null;
    const list = h('ul', { class: 'badges', 'aria-label': 'Sanzioni' });
    const done = new Set();
    for (const s of sanctions) {
      if (!s.choice) { list.append(badge(s)); continue; }
      if (done.has(s.choice)) continue;
      done.add(s.choice);
      list.append(h('li', { class: 'badge-or' }, 'a scelta di ' + (s.chosen_by || '…') + ':'));
      sanctions.filter((x) => x.choice === s.choice).forEach((x, i) => {
        if (i) list.append(h('li', { class: 'badge-or' }, 'oppure'));
        list.append(badge(x));
      });
    }
    return list;
  }

  function links(title, items) {
    const usable = (items || []).filter((l) => l.id);
    if (!usable.length) return null;
    return h('div', { class: 'see' }, h('strong', {}, title),
      h('ul', {}, usable.map((l) => h('li', {}, h('a', { href: showHref(l.id) }, l.citation || l.id)))));
  }

  function setStatus(el, text, isError) {
    el.textContent = text;
    el.classList.toggle('error', !!isError);
  }

  // ------------------------------------------------------------------ games
  async function loadGames() {
    try {
      const { body } = await api('games', []);
      const byGame = new Map();
      for (const d of body) {
        if (!byGame.has(d.game)) byGame.set(d.game, { id: d.game, label: gameLabel(d.game), docs: [] });
        byGame.get(d.game).docs.push(d);
      }
      state.games = [...byGame.values()];
      if (state.game && !byGame.has(state.game)) state.game = '';
    } catch (e) {
      state.games = [];
    }
    renderChips();
  }

  function renderChips() {
    const box = $('#games');
    box.replaceChildren();
    const chip = (id, label) => h('button', {
      type: 'button', class: 'chip', 'aria-pressed': state.game === id ? 'true' : 'false', 'data-game': id,
      onclick: () => chooseGame(id),
    }, label);
    box.append(chip('', 'Tutti i giochi'));
    // A few games are chips; many (every sport, every edition) add a list to pick from.
    const many = state.games.length > 8;
    for (const g of state.games) {
      if (!many || g.id === state.game) box.append(chip(g.id, g.label));
    }
    if (many) {
      const select = h('select', { class: 'chip', 'aria-label': 'Altro gioco' },
        h('option', { value: '' }, 'Altro gioco…'),
        state.games.map((g) => h('option', { value: g.id }, g.label)));
      select.addEventListener('change', () => select.value && chooseGame(select.value));
      box.append(select);
    }
  }

  function chooseGame(id) {
    state.game = id;
    store.set('game', id);
    renderChips();
    if (state.view === 'ask') runAsk($('#q').value, true);
    else if (state.view === 'resolve' && ($('#s').value.trim() || state.facts.length)) runResolve(true);
    else if (state.view === 'toc') route();
  }

  // ------------------------------------------------------------------ Domanda
  function scheduleAsk() {
    clearTimeout(state.askTimer);
    state.askTimer = setTimeout(() => runAsk($('#q').value, true), 250);
  }

  async function runAsk(q, updateUrl) {
    const status = $('#ask-status');
    const results = $('#ask-results');
    if (updateUrl) history.replaceState(null, '', '#/' + (q.trim() ? '?' + query([['q', q], ['game', state.game]]) : ''));
    if (state.askAbort) state.askAbort.abort();
    if (q.trim().length < 2) {
      results.replaceChildren();
      setStatus(status, q.trim() ? 'Continua a scrivere…' : '');
      return;
    }
    const seq = ++state.askSeq;
    state.askAbort = new AbortController();
    setStatus(status, 'Cerco…');
    try {
      const { body, offline } = await api('ask', [['q', q], ['game', state.game], ['limit', 8]], state.askAbort.signal);
      if (seq !== state.askSeq) return;
      renderAsk(body, offline);
    } catch (e) {
      if (e.name === 'AbortError' || seq !== state.askSeq) return;
      results.replaceChildren();
      setStatus(status, e.message, true);
    }
  }

  function renderAsk(r, offline) {
    const status = $('#ask-status');
    const parts = [];
    parts.push(r.hits.length === 1 ? '1 risposta' : r.hits.length + ' risposte');
    if (r.game_inferred && r.game) parts.push('gioco dedotto: ' + gameLabel(r.game));
    if (offline) parts.push('risposta salvata (offline)');
    setStatus(status, r.hits.length ? parts.join(' · ') : 'Nessuna regola trovata per «' + r.query + '».');
    if (r.corrected) {
      status.append(' ', h('button', {
        type: 'button', class: 'chip', onclick: () => { $('#q').value = r.corrected; runAsk(r.corrected, true); },
      }, 'Forse cercavi: ' + r.corrected));
    }
    if (!r.hits.length && state.game) {
      status.append(' ', h('button', { type: 'button', class: 'chip', onclick: () => chooseGame('') }, 'Cerca in tutti i giochi'));
    }
    $('#ask-results').replaceChildren(...r.hits.map((hit) => h('li', { class: 'card', 'data-id': hit.id },
      h('h3', { class: 'cite' }, h('a', { href: showHref(hit.id) }, hit.citation)),
      h('p', { class: 'text' }, highlighted(hit.text, hit.highlights)),
      badges(hit.sanctions),
      links('Vedi anche', hit.refs_out))));
  }

  // ------------------------------------------------------------------ Situazione
  function renderGivenFacts() {
    $('#given-facts').replaceChildren(...state.facts.map(([name, value], i) => h('li', {},
      h('button', {
        type: 'button', 'aria-label': 'Togli il fatto ' + name + ' = ' + value,
        onclick: () => { state.facts.splice(i, 1); renderGivenFacts(); runResolve(true); },
      }, name + ' = ' + value + ' ✕'))));
  }

  async function runResolve(push) {
    const scenario = $('#s').value;
    const status = $('#resolve-status');
    const out = $('#resolve-result');
    // Facts are read in one game: the chosen one, or the one the first answer found.
    if (!state.facts.length) state.resolveGame = '';
    const game = state.game || state.resolveGame;
    const pairs = [['q', scenario], ['game', game], ...state.facts.map(([n, v]) => ['fact', n + '=' + v])];
    const hash = '#/situazione' + (pairs.some(([, v]) => v) ? '?' + query(pairs) : '');
    if (push && location.hash !== hash) history.pushState(null, '', hash);
    if (!scenario.trim() && !state.facts.length) {
      out.replaceChildren();
      setStatus(status, 'Descrivi la situazione: chi ha fatto cosa, dove.');
      return;
    }
    setStatus(status, 'Decido…');
    try {
      const { body, offline } = await api('resolve', [...pairs, ['explain', 1]]);
      renderResolve(body, offline);
    } catch (e) {
      out.replaceChildren();
      setStatus(status, e.message, true);
    }
  }

  function renderResolve(r, offline) {
    const parts = [];
    if (r.game) parts.push('Gioco: ' + gameLabel(r.game));
    if (!r.rulings.length && !r.unresolved.length) parts.push('nessuna decisione');
    if (offline) parts.push('risposta salvata (offline)');
    setStatus($('#resolve-status'), parts.join(' · '));
    const out = [];
    const read = (r.facts_read || []).filter((f) => f.words);
    if (read.length) {
      out.push(h('p', { class: 'facts-read' }, 'Fatti letti: ',
        read.map((f, i) => [i ? '; ' : '', h('code', {}, f.fact + ' = ' + f.value), ' («' + f.words + '»)'])));
    }
    r.unresolved.forEach((u) => out.push(h('section', { class: 'card ask-back', 'aria-label': 'Domanda di chiarimento' },
      h('p', { class: 'kicker' }, 'Serve un dettaglio'),
      h('h3', { class: 'decision' }, u.question),
      h('div', { class: 'options' }, u.options.map((o) => h('button', {
        type: 'button', class: 'option', 'data-fact': u.fact, 'data-value': o.value,
        onclick: () => {
          // Structured facts replace the reading of the description (as with
          // `resolve --fact`): carry every fact read so far, plus the answer.
          if (!state.game) state.resolveGame = r.game;
          const facts = new Map(Object.entries(r.facts || {}));
          facts.set(u.fact, o.value);
          state.facts = [...facts.entries()];
          renderGivenFacts();
          runResolve(true);
        },
      }, h('strong', {}, o.label || o.value), h('span', {}, '→ ' + o.decision)))))));
    r.rulings.forEach((ruling, i) => out.push(h('section', { class: 'card ruling' + (i ? ' alternative' : '') },
      h('p', { class: 'kicker' }, i ? 'Alternativa' : 'Decisione'),
      h('h3', { class: 'decision' }, ruling.decision),
      h('p', { class: 'confidence' }, 'Affidabilità ' + Math.round(ruling.confidence * 100) + '%'),
      ruling.reading ? h('p', { class: 'notice reading' }, READING_NOTICE) : null,
      badges(ruling.sanctions),
      h('ul', { class: 'citations', 'aria-label': 'Regole che la sostengono' }, ruling.citations.map((c) => h('li', {},
        h('a', { href: showHref(c.id) }, c.citation),
        h('details', {}, h('summary', {}, 'Testo della regola'), h('p', { class: 'text' }, c.text))))),
      ruling.because.length ? h('ul', { class: 'because' }, ruling.because.map((b) => h('li', {}, b))) : null)));
    (r.notes || []).forEach((n) => out.push(h('p', { class: 'notice' }, n)));
    if (r.closest && r.closest.length) {
      out.push(h('section', { class: 'card' }, h('h3', {}, 'Le disposizioni più vicine'),
        h('ul', {}, r.closest.map((c) => h('li', {}, h('a', { href: showHref(c.id) }, c.citation))))));
    }
    if (r.explanation && r.explanation.length) {
      out.push(h('details', { class: 'card why' }, h('summary', {}, 'Perché?'),
        h('ol', {}, r.explanation.map((e) => h('li', {}, e)))));
    }
    $('#resolve-result').replaceChildren(...out);
  }

  // ------------------------------------------------------------------ provision page
  async function showProvision(id) {
    const view = $('#view-show');
    view.replaceChildren(h('p', { class: 'status', role: 'status' }, 'Carico…'));
    let p;
    try {
      p = (await api('show', [['id', id]])).body;
    } catch (e) {
      if (!id.includes('#') && state.games.some((g) => g.docs.some((d) => d.doc === id))) {
        location.replace('#/indice/' + id);  // a document: its table of contents
        return;
      }
      view.replaceChildren(h('h2', { tabindex: '-1' }, 'Disposizione non trovata'), h('p', { class: 'error' }, e.message));
      focusHeading(view);
      return;
    }
    const crumbs = h('ol', { class: 'crumbs', 'aria-label': 'Posizione nel regolamento' },
      h('li', {}, h('a', { href: '#/indice/' + p.doc }, docTitle(p.doc))),
      (p.ancestors || []).map((a) => h('li', {}, h('a', { href: showHref(a.id) }, a.label || a.id))));
    const share = h('button', { type: 'button', onclick: () => shareLink(p) }, 'Condividi');
    const children = (p.children || []).map((c) => h('li', { class: 'card' },
      h('h3', { class: 'cite' }, h('a', { href: showHref(c.id) }, c.heading || (c.kind === 'row' ? c.label : '') || c.id.split('#')[1])),
      c.text ? h('p', { class: 'text' }, c.text) : null,
      badges(c.sanctions)));
    view.replaceChildren(h('article', { class: 'provision' }, crumbs,
      h('h2', { tabindex: '-1' }, p.citation),
      h('p', { class: 'id' }, p.id),
      p.text ? h('p', { class: 'text' }, p.text) : null,
      badges(p.sanctions),
      children.length ? h('ol', { class: 'cards', 'aria-label': 'Contenuto' }, children) : null,
      links('Rimanda a', p.refs_out),
      links('Richiamata da', p.refs_in),
      h('div', { class: 'actions' }, share, h('button', { type: 'button', onclick: () => history.back() }, 'Indietro')),
      h('p', { class: 'status', role: 'status', id: 'share-status' })));
    focusHeading(view);
  }

  async function shareLink(p) {
    const url = location.origin + '/' + showHref(p.id);
    if (navigator.share) {
      try { await navigator.share({ title: p.citation, url }); return; } catch (e) { /* cancelled */ }
    }
    try {
      await navigator.clipboard.writeText(url);
      $('#share-status').textContent = 'Link copiato: ' + url;
    } catch (e) {
      $('#share-status').textContent = url;
    }
  }

  // ------------------------------------------------------------------ tables of contents
  async function showToc(doc) {
    const view = $('#view-toc');
    if (!doc) {
      const games = state.games.filter((g) => !state.game || g.id === state.game);
      const item = (g, d) => h('li', { class: 'card' }, h('a', { href: '#/indice/' + d.doc },
        h('strong', {}, d.title + (d.edition ? ' ' + d.edition : '')),
        h('span', { class: 'meta' }, ' · ' + g.label + ' · ' + d.provisions + ' disposizioni' +
          (d.cases ? ', ' + d.cases + ' casi' : ''))));
      view.replaceChildren(h('h2', { tabindex: '-1' }, 'Regolamenti'),
        h('ul', { class: 'docs' }, games.flatMap((g) => g.docs.map((d) => item(g, d)))));
      focusHeading(view);
      return;
    }
    view.replaceChildren(h('p', { class: 'status', role: 'status' }, 'Carico…'));
    try {
      if (!state.tocs.has(doc)) state.tocs.set(doc, (await api('toc', [['doc', doc]])).body);
    } catch (e) {
      view.replaceChildren(h('h2', { tabindex: '-1' }, 'Indice'), h('p', { class: 'error' }, e.message));
      focusHeading(view);
      return;
    }
    const tocs = state.tocs.get(doc);
    view.replaceChildren(...tocs.flatMap((t) => [
      h('h2', { tabindex: '-1' }, t.title),
      h('ol', { class: 'toc', 'aria-label': 'Indice di ' + t.title }, t.entries.map((e) => h('li', { class: 'd' + Math.min(e.depth, 3) },
        h('a', { href: showHref(e.id) }, h('span', {}, e.label || e.id),
          e.provisions ? h('span', { class: 'count' }, e.provisions + ' disp.') : null))))]));
    focusHeading(view);
  }

  function focusHeading(view) {
    if (!state.userNavigated) return;
    const heading = $('h2', view);
    if (heading) heading.focus({ preventScroll: false });
  }

  // ------------------------------------------------------------------ router
  function params(text) {
    const out = [];
    for (const part of (text || '').split('&')) {
      if (!part) continue;
      const eq = part.indexOf('=');
      const dec = (s) => { try { return decodeURIComponent(s.replace(/\+/g, ' ')); } catch (e) { return s; } };
      out.push([dec(eq < 0 ? part : part.slice(0, eq)), dec(eq < 0 ? '' : part.slice(eq + 1))]);
    }
    return out;
  }

  function showView(name) {
    state.view = name;
    for (const v of ['ask', 'resolve', 'show', 'toc']) $('#view-' + v).hidden = v !== name;
    const tab = { ask: 'ask', resolve: 'resolve', toc: 'toc', show: 'toc' }[name];
    document.querySelectorAll('.tabs a').forEach((a) => {
      if (a.dataset.view === tab) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    });
  }

  function route() {
    const hash = location.hash.replace(/^#/, '') || '/';
    if (hash.startsWith('/show/')) {
      let id = hash.slice(6);
      try { id = decodeURIComponent(id); } catch (e) { /* as written */ }
      showView('show');
      showProvision(id);
      return;
    }
    if (hash.startsWith('/indice')) {
      showView('toc');
      showToc(decodeURIComponent(hash.slice(8)));
      return;
    }
    const [path, search] = hash.split('?');
    const p = params(search);
    const get = (k) => (p.find(([n]) => n === k) || [])[1] || '';
    if (path === '/situazione') {
      showView('resolve');
      state.resolveGame = get('game') !== state.game ? get('game') : '';
      $('#s').value = get('q');
      state.facts = p.filter(([n, v]) => n === 'fact' && v.includes('=')).map(([, v]) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)]);
      renderGivenFacts();
      if (get('q') || state.facts.length) runResolve(false);
      if (state.userNavigated) $('#s').focus();
      return;
    }
    if (get('game') !== '' && state.games.some((g) => g.id === get('game'))) {
      state.game = get('game');
      renderChips();
    }
    showView('ask');
    if (get('q') !== $('#q').value || !$('#ask-results').children.length) {
      $('#q').value = get('q');
      runAsk(get('q'), false);
    }
  }

  // ------------------------------------------------------------------ voice, theme, keys
  function setUpVoice() {
    const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
    if (!Recognition) return;  // the buttons stay hidden
    document.querySelectorAll('.mic').forEach((button) => {
      button.hidden = false;
      let rec = null;
      button.addEventListener('click', () => {
        if (rec) { rec.stop(); return; }
        const target = document.getElementById(button.dataset.target);
        rec = new Recognition();
        rec.lang = 'it-IT';
        rec.interimResults = true;
        rec.onresult = (event) => {
          target.value = Array.from(event.results).map((res) => res[0].transcript).join(' ');
          target.dispatchEvent(new Event('input'));
        };
        rec.onend = () => {
          rec = null;
          button.setAttribute('aria-pressed', 'false');
          if (target.id === 's' && target.value.trim()) runResolve(true);
        };
        rec.onerror = rec.onend;
        button.setAttribute('aria-pressed', 'true');
        rec.start();
      });
    });
  }

  function setUpTheme() {
    const button = $('#theme');
    const apply = (theme) => {
      if (theme) document.documentElement.dataset.theme = theme;
      else delete document.documentElement.dataset.theme;
      const dark = theme === 'dark' || (!theme && matchMedia('(prefers-color-scheme: dark)').matches);
      button.setAttribute('aria-pressed', dark ? 'true' : 'false');
    };
    apply(store.get('theme'));
    button.addEventListener('click', () => {
      const dark = button.getAttribute('aria-pressed') === 'true';
      store.set('theme', dark ? 'light' : 'dark');
      apply(dark ? 'light' : 'dark');
    });
  }

  function start() {
    setUpTheme();
    setUpVoice();
    $('#q').addEventListener('input', scheduleAsk);
    $('#ask-form').addEventListener('submit', (e) => { e.preventDefault(); clearTimeout(state.askTimer); runAsk($('#q').value, true); });
    $('#resolve-form').addEventListener('submit', (e) => { e.preventDefault(); runResolve(true); });
    $('#s').addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); runResolve(true); }
    });
    document.addEventListener('keydown', (e) => {
      const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName);
      if (e.key === '/' && !typing) {
        e.preventDefault();
        location.hash = '#/';
        $('#q').focus();
      }
    });
    window.addEventListener('hashchange', () => { state.userNavigated = true; route(); });
    window.addEventListener('online', () => setOffline(false));
    window.addEventListener('offline', () => setOffline(true));
    setOffline(!navigator.onLine);
    if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => {});
    loadGames().then(route);
  }

  start();
})();
