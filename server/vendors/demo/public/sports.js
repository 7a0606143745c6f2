/* Sports and esports stand-ins: virtual fixtures, odds, a single-bet slip, my bets. */
;(function () {
  'use strict'
  const D = window.Demo
  const { el, t } = D

  D.start((s) => {
    const app = document.getElementById('app')
    const list = el('div', { class: 'fixtures' })
    const mine = el('ul', { class: 'history' })
    const chips = D.chipPicker(s.chips, () => paintSlip())
    const slipBody = el('div', { class: 'slip-body' }, el('p', { class: 'label', text: t('pickOdds') }))
    const place = el('button', { type: 'button', text: t('place'), disabled: true, onclick: placeBet })
    let selection = null
    let seenSettled = null
    let shownFeatured = false

    app.append(
      el('section', { class: 'panel' }, el('h2', { text: t('fixtures') }), list),
      el(
        'section',
        { class: 'panel slip' },
        el('h2', { text: t('betSlip') }),
        slipBody,
        el('span', { class: 'label', text: t('stake') }),
        chips.root,
        el('p', {}, place),
        el('h2', { text: t('myBets') }),
        mine,
      ),
    )

    const time = (ms) => new Date(ms).toLocaleTimeString(D.state.lang, { hour: '2-digit', minute: '2-digit' })

    function paintSlip() {
      if (!selection) return
      const ret = (BigInt(chips.value()) * BigInt(selection.odds)) / 100n
      slipBody.replaceChildren(
        el('p', { class: 'pick', text: selection.label }),
        el('p', {}, el('span', { class: 'label', text: t('returns') }), D.money(String(ret))),
      )
      place.disabled = false
    }

    function oddButton(f, pick) {
      const odds = f.odds[pick]
      if (odds === null || odds === undefined) return null
      const label =
        (pick === 'home' ? f.home : pick === 'away' ? f.away : t('draw')) + ' @ ' + (odds / 100).toFixed(2)
      return el(
        'button',
        {
          type: 'button',
          class: 'odd',
          'aria-pressed': String(!!selection && selection.fixtureId === f.id && selection.pick === pick),
          onclick: (e) => {
            selection = { fixtureId: f.id, pick, odds, label: f.home + ' – ' + f.away + ': ' + label }
            for (const b of list.querySelectorAll('.odd')) b.setAttribute('aria-pressed', 'false')
            e.currentTarget.setAttribute('aria-pressed', 'true')
            paintSlip()
          },
        },
        el('span', { text: t(pick) }),
        el('b', { text: (odds / 100).toFixed(2) }),
      )
    }

    function paint(r) {
      // A picked fixture that has kicked off since (or left the list) leaves the slip.
      if (selection && !r.fixtures.some((f) => f.id === selection.fixtureId && f.state === 'open')) {
        selection = null
        slipBody.replaceChildren(el('p', { class: 'label', text: t('pickOdds') }))
        place.disabled = true
      }
      list.replaceChildren(
        ...r.fixtures.map((f) =>
          el(
            'div',
            {
              class: f.id === r.featured ? 'fixture featured' : 'fixture',
              'data-fixture': f.id,
              'aria-current': f.id === r.featured ? 'true' : undefined,
            },
            el(
              'div',
              { class: 'meta' },
              el('span', { text: f.sport + ' · ' + f.league }),
              el('span', { text: t('kickOff') + ' ' + time(f.kickOff) }),
            ),
            el('div', { class: 'teams', text: f.home + ' – ' + f.away }),
            f.state === 'open'
              ? el('div', { class: 'odds' }, oddButton(f, 'home'), oddButton(f, 'draw'), oddButton(f, 'away'))
              : el('p', {
                  class: 'fixture-state',
                  text:
                    f.state === 'inPlay'
                      ? t('inPlay')
                      : t('fullTime') + (f.score ? ' ' + f.score[0] + ' – ' + f.score[1] : ''),
                }),
          ),
        ),
      )
      mine.replaceChildren(
        ...r.bets.map((b) => {
          const res = b.result || {}
          const state = b.status === 'settled' ? (b.win !== '0' ? 'won' : 'lost') : 'open'
          return el(
            'li',
            {},
            el('span', { text: (res.home || '') + ' – ' + (res.away || '') + ' · ' + t(res.pick || 'home') }),
            el('span', { text: D.money(b.bet) }),
            el('span', {
              class: 'status-' + state,
              text: t(state) + (state === 'won' ? ' ' + D.money(b.win) : ''),
            }),
          )
        }),
      )
      // A bet settled since the last look: the portal refreshes its balance.
      const settled = new Set(r.bets.filter((b) => b.status === 'settled').map((b) => b.id))
      if (seenSettled && [...settled].some((id) => !seenSettled.has(id))) D.notifySettled()
      seenSettled = settled
      if (r.balance !== null && r.balance !== undefined) D.setBalance(r.balance)
      // Opened on a fixture: shown first and in view, once.
      if (r.featured && !shownFeatured) {
        shownFeatured = true
        const card = list.querySelector('.featured')
        if (card && card.scrollIntoView) card.scrollIntoView({ block: 'nearest' })
      }
    }

    async function refresh() {
      const r = await D.api('sports/fixtures', { s: D.state.token })
      if (r.ok) paint(r)
    }

    async function placeBet() {
      if (!selection || D.state.busy) return
      D.state.busy = true
      place.disabled = true
      const r = await D.api('sports/bet', {
        s: D.state.token,
        fixtureId: selection.fixtureId,
        pick: selection.pick,
        bet: chips.value(),
      })
      D.state.busy = false
      place.disabled = false
      if (!r.ok) {
        D.toast(D.errorText(r.error), 'bad')
        return
      }
      D.toast(t('placed'))
      if (r.balance !== null) D.setBalance(r.balance)
      D.notifySettled()
      await refresh()
    }

    void refresh()
    setInterval(refresh, 20000)
  })
})()
