import { chromium } from 'playwright'
const base = 'http://127.0.0.1:4817'
const out = '/tmp/lott-shot/'
const now = Date.now()
const game = (code, name, prizeMode, kind) => ({
  lottoGameCode: code, name, prizeMode, kind,
  gameGroupCode: kind === 'D5' ? prizeMode : kind === 'VN_NORTH' ? 'NORTH' : 'SOUTH',
  labelName: kind === 'D5' ? (prizeMode === 'ELOTT' ? 'E-lottery' : 'Lottery') : kind === 'VN_NORTH' ? 'Northern' : 'Southern',
  schedule: kind === 'D5' ? { type: 'interval', seconds: 60, timeZone: 'Asia/Phnom_Penh' } : { type: 'daily', time: '18:15', timeZone: 'Asia/Ho_Chi_Minh', weekdays: [1,2,3,4,5,6,7] },
  isHot: true, iconUrl: `/media/lottery/${code}.svg?v=1`,
})
const games = [
  game('E5D1', 'Lucky 5 · 1 min', 'ELOTT', 'D5'), game('E5D3', 'Lucky 5 · 3 min', 'ELOTT', 'D5'), game('E5D5', 'Lucky 5 · 5 min', 'ELOTT', 'D5'),
  game('VN_MB', 'Miền Bắc', 'LOTT', 'VN_NORTH'), game('VN_HCM', 'TP. Hồ Chí Minh', 'LOTT', 'VN_SOUTH'), game('VN_DN', 'Đà Nẵng', 'LOTT', 'VN_SOUTH'),
  game('ZY5', 'Fortune 5', 'ZY', 'D5'),
]
const iss = (code, n, closeAt) => ({ lottoGameCode: code, numero: `20261123-${String(n).padStart(4, '0')}`, openAt: closeAt - 60000, closeAt, status: 'OPEN', commitment: 'a3f1'.repeat(16) })
const d5 = (code, n, main) => ({ lottoGameCode: code, name: 'Lucky 5', kind: 'D5', numero: `20261123-${String(n).padStart(4,'0')}`, closeAt: now - n * 1000, status: 'DRAWN', drawnAt: now - n*1000, main, prizes: [], commitment: '9c4e'.repeat(16), seed: '51d0'.repeat(16) })
const vn = (code, name, kind) => ({ lottoGameCode: code, name, kind, numero: '20261122', closeAt: now - 80000000, status: 'DRAWN', drawnAt: now - 80000000, main: '48213',
  prizes: kind === 'VN_NORTH' ? [
    { prize: 'DB', numbers: ['48213'] }, { prize: 'G1', numbers: ['77120'] }, { prize: 'G2', numbers: ['03418', '96621'] },
    { prize: 'G3', numbers: ['11872', '40931', '58210', '66402', '20317', '85549'] }, { prize: 'G4', numbers: ['3108', '7721', '0456', '9910'] },
    { prize: 'G5', numbers: ['1823', '6612', '0079', '4405', '2291', '8830'] }, { prize: 'G6', numbers: ['412', '078', '935'] }, { prize: 'G7', numbers: ['12', '45', '07', '91'] } ]
  : [ { prize: 'DB', numbers: ['482135'] }, { prize: 'G1', numbers: ['77120'] }, { prize: 'G2', numbers: ['03418'] }, { prize: 'G3', numbers: ['11872', '40931'] },
    { prize: 'G4', numbers: ['58210','66402','20317','85549','31080','77210','04560'] }, { prize: 'G5', numbers: ['9910'] }, { prize: 'G6', numbers: ['1823','6612','0079'] }, { prize: 'G7', numbers: ['441'] }, { prize: 'G8', numbers: ['27'] } ],
  commitment: '9c4e'.repeat(16), seed: '51d0'.repeat(16) })
const results = ['30917','04455','88120','71936','26604','19283','55017','90342']
const setting = (g) => ({ game: g, maxLines: 20, betTypes: g.kind === 'D5' ? [
  { betType: 'POS_DIGIT', odds: '9.8', minStake: '1.00', maxStake: '500.00' }, { betType: 'BIG_SMALL', odds: '1.96', minStake: '1.00', maxStake: '1000.00' }, { betType: 'ODD_EVEN', odds: '1.96', minStake: '1.00', maxStake: '1000.00' }]
  : [ { betType: 'LO2', odds: '3.5', minStake: '1.00', maxStake: '1000.00' }, { betType: 'LO3', odds: '40', minStake: '1.00', maxStake: '1000.00' }, { betType: 'DE2', odds: '70', minStake: '1.00', maxStake: '1000.00' }, { betType: 'DE3', odds: '600', minStake: '1.00', maxStake: '1000.00' }] })
function answer(url) {
  const u = new URL(url)
  const code = u.searchParams.get('lottoGameCode')
  const g = games.find((x) => x.lottoGameCode === code) ?? games[0]
  switch (u.pathname) {
    case '/lgw/games/game_menus': {
      const mode = u.searchParams.get('prizeMode')
      const list = games.filter((x) => !mode || x.prizeMode === mode)
      const groups = [...new Set(list.map((x) => x.gameGroupCode))]
      return { menus: groups.map((gc) => ({ gameGroupCode: gc, labelName: list.find((x) => x.gameGroupCode === gc).labelName, prizeMode: list.find((x) => x.gameGroupCode === gc).prizeMode, games: list.filter((x) => x.gameGroupCode === gc) })) }
    }
    case '/lgw/vn/games/game_menu': return { gameMenus: [
      { gameGroupCode: 'NORTH', labelName: 'Miền Bắc', prizeMode: 'LOTT', games: [games[3]] },
      { gameGroupCode: 'SOUTH', labelName: 'Miền Nam', prizeMode: 'LOTT', games: [games[4], games[5]] } ] }
    case '/lgw/vn/numeros/opened/game': return { list: [vn('VN_MB', 'Miền Bắc', 'VN_NORTH'), vn('VN_HCM', 'TP. Hồ Chí Minh', 'VN_SOUTH'), vn('VN_DN', 'Đà Nẵng', 'VN_SOUTH')] }
    case '/lgw/games/setting': return setting(g)
    case '/lgw/numeros/near': return { serverTime: Date.now(), game: g, current: iss(g.lottoGameCode, 721, Date.now() + 47000), next: iss(g.lottoGameCode, 722, Date.now() + 107000), last: g.kind === 'D5' ? d5(g.lottoGameCode, 720, '30917') : vn(g.lottoGameCode, g.name, g.kind) }
    case '/lotto/lgw/games/opened/numero': return { list: g.kind === 'D5' ? results.map((m, i) => d5(g.lottoGameCode, 720 - i, m)) : [vn(g.lottoGameCode, g.name, g.kind)] }
    case '/lgw/games/popular': return { serverTime: Date.now(), list: games.map((x, i) => ({ game: x, current: iss(x.lottoGameCode, 721, Date.now() + 20000 + i * 37000), last: x.kind === 'D5' ? d5(x.lottoGameCode, 720, results[i % 8]) : vn(x.lottoGameCode, x.name, x.kind) })) }
    case '/lgw/orders': return { list: [], total: 0, pageNo: 1, pageSize: 20 }
    case '/lgw/vn/games/game_menu/recent': return { list: [] }
  }
  return null
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] })
const locale = process.argv[2] ?? 'en'
for (const [w, h] of [[360, 740], [1280, 900]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, serviceWorkers: 'allow' })
  const page = await ctx.newPage()
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message))
  await ctx.route(/\/(lgw|lotto)\//, (route) => {
    const v = answer(route.request().url())
    return route.fulfill({ status: v ? 200 : 404, contentType: 'application/json', body: JSON.stringify(v ? { success: true, value: v } : { success: false, errorCode: 'not_found', message: 'x' }) })
  })
  await page.addInitScript((l) => { sessionStorage.setItem('index-notice-seen', '1'); localStorage.setItem('lang', l) }, locale)
  const shots = [['lottery-d5', '/lottery?gameCode=E5D1'], ['lottery-vn', '/lottery?gameCode=VN_MB&playType=LO2'], ['vnlottery', '/vnlottery'], ['elott', '/elott'], ['home', '/index']]
  for (const [name, path] of shots) {
    await page.goto(base + path)
    await page.waitForTimeout(1500)
    if (name === 'lottery-d5' && locale === 'en') {
      for (const [p, d] of [[1, 3], [1, 7], [3, 0], [5, 9]]) await page.getByRole('button', { name: `Position ${p}, digit ${d}` }).click()
      await page.getByRole('button', { name: /Add .* to slip/ }).click()
      await page.getByRole('button', { name: 'Position 2, digit 4' }).click()
    }
    if (name === 'lottery-vn' && locale === 'en') {
      await page.getByRole('button', { name: '12', exact: true }).click(); await page.getByRole('button', { name: '45', exact: true }).click()
      await page.getByRole('button', { name: /Add .* to slip/ }).click()
    }
    await page.screenshot({ path: `${out}${name}-${w}-${locale}.png`, fullPage: name !== 'home' })
  }
  await ctx.close()
}
await browser.close()
