/* Dragon tiger, and its live-table stand-in (a dealer, a betting timer). */
;(function () {
  'use strict'
  const D = window.Demo
  const { el, t } = D
  const ranks = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']
  const suits = ['♠', '♥', '♣', '♦']
  const roundSeconds = 15

  D.start((s) => {
    const live = s.kind === 'live'
    if (live) document.body.classList.add('live')
    const app = document.getElementById('app')
    const stakes = { dragon: 0n, tiger: 0n, tie: 0n }
    const chips = D.chipPicker(s.chips, () => undefined)
    const dragonCard = el('div', { class: 'card back' })
    const tigerCard = el('div', { class: 'card back' })
    const timer = el('span', { class: 'timer' })
    const outcome = el('p', { class: 'outcome', 'aria-live': 'polite' })
    const spots = {}
    for (const spot of ['dragon', 'tie', 'tiger']) {
      spots[spot] = el(
        'button',
        { type: 'button', class: 'spot ' + spot, onclick: () => add(spot) },
        el('span', { text: t(spot) + (spot === 'tie' ? ' 8:1' : ' 1:1') }),
        el('span', { class: 'stake' }),
      )
    }
    const deal = el('button', { type: 'button', text: t('deal'), onclick: play })
    const clear = el('button', { type: 'button', class: 'ghost', text: t('clear'), onclick: reset })
    const fair = D.fairPanel('table')
    fair.update(s.fair)
    const history = el('ul', { class: 'history' })

    app.append(
      el(
        'section',
        { class: 'panel wide table-felt' },
        el(
          'div',
          { class: 'dealer' },
          el('span', {}, el('span', { class: 'live-dot', text: '● LIVE ' }), t('dealer') + ': Sophea'),
          el('span', {}, t('betsClose') + ' ', timer),
        ),
        el(
          'div',
          { class: 'cards' },
          el('div', {}, el('strong', { text: t('dragon') }), dragonCard),
          el('div', {}, el('strong', { text: t('tiger') }), tigerCard),
        ),
        outcome,
        el('div', { class: 'spots' }, spots.dragon, spots.tie, spots.tiger),
      ),
      el(
        'section',
        { class: 'panel controls' },
        el('span', { class: 'label', text: t('chips') }),
        chips.root,
        el('div', { class: 'row' }, deal, clear),
      ),
      el('section', { class: 'panel' }, fair.root),
      el('section', { class: 'panel' }, el('h2', { text: t('history') }), history),
    )
    for (const r of s.history) addHistory(r, false)
    paint()

    function paint() {
      for (const spot of Object.keys(spots)) {
        spots[spot].querySelector('.stake').textContent =
          stakes[spot] > 0n ? D.money(String(stakes[spot])) : ''
      }
    }
    function add(spot) {
      stakes[spot] += BigInt(chips.value())
      paint()
    }
    function reset() {
      stakes.dragon = stakes.tiger = stakes.tie = 0n
      paint()
    }
    function face(node, card) {
      node.className = 'card' + (card.suit === 1 || card.suit === 3 ? ' red' : '')
      node.textContent = ranks[card.rank] + suits[card.suit]
    }
    function addHistory(r, first) {
      const res = r.result || {}
      const li = el(
        'li',
        {},
        el('span', { text: res.winner ? t(res.winner) : '' }),
        el('span', { text: D.money(r.bet) }),
        el('span', { class: r.win && r.win !== '0' ? 'won' : '', text: D.money(r.win) }),
      )
      if (first) history.prepend(li)
      else history.append(li)
      while (history.children.length > 10) history.lastChild.remove()
    }

    async function play() {
      if (D.state.busy) return
      const bets = {}
      for (const k of Object.keys(stakes)) if (stakes[k] > 0n) bets[k] = String(stakes[k])
      if (Object.keys(bets).length === 0) return
      D.state.busy = true
      deal.disabled = true
      for (const spot of Object.values(spots)) spot.classList.remove('winner')
      dragonCard.className = tigerCard.className = 'card back'
      dragonCard.textContent = tigerCard.textContent = ''
      const r = await D.api('table/deal', { s: D.state.token, bets })
      D.state.busy = false
      deal.disabled = false
      if (!r.ok) {
        D.toast(D.errorText(r.error), 'bad')
        return
      }
      const res = r.round.result
      face(dragonCard, res.dragon)
      face(tigerCard, res.tiger)
      spots[res.winner].classList.add('winner')
      const won = r.round.win !== '0'
      outcome.className = 'outcome ' + (won ? 'good' : 'bad')
      outcome.textContent = t(res.winner) + ' · ' + (won ? t('win') + ' ' + D.money(r.round.win) : t('noWin'))
      if (r.balance !== null) D.setBalance(r.balance)
      else D.toast(t('pending'))
      fair.showRound(r.round, { bets: JSON.stringify(res.bets) })
      fair.update(r.next)
      addHistory(r.round, true)
      reset()
      D.notifySettled()
    }

    if (live) {
      let left = roundSeconds
      timer.textContent = left + 's'
      setInterval(() => {
        left -= 1
        if (left <= 0) {
          left = roundSeconds
          if (stakes.dragon + stakes.tiger + stakes.tie > 0n) void play()
        }
        timer.textContent = left + 's'
      }, 1000)
    }
  })
})()
