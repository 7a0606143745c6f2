/*
 * The verify page: recomputes a round from its server seed, client seed and nonce (and the
 * stake), and checks the server seed against the SHA-256 shown before the round, in the
 * browser when it can (Web Crypto), else with the vendor's answer.
 */
;(function () {
  'use strict'
  const D = window.Demo
  const { el, t } = D

  async function sha256(text) {
    if (!window.crypto || !crypto.subtle) return null
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
  }

  const q = new URLSearchParams(location.search)
  D.state.lang = D.pickLanguage(q.get('lang') || navigator.language)
  document.documentElement.lang = D.state.lang
  document.title = t('verifyTitle')
  D.state.session = { currency: '', decimals: 0 }

  const bar = document.getElementById('bar')
  bar.replaceChildren(
    el('button', {
      type: 'button',
      class: 'ghost small',
      text: '← ' + t('back'),
      onclick: () => history.back(),
    }),
    el('h1', { text: t('verifyTitle') }),
  )

  const field = (name, label, value, attrs) =>
    el(
      'label',
      {},
      label,
      el('input', { name, value: value || '', autocomplete: 'off', spellcheck: 'false', ...(attrs || {}) }),
    )
  const game = el(
    'select',
    { name: 'game' },
    ['slot', 'table', 'fish'].map((g) =>
      el('option', { value: g, selected: q.get('game') === g, text: t(g + 'Game') }),
    ),
  )
  const out = el('div', { class: 'verify-out', 'aria-live': 'polite' })
  // No <form>: a frame sandboxed without allow-forms never submits one.
  const form = el(
    'div',
    { class: 'verify-form', onkeydown: (e) => e.key === 'Enter' && void run() },
    el('label', {}, t('game'), game),
    field('server', t('serverSeed'), q.get('server'), { required: true }),
    field('client', t('clientSeed'), q.get('client'), { required: true }),
    field('nonce', t('nonce'), q.get('nonce'), { inputmode: 'numeric', required: true }),
    field('bet', t('bet'), q.get('bet'), { inputmode: 'numeric' }),
    field('target', t('target') + ' (0–6)', q.get('target'), { inputmode: 'numeric', 'data-game': 'fish' }),
    field('bets', t('tableGame') + ' JSON', q.get('bets'), { 'data-game': 'table' }),
    field('hash', 'SHA-256', q.get('hash')),
    el('button', { type: 'button', text: t('recompute'), onclick: () => void run() }),
  )
  document
    .getElementById('app')
    .append(el('section', { class: 'panel' }, form), el('section', { class: 'panel' }, out))

  // Only the fields of the chosen game show.
  function showFields() {
    for (const input of form.querySelectorAll('[data-game]')) {
      input.parentElement.hidden = input.dataset.game !== game.value
    }
  }
  game.addEventListener('change', showFields)
  showFields()

  async function run() {
    const v = (n) => form.querySelector('[name="' + n + '"]').value.trim()
    const body = {
      game: game.value,
      serverSeed: v('server'),
      clientSeed: v('client'),
      nonce: Number(v('nonce')),
    }
    if (/^\d+$/.test(v('bet'))) body.bet = v('bet')
    if (game.value === 'fish' && /^\d+$/.test(v('target'))) body.target = Number(v('target'))
    if (game.value === 'table' && v('bets')) {
      try {
        const parsed = JSON.parse(v('bets'))
        if (parsed && typeof parsed === 'object') body.bets = parsed
      } catch {
        /* left out */
      }
    }
    const r = await D.api('verify', body)
    if (!r.ok) {
      out.replaceChildren(el('p', { class: 'no', text: D.errorText(r.error) }))
      return
    }
    const local = await sha256(body.serverSeed)
    const hash = local || r.serverSeedHash
    const shown = v('hash').toLowerCase()
    out.replaceChildren(
      el('p', {}, el('span', { class: 'label', text: 'SHA-256' }), el('code', { text: hash })),
      shown
        ? el('p', {
            class: hash === shown ? 'ok' : 'no',
            text: hash === shown ? '✓ ' + t('hashMatches') : '✗ ' + t('hashDiffers'),
          })
        : null,
      el(
        'p',
        {},
        el('span', { class: 'label', text: t('win') }),
        el('code', { id: 'verified-win', text: r.win }),
      ),
      el('h2', { text: t('result') }),
      el('pre', { class: 'json', text: JSON.stringify(r.outcome, null, 1) }),
    )
  }

  if (q.get('server')) void run()
})()
