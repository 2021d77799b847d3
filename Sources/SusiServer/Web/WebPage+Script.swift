extension WebPage {
    /// The page's script. Everything a server or a skill sent is put in the
    /// page as text (textContent, text nodes), never parsed as HTML; a link
    /// is made only for an http(s) URL. Calls go to relative URLs with the
    /// X-Susi-Web header, by POST (nothing secret in a URL); the login is an
    /// HttpOnly cookie the script never sees (WebSession).
    static let script = #"""
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const state = { user: null, skill: null, audio: null, rings: 0, planned: [], timer: 0, beeps: [] };

  // An element; children are nodes or strings (strings become text nodes).
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (key === 'text') node.textContent = value;
      else if (key === 'class') node.className = value;
      else node.setAttribute(key, value);
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }

  function say(text) { $('status').textContent = text; }

  // The folder the page was loaded from: the login cookie's path (the X-Susi-Web header says it).
  function basePath() { return new URL('.', window.location.href).pathname; }

  async function api(path, fields) {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(fields || {})) {
      if (value !== undefined && value !== null && value !== '') body.append(key, String(value));
    }
    const response = await fetch(path, {
      method: 'POST', body, credentials: 'same-origin', cache: 'no-store', redirect: 'error',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Susi-Web': basePath() },
    });
    let data = null;
    try { data = await response.json(); } catch (error) { data = null; }
    if (!response.ok || data === null) {
      const message = data && typeof data.message === 'string' ? data.message : 'The server answered ' + response.status + '.';
      const error = new Error(message);
      error.status = response.status;
      if (response.status === 401 && state.user) setUser(null);
      throw error;
    }
    return data;
  }

  // A JSON value as the terminal prints it.
  function text(value) {
    if (value === null || value === undefined) return '';
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return JSON.stringify(value);
  }

  function isWebURL(url) {
    try { const parsed = new URL(url); return parsed.protocol === 'https:' || parsed.protocol === 'http:'; }
    catch (error) { return false; }
  }

  // A link for an http(s) URL, plain text for anything else.
  function link(label, url) {
    if (!isWebURL(url)) return el('span', { text: label || url });
    return el('a', { href: url, rel: 'noopener noreferrer nofollow', target: '_blank', text: label || url });
  }

  function note(content) { return el('p', { class: 'note' }, content); }

  // ---- Chat ----

  function addMessage(who, ...children) {
    const label = who === 'user' ? 'You: ' : 'SUSI: ';
    const item = el('div', { class: 'msg ' + who }, el('span', { class: 'sr-only', text: label }), ...children);
    $('log').append(item);
    item.scrollIntoView({ block: 'end' });
    return item;
  }

  function renderTable(action, rows) {
    let keys = [];
    let titles = [];
    if (action.columns && typeof action.columns === 'object' && !Array.isArray(action.columns)) {
      for (const [key, title] of Object.entries(action.columns)) { keys.push(key); titles.push(text(title)); }
    } else if (rows.length > 0 && rows[0] && typeof rows[0] === 'object') {
      keys = Object.keys(rows[0]).filter((key) => !/^\d+$/.test(key));
      titles = keys;
    }
    const table = el('table', {}, el('thead', {}, el('tr', {}, ...titles.map((title) => el('th', { scope: 'col', text: title })))));
    const body = el('tbody');
    for (const row of rows) {
      if (!row || typeof row !== 'object' || !keys.some((key) => key in row)) continue;
      body.append(el('tr', {}, ...keys.map((key) => el('td', { text: text(row[key]) }))));
    }
    table.append(body);
    return table;
  }

  function renderList(action, rows) {
    const titleKey = text(action.title) || 'title';
    const descriptionKey = text(action.description) || 'description';
    const linkKey = text(action.link) || 'link';
    const list = el('ol');
    for (const row of rows) {
      if (!row || typeof row !== 'object') continue;
      const title = text(row[titleKey]);
      if (!title) continue;
      const item = el('li', {}, el('strong', { text: title }));
      const description = text(row[descriptionKey]);
      if (description) item.append(el('p', { text: description }));
      const url = text(row[linkKey]);
      if (url) item.append(el('div', {}, link(url, url)));
      list.append(item);
    }
    if (list.childElementCount > 0) return list;
    if (action.type === 'websearch' && text(action.query)) {
      const query = text(action.query);
      return el('p', {}, 'Search the web for "' + query + '": ',
        link('https://duckduckgo.com/?q=' + encodeURIComponent(query), 'https://duckduckgo.com/?q=' + encodeURIComponent(query)));
    }
    return null;
  }

  function renderAction(action, rows) {
    const field = (name) => text(action[name]);
    switch (action.type) {
      case 'answer': return el('p', { text: field('expression') });
      case 'table': return renderTable(action, rows);
      case 'rss': case 'websearch': return renderList(action, rows);
      case 'anchor': {
        const url = field('link');
        const label = field('text') || url;
        return el('p', {}, link(label, url), label !== url ? ' ' : '', label !== url ? el('span', { class: 'note', text: url }) : '');
      }
      case 'map': {
        const lat = field('latitude') || '0';
        const lon = field('longitude') || '0';
        const zoom = field('zoom') || '13';
        const url = 'https://www.openstreetmap.org/?mlat=' + encodeURIComponent(lat) + '&mlon=' + encodeURIComponent(lon)
          + '#map=' + encodeURIComponent(zoom) + '/' + encodeURIComponent(lat) + '/' + encodeURIComponent(lon);
        return el('p', {}, 'Map: ' + lat + ', ' + lon + ' ', link('open the map', url));
      }
      case 'audio_play': case 'video_play': {
        const what = field('identifier') || '?';
        const url = field('identifier_type') === 'youtube' ? 'https://www.youtube.com/watch?v=' + encodeURIComponent(what) : what;
        return el('p', {}, (action.type === 'audio_play' ? 'Playing audio: ' : 'Playing video: '), link(url, url));
      }
      case 'image_show': return el('p', {}, 'Image: ', link(field('url'), field('url')));
      case 'timer_set': return note('[timer set: ' + (field('time') || '?') + (field('unit') ? ' ' + field('unit') : '') + ']');
      case 'audio_volume': return note('[volume: ' + (field('volume') || '?') + '%]');
      case 'stop':
        // "stop" also silences a timer that is ringing.
        for (const beep of state.beeps) { try { beep.stop(); } catch (error) { /* already ended */ } }
        state.beeps = [];
        return note('[stop]');
      case 'pause': case 'resume': case 'next': case 'previous': case 'shuffle': case 'restart': case 'timer_reset':
        return note('[' + action.type + ']');
      default: {
        const fields = Object.keys(action).filter((key) => key !== 'type').map((key) => key + '=' + text(action[key]));
        return note('[' + text(action.type) + (fields.length ? ' ' + fields.join(' ') : '') + ']');
      }
    }
  }

  function clock(time) {
    return new Date(time).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  }

  function wait(ms) {
    const seconds = Math.max(0, Math.ceil(ms / 1000));
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor(seconds % 3600 / 60);
    const rest = String(seconds % 60).padStart(2, '0');
    return hours > 0 ? hours + ':' + String(minutes).padStart(2, '0') + ':' + rest : minutes + ':' + rest;
  }

  // A planned answer (a timer): counted down in its message, given and rung when due.
  function plan(action, received, fromHistory) {
    let due = NaN;
    if (!fromHistory && action.plan_delay !== undefined) {
      const ms = Number(action.plan_delay);
      if (Number.isFinite(ms)) due = received + Math.max(0, Math.min(ms, 366 * 24 * 3600 * 1000));
    }
    if (Number.isNaN(due) && typeof action.plan_date === 'string') due = Date.parse(action.plan_date);
    if (Number.isNaN(due)) return null;
    const expression = text(action.expression);
    if (due <= Date.now() && fromHistory) return note('Planned for ' + clock(due) + ': ' + expression);
    const countdown = el('span', { class: 'countdown', 'aria-hidden': 'true', text: wait(due - Date.now()) });
    const line = el('p', { class: 'note planned' }, 'Planned for ' + clock(due) + ' (', countdown, '): ' + expression);
    state.planned.push({ due, expression, countdown, line });
    tick();
    return line;
  }

  function tick() {
    window.clearTimeout(state.timer);
    const now = Date.now();
    const due = state.planned.filter((entry) => entry.due <= now);
    state.planned = state.planned.filter((entry) => entry.due > now);
    for (const entry of due) {
      entry.countdown.textContent = 'done';
      entry.line.classList.add('done');
      addMessage('susi', el('p', { class: 'due', text: entry.expression }));
      ring();
    }
    for (const entry of state.planned) entry.countdown.textContent = wait(entry.due - now);
    if (state.planned.length > 0) state.timer = window.setTimeout(tick, 250);
  }

  // Made on a key press or click, so that the browser lets it sound later.
  function audio() {
    if (!state.audio) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      state.audio = new Context();
    }
    if (state.audio.state === 'suspended') state.audio.resume();
    return state.audio;
  }

  // Three short beeps, made by WebAudio (no sound file).
  function ring() {
    state.rings += 1;
    document.body.dataset.rings = String(state.rings);
    const context = audio();
    if (!context) return;
    const start = context.currentTime + 0.05;
    for (let i = 0; i < 3; i++) {
      const at = start + i * 0.45;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      oscillator.connect(gain);
      gain.connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.32);
      state.beeps.push(oscillator);
      oscillator.addEventListener('ended', () => { state.beeps = state.beeps.filter((beep) => beep !== oscillator); });
    }
  }

  function renderReply(bubble, reply, received, fromHistory) {
    const answer = reply && Array.isArray(reply.answers) ? reply.answers[0] : null;
    if (!answer || !Array.isArray(answer.actions)) {
      bubble.append(note('(no answer)'));
      return;
    }
    const rows = Array.isArray(answer.data) ? answer.data : [];
    for (const action of answer.actions) {
      if (!action || typeof action !== 'object') continue;
      const planned = action.plan_delay !== undefined || action.plan_date !== undefined;
      const node = planned ? plan(action, received, fromHistory) : renderAction(action, rows);
      if (node) bubble.append(node);
    }
  }

  async function ask(query) {
    addMessage('user', el('p', { text: query }));
    const bubble = addMessage('susi');
    bubble.setAttribute('aria-busy', 'true');
    const chat = () => api('susi/chat.json', {
      q: query, timezoneOffset: new Date().getTimezoneOffset(), device_type: 'Web', language: 'en',
    });
    try {
      let reply;
      try { reply = await chat(); } catch (error) {
        // A login that ended: the server cleared its cookie, so asking again is anonymous.
        if (error.status !== 401) throw error;
        say('Your login has ended; you are chatting without it. Log in again to chat as you.');
        reply = await chat();
      }
      renderReply(bubble, reply, Date.now(), false);
    } catch (error) {
      bubble.classList.add('error');
      bubble.append(el('p', { text: error.message }));
    }
    bubble.removeAttribute('aria-busy');
    bubble.scrollIntoView({ block: 'end' });
  }

  // The last exchanges, so that a reload continues the conversation.
  async function loadHistory() {
    try {
      const memory = await api('susi/memory.json', { cognitions: 5 });
      const cognitions = Array.isArray(memory.cognitions) ? memory.cognitions.slice().reverse() : [];
      for (const reply of cognitions) {
        if (!reply || typeof reply !== 'object') continue;
        addMessage('user', el('p', { text: text(reply.query) }));
        renderReply(addMessage('susi'), reply, Date.parse(text(reply.answer_date)) || Date.now(), true);
      }
    } catch (error) { say('The earlier conversation could not be loaded: ' + error.message); }
  }

  $('ask').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = $('q');
    const query = input.value.trim();
    if (!query) return;
    input.value = '';
    audio();
    ask(query);
  });

  // ---- Sections ----

  function show(name) {
    for (const tab of document.querySelectorAll('.tab')) {
      const current = tab.dataset.section === name;
      if (current) tab.setAttribute('aria-current', 'page'); else tab.removeAttribute('aria-current');
      $(tab.dataset.section).hidden = !current;
    }
    if (name === 'skills' && !state.skillsLoaded) loadSkills();
    const heading = name === 'chat' ? $('q') : $(name + '-title');
    if (heading) heading.focus();
  }
  for (const tab of document.querySelectorAll('.tab')) tab.addEventListener('click', () => show(tab.dataset.section));

  // ---- Skills ----

  function starsOf(meta) {
    const rating = meta && meta.skill_rating && typeof meta.skill_rating === 'object' ? meta.skill_rating : {};
    return rating.stars && typeof rating.stars === 'object' ? rating.stars : {};
  }

  function ref(meta) {
    return { model: text(meta.model) || 'general', group: text(meta.group), language: text(meta.language) || 'en', skill: text(meta.skill_tag) };
  }

  async function loadSkills() {
    state.skillsLoaded = true;
    const query = $('skill-q').value.trim();
    // Only the latest search's answer is shown, whatever order the answers come in.
    const search = (state.search || 0) + 1;
    state.search = search;
    say('Loading skills…');
    try {
      const data = await api('cms/getSkillList.json', { applyFilter: 'true', filter_type: 'lexicographical', q: query });
      if (search !== state.search) return;
      const skills = Array.isArray(data.filteredData) ? data.filteredData : [];
      const list = $('skill-list');
      list.replaceChildren();
      for (const meta of skills) {
        if (!meta || typeof meta !== 'object') continue;
        const stars = starsOf(meta);
        const total = Number(stars.total_star) || 0;
        const rated = total > 0 ? ' · ' + (Number(stars.avg_star) || 0).toFixed(1) + '★ (' + total + ')' : '';
        const button = el('button', { type: 'button', 'data-skill': text(meta.skill_tag) },
          el('span', { class: 'name', text: text(meta.skill_name) || text(meta.skill_tag) }),
          el('span', { class: 'about', text: text(meta.group) + rated + (meta.descriptions ? ' · ' + text(meta.descriptions) : '') }));
        button.addEventListener('click', () => openSkill(meta));
        list.append(el('li', {}, button));
      }
      const count = skills.length + (skills.length === 1 ? ' skill' : ' skills') + (query ? ' match "' + query + '"' : '');
      $('skill-count').textContent = count;
      say(count);
    } catch (error) { say('Skills could not be loaded: ' + error.message); }
  }

  $('search').addEventListener('submit', (event) => {
    event.preventDefault();
    closeSkill();
    loadSkills();
  });

  function renderChart(stars) {
    const total = Number(stars.total_star) || 0;
    $('chart-summary').textContent = total > 0
      ? (Number(stars.avg_star) || 0).toFixed(1) + ' from ' + total + (total === 1 ? ' rating' : ' ratings')
      : 'Not rated yet';
    const names = ['one_star', 'two_star', 'three_star', 'four_star', 'five_star'];
    const rows = $('chart-rows');
    rows.replaceChildren();
    for (let star = 5; star >= 1; star--) {
      const count = Number(stars[names[star - 1]]) || 0;
      const percent = total > 0 ? Math.round(count * 100 / total) : 0;
      const meter = el('meter', { min: '0', max: String(Math.max(total, 1)), value: String(count), 'aria-label': star + ' stars: ' + percent + '%' });
      rows.append(el('tr', { 'data-stars': String(star) },
        el('th', { scope: 'row', text: star + '★' }), el('td', {}, meter),
        el('td', { class: 'count', text: count + ' (' + percent + '%)' })));
    }
  }

  async function openSkill(meta) {
    state.skill = meta;
    $('skill-list').hidden = true;
    $('skill-count').hidden = true;
    $('skill').hidden = false;
    $('skill-title').textContent = text(meta.skill_name) || text(meta.skill_tag);
    $('skill-meta').textContent = [text(meta.group), text(meta.language), meta.author ? 'by ' + text(meta.author) : '']
      .filter(Boolean).join(' · ');
    $('skill-description').textContent = text(meta.descriptions);
    const examples = $('skill-examples');
    examples.replaceChildren();
    for (const example of Array.isArray(meta.examples) ? meta.examples : []) {
      const button = el('button', { type: 'button', text: text(example), title: 'Ask this in the chat' });
      button.addEventListener('click', () => { show('chat'); audio(); ask(text(example)); });
      examples.append(el('li', {}, button));
    }
    renderChart(starsOf(meta));
    $('skill-title').focus();
    await refreshSkill();
  }

  function closeSkill() {
    state.skill = null;
    $('skill').hidden = true;
    $('skill-list').hidden = false;
    $('skill-count').hidden = false;
  }

  $('skill-back').addEventListener('click', () => {
    closeSkill();
    const button = document.querySelector('#skill-list button');
    if (button) button.focus();
  });

  // The user's own stars and the feedback, as they are now.
  async function refreshSkill() {
    const meta = state.skill;
    if (!meta) return;
    const loggedIn = state.user !== null;
    $('rate').hidden = !loggedIn;
    $('feedback-form').hidden = !loggedIn;
    $('login-hint').hidden = loggedIn;
    $('my-stars').textContent = '';
    if (loggedIn) {
      try {
        const mine = await api('cms/getRatingByUser.json', ref(meta));
        const stars = mine.ratings && Number(mine.ratings.stars);
        $('my-stars').textContent = stars ? 'Your stars: ' + stars + ' of 5' : 'You have not rated this skill yet.';
        for (const input of document.querySelectorAll('#star-choices input')) input.checked = Number(input.value) === stars;
      } catch (error) { $('my-stars').textContent = error.message; }
    }
    try {
      const data = await api('cms/getSkillFeedback.json', ref(meta));
      const list = $('feedback-list');
      list.replaceChildren();
      for (const entry of Array.isArray(data.feedback) ? data.feedback : []) {
        if (!entry || typeof entry !== 'object') continue;
        list.append(el('li', {}, el('strong', { text: text(entry.user_name) || text(entry.email) }), ': ' + text(entry.feedback)));
      }
      if (list.childElementCount === 0) list.append(el('li', { class: 'muted', text: 'No feedback yet.' }));
    } catch (error) { say(error.message); }
  }

  for (let star = 1; star <= 5; star++) {
    const input = el('input', { type: 'radio', name: 'stars', value: String(star), id: 'star-' + star, required: '' });
    $('star-choices').append(el('label', { for: 'star-' + star }, input, star + '★'));
  }

  $('rate').addEventListener('submit', async (event) => {
    event.preventDefault();
    const chosen = document.querySelector('#star-choices input:checked');
    if (!chosen || !state.skill) return;
    try {
      const result = await api('cms/fiveStarRateSkill.json', Object.assign(ref(state.skill), { stars: chosen.value }));
      if (result.ratings) {
        renderChart(result.ratings);
        state.skill.skill_rating = Object.assign({}, state.skill.skill_rating, { stars: result.ratings });
      }
      say('You gave ' + $('skill-title').textContent + ' ' + chosen.value + ' of 5 stars.');
      await refreshSkill();
    } catch (error) { say('Rating failed: ' + error.message); }
  });

  $('feedback-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const textarea = $('feedback-text');
    if (!state.skill || !textarea.value.trim()) return;
    try {
      await api('cms/feedbackSkill.json', Object.assign(ref(state.skill), { feedback: textarea.value }));
      textarea.value = '';
      say('Thank you: your feedback was saved.');
      await refreshSkill();
    } catch (error) { say('Feedback failed: ' + error.message); }
  });

  // ---- Account ----

  function setUser(name) {
    state.user = name;
    $('logged-out').hidden = name !== null;
    $('logged-in').hidden = name === null;
    $('account-who').textContent = name !== null ? 'Logged in as ' + name + '.' : '';
    $('tab-account').textContent = name !== null ? 'Account' : 'Log in';
    document.body.dataset.user = name !== null ? 'in' : 'out';
    if (state.skill) refreshSkill();
  }

  async function checkLogin() {
    try {
      const data = await api('aaa/login.json', { checkLogin: 'true' });
      const identity = data.session && data.session.identity;
      setUser(data.loggedIn && identity ? text(identity.name) : null);
    } catch (error) { setUser(null); }
  }

  async function logIn(email, password) {
    await api('aaa/login.json', { login: email, password, type: 'cookie' });
    await checkLogin();
    say(state.user ? 'Logged in as ' + state.user + '.' : 'The login did not hold (are cookies allowed?).');
  }

  $('login-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const password = $('login-password');
    try {
      await logIn($('login-email').value.trim(), password.value);
      password.value = '';
      if (state.user) show(state.skill ? 'skills' : 'chat');
    } catch (error) { say('Login failed: ' + error.message); }
  });

  $('signup-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const email = $('signup-email').value.trim();
    const password = $('signup-password');
    try {
      await api('aaa/signup.json', { signup: email, password: password.value });
      await logIn(email, password.value);
      password.value = '';
    } catch (error) { say('Sign-up failed: ' + error.message); }
  });

  $('logout').addEventListener('click', async () => {
    try {
      await api('aaa/login.json', { logout: 'true' });
      say('Logged out.');
    } catch (error) { say(error.message); }
    setUser(null);
  });

  async function loadPasswordRule() {
    try {
      const data = await api('aaa/signup.json', { getParameters: 'true' });
      $('password-rule').textContent = text(data.regexTooltip);
    } catch (error) { /* the form still works; the server says what is wrong */ }
  }

  async function start() {
    await checkLogin();
    await loadHistory();
    loadPasswordRule();
    document.body.dataset.ready = 'true';
    $('q').focus();
  }
  start();
})();

"""#
}
