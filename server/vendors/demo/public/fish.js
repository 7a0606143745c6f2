/* The fish stand-in: each shot stakes the chip; a hit pays the fish's multiplier. */
;(function () {
  'use strict'
  const D = window.Demo
  const { el, t } = D

  D.start((s) => {
    const app = document.getElementById('app')
    const chips = D.chipPicker(s.chips, () => undefined)
    const outcome = el('p', { class: 'outcome', 'aria-live': 'polite', text: t('shoot') })
    const fair = D.fairPanel('fish')
    fair.update(s.fair)
    const fishes = s.fish.multipliers.map((m, i) =>
      el(
        'button',
        { type: 'button', class: 'fish', 'aria-label': t('target') + ' ×' + m, onclick: () => shoot(i) },
        el('img', {
          src: '/demo-vendor/static/fish.svg',
          alt: '',
          width: 48,
          height: 30,
          class: 'tint-' + i,
        }),
        el('span', { class: 'mult', text: '×' + m }),
      ),
    )
    app.append(
      el('section', { class: 'panel wide' }, el('div', { class: 'pond' }, fishes), outcome),
      el('section', { class: 'panel controls' }, el('span', { class: 'label', text: t('bet') }), chips.root),
      el('section', { class: 'panel' }, fair.root),
    )

    async function shoot(i) {
      if (D.state.busy) return
      D.state.busy = true
      const r = await D.api('fish/shoot', { s: D.state.token, bet: chips.value(), target: i })
      D.state.busy = false
      if (!r.ok) {
        D.toast(D.errorText(r.error), 'bad')
        return
      }
      const hit = r.round.result.hit
      const f = fishes[i]
      f.classList.remove('hit', 'miss')
      void f.offsetWidth
      f.classList.add(hit ? 'hit' : 'miss')
      outcome.className = 'outcome ' + (hit ? 'good' : 'bad')
      outcome.textContent = hit ? t('hit') + ' ' + D.money(r.round.win) : t('miss')
      if (r.balance !== null) D.setBalance(r.balance)
      else D.toast(t('pending'))
      fair.showRound(r.round, { target: String(i) })
      fair.update(r.next)
      D.notifySettled()
    }
  })
})()
