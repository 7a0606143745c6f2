/*
 * The demo vendor's page kit, shared by its games: texts in five languages, the API call
 * (the session token in the body: the page runs in a sandboxed frame with an opaque origin,
 * so no cookies and no storage), money in the session's currency and decimals, the
 * provably-fair panel, and the notice to the portal after each settled round.
 */
;(function () {
  'use strict'

  const texts = {
    en: {
      balance: 'Balance',
      freePlay: 'Free play',
      bet: 'Bet',
      spin: 'Spin',
      deal: 'Deal',
      clear: 'Clear',
      win: 'You win',
      noWin: 'No win',
      dragon: 'Dragon',
      tiger: 'Tiger',
      tie: 'Tie',
      chips: 'Chip',
      fair: 'Provably fair',
      serverSeedHash: 'Next server seed (SHA-256)',
      serverSeed: 'Server seed',
      clientSeed: 'Client seed',
      setSeed: 'Set',
      nonce: 'Nonce',
      lastRound: 'Last round',
      verify: 'Verify',
      back: 'Back',
      insufficient: 'Your balance is too low for this stake.',
      walletDown: 'The wallet did not answer; nothing was staked. Try again.',
      sessionExpired: 'This game session has expired. Open the game again.',
      maintenance: 'This game is under maintenance: no new bets for now. Your open bets still settle.',
      sessionBad: 'This game link is not valid.',
      error: 'Something went wrong. Try again.',
      pending: 'Waiting for the wallet…',
      history: 'History',
      paytable: 'Paytable',
      lines: '10 lines',
      dealer: 'Dealer',
      betsClose: 'Bets close in',
      shoot: 'Tap a fish to shoot',
      hit: 'Hit!',
      miss: 'Missed',
      fixtures: 'Fixtures',
      home: 'Home',
      draw: 'Draw',
      away: 'Away',
      betSlip: 'Bet slip',
      pickOdds: 'Tap odds to add a selection',
      stake: 'Stake',
      returns: 'Returns',
      place: 'Place bet',
      myBets: 'My bets',
      open: 'Open',
      won: 'Won',
      lost: 'Lost',
      kickOff: 'Kick-off',
      inPlay: 'In play · betting closed',
      fullTime: 'Full time',
      placed: 'Bet placed',
      verifyTitle: 'Verify a round',
      game: 'Game',
      target: 'Fish',
      recompute: 'Recompute',
      hashMatches: 'The seed matches the hash shown before the round',
      hashDiffers: 'The seed does NOT match the hash shown',
      result: 'Result',
      slotGame: 'Slot',
      tableGame: 'Dragon Tiger',
      fishGame: 'Fish hunter',
      loading: 'Loading…',
      round: 'Round',
    },
    km: {
      balance: 'សមតុល្យ',
      freePlay: 'លេងសាកល្បង',
      bet: 'ភ្នាល់',
      spin: 'បង្វិល',
      deal: 'ចែកបៀ',
      clear: 'សម្អាត',
      win: 'អ្នកឈ្នះ',
      noWin: 'មិនឈ្នះ',
      dragon: 'នាគ',
      tiger: 'ខ្លា',
      tie: 'ស្មើ',
      chips: 'ឈីប',
      fair: 'យុត្តិធម៌ដែលអាចផ្ទៀងផ្ទាត់បាន',
      serverSeedHash: 'គ្រាប់ម៉ាស៊ីនមេបន្ទាប់ (SHA-256)',
      serverSeed: 'គ្រាប់ម៉ាស៊ីនមេ',
      clientSeed: 'គ្រាប់របស់អ្នកលេង',
      setSeed: 'កំណត់',
      nonce: 'លេខរៀងជុំ',
      lastRound: 'ជុំចុងក្រោយ',
      verify: 'ផ្ទៀងផ្ទាត់',
      back: 'ត្រឡប់ក្រោយ',
      insufficient: 'សមតុល្យរបស់អ្នកមិនគ្រប់គ្រាន់សម្រាប់ការភ្នាល់នេះទេ។',
      walletDown: 'កាបូបមិនបានឆ្លើយតប មិនមានការភ្នាល់ទេ។ សូមព្យាយាមម្ដងទៀត។',
      sessionExpired: 'វគ្គហ្គេមនេះផុតកំណត់ហើយ។ សូមបើកហ្គេមម្ដងទៀត។',
      maintenance: 'ហ្គេមនេះកំពុងថែទាំ៖ មិនអាចភ្នាល់ថ្មីបានទេសម្រាប់ពេលនេះ។ ការភ្នាល់ដែលកំពុងបើកនៅតែទូទាត់ដដែល។',
      sessionBad: 'តំណហ្គេមនេះមិនត្រឹមត្រូវទេ។',
      error: 'មានបញ្ហាកើតឡើង។ សូមព្យាយាមម្ដងទៀត។',
      pending: 'កំពុងរង់ចាំកាបូប…',
      history: 'ប្រវត្តិ',
      paytable: 'តារាងប្រាក់រង្វាន់',
      lines: '១០ ខ្សែ',
      dealer: 'អ្នកចែកបៀ',
      betsClose: 'ការភ្នាល់បិទក្នុងរយៈពេល',
      shoot: 'ចុចលើត្រីដើម្បីបាញ់',
      hit: 'ត្រូវហើយ!',
      miss: 'បាញ់ខុស',
      fixtures: 'ការប្រកួត',
      home: 'ម្ចាស់ផ្ទះ',
      draw: 'ស្មើ',
      away: 'ភ្ញៀវ',
      betSlip: 'ប័ណ្ណភ្នាល់',
      pickOdds: 'ចុចលើហាងឆេងដើម្បីជ្រើសរើស',
      stake: 'ប្រាក់ភ្នាល់',
      returns: 'ប្រាក់ទទួលបាន',
      place: 'ដាក់ភ្នាល់',
      myBets: 'ការភ្នាល់របស់ខ្ញុំ',
      open: 'កំពុងរង់ចាំ',
      won: 'ឈ្នះ',
      lost: 'ចាញ់',
      kickOff: 'ម៉ោងចាប់ផ្ដើម',
      inPlay: 'កំពុងប្រកួត · បិទការភ្នាល់',
      fullTime: 'ចប់ការប្រកួត',
      placed: 'បានដាក់ភ្នាល់',
      verifyTitle: 'ផ្ទៀងផ្ទាត់ជុំមួយ',
      game: 'ហ្គេម',
      target: 'ត្រី',
      recompute: 'គណនាឡើងវិញ',
      hashMatches: 'គ្រាប់ត្រូវគ្នានឹង hash ដែលបានបង្ហាញមុនជុំ',
      hashDiffers: 'គ្រាប់មិនត្រូវគ្នានឹង hash ដែលបានបង្ហាញទេ',
      result: 'លទ្ធផល',
      slotGame: 'ស្លត',
      tableGame: 'នាគ ខ្លា',
      fishGame: 'បាញ់ត្រី',
      loading: 'កំពុងផ្ទុក…',
      round: 'ជុំ',
    },
    zh: {
      balance: '余额',
      freePlay: '免费试玩',
      bet: '投注',
      spin: '旋转',
      deal: '发牌',
      clear: '清除',
      win: '您赢了',
      noWin: '未中奖',
      dragon: '龙',
      tiger: '虎',
      tie: '和',
      chips: '筹码',
      fair: '可验证公平',
      serverSeedHash: '下一个服务器种子 (SHA-256)',
      serverSeed: '服务器种子',
      clientSeed: '客户端种子',
      setSeed: '设置',
      nonce: '序号',
      lastRound: '上一局',
      verify: '验证',
      back: '返回',
      insufficient: '余额不足，无法投注此金额。',
      walletDown: '钱包无响应，未扣款。请重试。',
      sessionExpired: '游戏会话已过期，请重新打开游戏。',
      maintenance: '该游戏正在维护，暂不接受新投注。已下的注单仍会照常结算。',
      sessionBad: '此游戏链接无效。',
      error: '出错了，请重试。',
      pending: '等待钱包确认…',
      history: '历史记录',
      paytable: '赔付表',
      lines: '10 条线',
      dealer: '荷官',
      betsClose: '停止下注倒计时',
      shoot: '点击鱼进行射击',
      hit: '命中！',
      miss: '未命中',
      fixtures: '赛事',
      home: '主队',
      draw: '平局',
      away: '客队',
      betSlip: '投注单',
      pickOdds: '点击赔率添加选项',
      stake: '投注额',
      returns: '可赢金额',
      place: '确认投注',
      myBets: '我的投注',
      open: '未结算',
      won: '赢',
      lost: '输',
      kickOff: '开赛',
      inPlay: '比赛进行中 · 已停止投注',
      fullTime: '全场结束',
      placed: '投注成功',
      verifyTitle: '验证一局',
      game: '游戏',
      target: '鱼',
      recompute: '重新计算',
      hashMatches: '种子与开局前显示的哈希一致',
      hashDiffers: '种子与显示的哈希不一致',
      result: '结果',
      slotGame: '老虎机',
      tableGame: '龙虎',
      fishGame: '捕鱼',
      loading: '加载中…',
      round: '局',
    },
    th: {
      balance: 'ยอดเงิน',
      freePlay: 'ทดลองเล่นฟรี',
      bet: 'เดิมพัน',
      spin: 'หมุน',
      deal: 'แจกไพ่',
      clear: 'ล้าง',
      win: 'คุณชนะ',
      noWin: 'ไม่ชนะ',
      dragon: 'มังกร',
      tiger: 'เสือ',
      tie: 'เสมอ',
      chips: 'ชิป',
      fair: 'พิสูจน์ความยุติธรรมได้',
      serverSeedHash: 'ซีดเซิร์ฟเวอร์ถัดไป (SHA-256)',
      serverSeed: 'ซีดเซิร์ฟเวอร์',
      clientSeed: 'ซีดผู้เล่น',
      setSeed: 'ตั้งค่า',
      nonce: 'ลำดับรอบ',
      lastRound: 'รอบล่าสุด',
      verify: 'ตรวจสอบ',
      back: 'ย้อนกลับ',
      insufficient: 'ยอดเงินของคุณไม่พอสำหรับเดิมพันนี้',
      walletDown: 'กระเป๋าเงินไม่ตอบสนอง ยังไม่มีการหักเงิน โปรดลองอีกครั้ง',
      sessionExpired: 'เซสชันเกมหมดอายุแล้ว โปรดเปิดเกมอีกครั้ง',
      maintenance: 'เกมนี้อยู่ระหว่างปิดปรับปรุง: ยังรับเดิมพันใหม่ไม่ได้ เดิมพันที่เปิดอยู่ยังคงได้รับการชำระตามปกติ',
      sessionBad: 'ลิงก์เกมนี้ไม่ถูกต้อง',
      error: 'เกิดข้อผิดพลาด โปรดลองอีกครั้ง',
      pending: 'กำลังรอกระเป๋าเงิน…',
      history: 'ประวัติ',
      paytable: 'ตารางจ่ายรางวัล',
      lines: '10 ไลน์',
      dealer: 'ดีลเลอร์',
      betsClose: 'ปิดรับเดิมพันใน',
      shoot: 'แตะปลาเพื่อยิง',
      hit: 'โดน!',
      miss: 'พลาด',
      fixtures: 'รายการแข่งขัน',
      home: 'เจ้าบ้าน',
      draw: 'เสมอ',
      away: 'ทีมเยือน',
      betSlip: 'สลิปเดิมพัน',
      pickOdds: 'แตะอัตราต่อรองเพื่อเลือก',
      stake: 'จำนวนเดิมพัน',
      returns: 'ผลตอบแทน',
      place: 'วางเดิมพัน',
      myBets: 'การเดิมพันของฉัน',
      open: 'รอผล',
      won: 'ชนะ',
      lost: 'แพ้',
      kickOff: 'เวลาเริ่ม',
      inPlay: 'กำลังแข่งขัน · ปิดรับแทง',
      fullTime: 'จบการแข่งขัน',
      placed: 'วางเดิมพันแล้ว',
      verifyTitle: 'ตรวจสอบรอบ',
      game: 'เกม',
      target: 'ปลา',
      recompute: 'คำนวณใหม่',
      hashMatches: 'ซีดตรงกับแฮชที่แสดงก่อนรอบ',
      hashDiffers: 'ซีดไม่ตรงกับแฮชที่แสดง',
      result: 'ผลลัพธ์',
      slotGame: 'สล็อต',
      tableGame: 'เสือมังกร',
      fishGame: 'ยิงปลา',
      loading: 'กำลังโหลด…',
      round: 'รอบ',
    },
    vi: {
      balance: 'Số dư',
      freePlay: 'Chơi thử',
      bet: 'Cược',
      spin: 'Quay',
      deal: 'Chia bài',
      clear: 'Xóa',
      win: 'Bạn thắng',
      noWin: 'Không thắng',
      dragon: 'Rồng',
      tiger: 'Hổ',
      tie: 'Hòa',
      chips: 'Chip',
      fair: 'Công bằng có thể kiểm chứng',
      serverSeedHash: 'Hạt giống máy chủ tiếp theo (SHA-256)',
      serverSeed: 'Hạt giống máy chủ',
      clientSeed: 'Hạt giống người chơi',
      setSeed: 'Đặt',
      nonce: 'Số thứ tự',
      lastRound: 'Ván trước',
      verify: 'Kiểm chứng',
      back: 'Quay lại',
      insufficient: 'Số dư của bạn không đủ cho mức cược này.',
      walletDown: 'Ví không phản hồi, chưa trừ tiền. Vui lòng thử lại.',
      sessionExpired: 'Phiên chơi đã hết hạn. Hãy mở lại trò chơi.',
      maintenance:
        'Trò chơi đang bảo trì: tạm thời không nhận cược mới. Các cược đang mở vẫn được thanh toán.',
      sessionBad: 'Liên kết trò chơi không hợp lệ.',
      error: 'Đã xảy ra lỗi. Vui lòng thử lại.',
      pending: 'Đang chờ ví…',
      history: 'Lịch sử',
      paytable: 'Bảng trả thưởng',
      lines: '10 dòng',
      dealer: 'Người chia bài',
      betsClose: 'Đóng cược sau',
      shoot: 'Chạm vào cá để bắn',
      hit: 'Trúng!',
      miss: 'Trượt',
      fixtures: 'Trận đấu',
      home: 'Chủ nhà',
      draw: 'Hòa',
      away: 'Khách',
      betSlip: 'Phiếu cược',
      pickOdds: 'Chạm vào tỷ lệ để chọn',
      stake: 'Tiền cược',
      returns: 'Tiền nhận về',
      place: 'Đặt cược',
      myBets: 'Cược của tôi',
      open: 'Đang chờ',
      won: 'Thắng',
      lost: 'Thua',
      kickOff: 'Giờ bắt đầu',
      inPlay: 'Đang thi đấu · đã đóng cược',
      fullTime: 'Kết thúc trận',
      placed: 'Đã đặt cược',
      verifyTitle: 'Kiểm chứng một ván',
      game: 'Trò chơi',
      target: 'Cá',
      recompute: 'Tính lại',
      hashMatches: 'Hạt giống khớp với mã băm hiển thị trước ván',
      hashDiffers: 'Hạt giống KHÔNG khớp với mã băm',
      result: 'Kết quả',
      slotGame: 'Slot',
      tableGame: 'Rồng Hổ',
      fishGame: 'Bắn cá',
      loading: 'Đang tải…',
      round: 'Ván',
    },
  }

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
