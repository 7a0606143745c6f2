/*
 * The demo vendor's page kit, shared by its games: texts in five languages (texts.js, loaded
 * before it), the API call (the session token in the body: the page runs in a sandboxed
 * frame with an opaque origin, so no cookies and no storage), money in the session's
 * currency and decimals, the provably-fair panel, and the notice to the portal after each
 * settled round.
 */
;(function () {
  'use strict'

  const texts = window.DemoTexts

  const errorTexts = {
    insufficient_funds: 'insufficient',
    wallet_unavailable: 'walletDown',
    session_expired: 'sessionExpired',
    vendor_maintenance: 'maintenance',
    session_invalid: 'sessionBad',
  }

  const state = { token: '', lang: 'en', session: null, busy: false }

  function pickLanguage(lang) {
    const l = String(lang || '')
      .slice(0, 2)
      .toLowerCase()
    return Object.prototype.hasOwnProperty.call(texts, l) ? l : 'en'
  }

  function t(key) {
    return texts[state.lang][key] || texts.en[key] || key
  }

  /** An element with attributes (on* are listeners) and children (strings are text). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag)
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue
      if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v)
      else if (k === 'text') node.textContent = v
      else node.setAttribute(k, v === true ? '' : String(v))
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue
      node.append(c instanceof Node ? c : document.createTextNode(String(c)))
    }
    return node
  }

  /** Minor units (a decimal string) in the session's currency, with its decimals. */
  function money(minor) {
    const s = state.session
    if (minor === null || minor === undefined || !s) return '—'
    if (!/^\d+$/.test(String(minor))) return '—'
    const d = s.decimals
    const digits = String(minor).padStart(d + 1, '0')
    const whole = digits.slice(0, digits.length - d).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    const frac = d > 0 ? '.' + digits.slice(digits.length - d) : ''
    return whole + frac + ' ' + s.currency
  }

  async function api(path, body) {
    try {
      const res = await fetch('/demo-vendor/api/' + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      const json = await res.json()
      if (json && typeof json === 'object' && json.ok === true) return json
      const code = json && typeof json.error === 'string' ? json.error : 'error'
      return { ok: false, error: code }
    } catch {
      return { ok: false, error: 'network' }
    }
  }

  function errorText(code) {
    return t(errorTexts[code] || 'error')
  }

  let toastTimer = 0
  function toast(message, kind) {
    const box = document.getElementById('toast')
    if (!box) return
    box.textContent = message
    box.className = 'toast show ' + (kind || '')
    clearTimeout(toastTimer)
    toastTimer = setTimeout(() => {
      box.className = 'toast'
    }, 3500)
  }

  function setBalance(balance) {
    if (state.session) state.session.balance = balance
    const out = document.getElementById('balance')
    if (out) out.textContent = money(balance)
  }

  function notifySettled() {
    try {
      if (window.parent && window.parent !== window) {
        window.parent.postMessage({ source: 'game-frame', type: 'round-settled' }, '*')
      }
    } catch {
      /* no parent to tell */
    }
  }

  /** The provably fair panel: the next round's hash, the client seed, the last round's seed. */
  function fairPanel(game) {
    const hash = el('code', { class: 'hash' })
    const nonce = el('output')
    const input = el('input', {
      id: 'client-seed',
      maxlength: 64,
      pattern: '[A-Za-z0-9_.\\-]{1,64}',
      autocomplete: 'off',
      spellcheck: 'false',
    })
    const last = el('div', { class: 'last-round' })
    // No <form>: a frame sandboxed without allow-forms never submits one (not even to a script).
    const setSeed = async () => {
      const r = await api('seed', { s: state.token, clientSeed: input.value.trim() })
      if (r.ok) panel.update(r.fair)
      else toast(errorText(r.error), 'bad')
    }
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') void setSeed()
    })
    const form = el(
      'div',
      { class: 'seed-form' },
      el('label', { for: 'client-seed', text: t('clientSeed') }),
      el(
        'div',
        { class: 'row' },
        input,
        el('button', { type: 'button', class: 'small', text: t('setSeed'), onclick: setSeed }),
      ),
    )
    const root = el(
      'details',
      { class: 'fair' },
      el('summary', { text: t('fair') }),
      el('p', {}, el('span', { class: 'label', text: t('serverSeedHash') }), hash),
      el('p', {}, el('span', { class: 'label', text: t('nonce') }), nonce),
      form,
      last,
    )
    const panel = {
      root,
      update(fair) {
        if (!fair) return
        hash.textContent = fair.serverSeedHash
        nonce.textContent = String(fair.nonce)
        if (document.activeElement !== input) input.value = fair.clientSeed
      },
      showRound(round, extra) {
        if (!round || !round.fair) return
        const f = round.fair
        const q = new URLSearchParams({
          game,
          server: f.serverSeed,
          client: f.clientSeed,
          nonce: String(f.nonce),
          hash: f.serverSeedHash,
          bet: round.bet,
          ...(extra || {}),
        })
        last.replaceChildren(
          el('h3', { text: t('lastRound') }),
          el(
            'p',
            {},
            el('span', { class: 'label', text: t('serverSeed') }),
            el('code', { text: f.serverSeed }),
          ),
          el(
            'p',
            {},
            el('span', { class: 'label', text: t('clientSeed') }),
            el('code', { text: f.clientSeed }),
          ),
          el(
            'p',
            {},
            el('span', { class: 'label', text: t('nonce') }),
            el('code', { text: String(f.nonce) }),
          ),
          el('a', { class: 'button small', href: '/demo-vendor/verify?' + q.toString(), text: t('verify') }),
        )
      },
    }
    return panel
  }

  function fail(message) {
    const app = document.getElementById('app')
    if (app) app.replaceChildren(el('p', { class: 'fatal', role: 'alert', text: message }))
  }

  /** Loads the session and builds the page frame; `ready(session)` builds the game. */
  async function start(ready) {
    // The token comes in the address: after # (never sent to a server or a log) or as ?s=.
    const fragment = new URLSearchParams(location.hash.slice(1))
    state.token = fragment.get('s') || new URLSearchParams(location.search).get('s') || ''
    state.lang = pickLanguage(navigator.language)
    document.documentElement.lang = state.lang
    const s = await api('session', { s: state.token })
    if (!s.ok) {
      fail(errorText(s.error))
      return
    }
    state.session = s
    state.lang = pickLanguage(s.language)
    document.documentElement.lang = state.lang
    document.title = s.game.name
    const header = document.getElementById('bar')
    header.replaceChildren(
      el('h1', { text: s.game.name }),
      el(
        'div',
        { class: 'balance' },
        el('span', { class: 'label', text: s.free ? t('freePlay') : t('balance') }),
        el('output', { id: 'balance', 'aria-live': 'polite', text: money(s.balance) }),
      ),
    )
    document.getElementById('app').replaceChildren()
    ready(s)
  }

  /** Chip buttons: `onpick(value)` on a press; the first is selected. */
  function chipPicker(chips, onpick) {
    let selected = chips[0]
    const buttons = chips.map((c) =>
      el('button', {
        type: 'button',
        class: 'chip',
        'aria-pressed': String(c === selected),
        text: money(c).replace(/ \S+$/, ''),
        onclick: () => {
          selected = c
          for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.value === c))
          onpick(c)
        },
      }),
    )
    buttons.forEach((b, i) => (b.dataset.value = chips[i]))
    return {
      root: el('div', { class: 'chips', role: 'group', 'aria-label': t('chips') }, buttons),
      value: () => selected,
    }
  }

  window.Demo = {
    t,
    el,
    api,
    money,
    start,
    setBalance,
    notifySettled,
    fairPanel,
    toast,
    errorText,
    state,
    chipPicker,
    pickLanguage,
  }
})()
