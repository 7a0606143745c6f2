/* The demo slot: 5 reels, 3 rows, 10 lines, provably fair spins. */
;(function () {
  'use strict'
  const D = window.Demo
  const { el, t } = D
  const names = { C: 'cherry', L: 'lemon', B: 'bell', K: 'clover', D: 'diamond', S: 'seven' }

  /** A symbol's picture (shipped SVG, so no emoji font is needed). */
  function symbol(sym) {
    return el('img', {
      src: '/demo-vendor/static/sym-' + sym + '.svg',
      alt: names[sym],
      width: 64,
      height: 64,
    })
  }

  D.start((s) => {
    const app = document.getElementById('app')
    const cells = []
    const reels = el('div', { class: 'reels', role: 'img', 'aria-label': t('slotGame') })
    for (let row = 0; row < 3; row++) {
      cells.push([])
      for (let reel = 0; reel < 5; reel++) {
        const c = el('div', { class: 'cell' }, symbol(['S', 'C', 'B'][row]))
        cells[row].push(c)
      }
    }
    for (let row = 0; row < 3; row++) for (let reel = 0; reel < 5; reel++) reels.append(cells[row][reel])
    const outcome = el('p', { class: 'outcome', 'aria-live': 'polite' })
    const chips = D.chipPicker(s.chips, () => undefined)
    const spin = el('button', { type: 'button', class: 'spin', text: t('spin'), onclick: play })
    const fair = D.fairPanel('slot')
    fair.update(s.fair)
    const history = el('ul', { class: 'history' })

    const pay = el('table', { class: 'paytable' })
    pay.append(
      el(
        'tr',
        {},
        el('th', { text: '' }),
        el('th', { text: '×3' }),
        el('th', { text: '×4' }),
        el('th', { text: '×5' }),
      ),
    )
    for (const sym of ['S', 'D', 'K', 'B', 'L', 'C']) {
      const row = s.slot.paytable[sym]
      pay.append(
        el(
          'tr',
          {},
          el('td', {}, symbol(sym)),
          ...row.map((p) => el('td', { text: '×' + (p / 100).toFixed(2) })),
        ),
      )
    }

    app.append(
      el('section', { class: 'panel wide' }, reels, outcome),
      el(
        'section',
        { class: 'panel controls' },
        el('span', { class: 'label', text: t('bet') }),
        chips.root,
        spin,
      ),
      el('section', { class: 'panel' }, fair.root),
      el('details', { class: 'panel' }, el('summary', { text: t('paytable') + ' · ' + t('lines') }), pay),
      el('section', { class: 'panel' }, el('h2', { text: t('history') }), history),
    )
    for (const r of s.history) addHistory(r, false)

    function addHistory(r, first) {
      const li = el(
        'li',
        {},
        el('span', { text: t('round') + ' #' + (r.fair ? r.fair.nonce : '') }),
        el('span', { text: D.money(r.bet) }),
        el('span', { class: r.win && r.win !== '0' ? 'won' : '', text: D.money(r.win) }),
      )
      if (first) history.prepend(li)
      else history.append(li)
      while (history.children.length > 10) history.lastChild.remove()
    }

    function show(result) {
      for (let row = 0; row < 3; row++) {
        for (let reel = 0; reel < 5; reel++) {
          const c = cells[row][reel]
          c.replaceChildren(symbol(result.grid[row][reel]))
          c.classList.remove('win')
        }
      }
      for (const w of result.lines) {
        const rows = s.slot.lines[w.line]
        for (let reel = 0; reel < w.count; reel++) cells[rows[reel]][reel].classList.add('win')
      }
    }

    async function play() {
      if (D.state.busy) return
      D.state.busy = true
      spin.disabled = true
      reels.classList.add('spinning')
      outcome.textContent = ''
      const r = await D.api('slot/spin', { s: D.state.token, bet: chips.value() })
      reels.classList.remove('spinning')
      D.state.busy = false
      spin.disabled = false
      if (!r.ok) {
        D.toast(D.errorText(r.error), 'bad')
        return
      }
      show(r.round.result)
      const won = r.round.win !== '0'
      outcome.className = 'outcome ' + (won ? 'good' : 'bad')
      outcome.textContent = won ? t('win') + ' ' + D.money(r.round.win) : t('noWin')
      if (r.balance !== null) D.setBalance(r.balance)
      else D.toast(t('pending'))
      fair.showRound(r.round)
      fair.update(r.next)
      addHistory(r.round, true)
      D.notifySettled()
    }
  })
})()
