/**
 * The demo brand's announcements (demo mode only): the marquee line, the popup notices, the
 * banners and the promotion the welcome banner opens on.
 */
import type { Localized } from './seed-data'

/** The welcome banner's title, and its promotion's. */
const welcomeBonus: Localized = {
  km: 'ប្រាក់រង្វាន់សូមស្វាគមន៍ 100%',
  en: '100% welcome bonus',
  zh: '100% 迎新奖金',
  th: 'โบนัสต้อนรับ 100%',
  vi: 'Thưởng chào mừng 100%',
}

export const demoAnnouncements: {
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H'
  title: Localized
  content: Localized
  /** Banners: the generated art (server/content/banner-art.ts). */
  imageUrl?: string
  linkUrl?: string
}[] = [
  {
    type: 'PL',
    title: { km: 'សូមស្វាគមន៍', en: 'Welcome', zh: '欢迎', th: 'ยินดีต้อนรับ', vi: 'Chào mừng' },
    content: {
      km: 'សូមស្វាគមន៍មកកាន់ Lotus Play — សេវាអតិថិជន 24 ម៉ោង',
      en: 'Welcome to Lotus Play — customer service 24 hours a day',
      zh: '欢迎来到 Lotus Play — 24小时客服',
      th: 'ยินดีต้อนรับสู่ Lotus Play — บริการลูกค้าตลอด 24 ชั่วโมง',
      vi: 'Chào mừng đến với Lotus Play — chăm sóc khách hàng 24 giờ mỗi ngày',
    },
  },
  ...Array.from({ length: 9 }, (_, i) => ({
    type: 'PU' as const,
    title: {
      km: `សេចក្តីប្រកាសលេខ ${i + 1}`,
      en: `Announcement ${i + 1}`,
      zh: `公告 ${i + 1}`,
      th: `ประกาศ ${i + 1}`,
      vi: `Thông báo ${i + 1}`,
    },
    content: {
      km: `<p>ព័ត៌មានថ្មីលេខ ${i + 1} ពី Lotus Play។</p>`,
      en: `<p>News item ${i + 1} from Lotus Play.</p>`,
      zh: `<p>Lotus Play 第 ${i + 1} 条消息。</p>`,
      th: `<p>ข่าวที่ ${i + 1} จาก Lotus Play</p>`,
      vi: `<p>Tin số ${i + 1} từ Lotus Play.</p>`,
    },
  })),
  {
    type: 'B',
    title: welcomeBonus,
    content: {
      km: 'ដាក់ប្រាក់លើកដំបូង ទទួលបានទ្វេដង',
      en: 'Double your first deposit',
      zh: '首存翻倍',
      th: 'ฝากครั้งแรก รับเพิ่มเป็นสองเท่า',
      vi: 'Nhân đôi lần nạp đầu tiên',
    },
    imageUrl: '/media/banners/welcome.webp?v=1',
    linkUrl: '/promotions',
  },
  // What the welcome banner opens on: the promotion itself.
  {
    type: 'PR',
    title: welcomeBonus,
    content: {
      km: '<p>ដាក់ប្រាក់លើកដំបូង ហើយយើងនឹងបន្ថែមប្រាក់រង្វាន់ស្មើនឹងចំនួនដែលអ្នកដាក់ ដល់ $100។</p>',
      en: '<p>Make your first deposit and we add a bonus of the same amount, up to $100.</p>',
      zh: '<p>首次存款，即可获得等额奖金，最高 $100。</p>',
      th: '<p>ฝากเงินครั้งแรก รับโบนัสเท่ากับยอดฝาก สูงสุด $100</p>',
      vi: '<p>Nạp tiền lần đầu, nhận thưởng bằng số tiền đã nạp, tối đa $100.</p>',
    },
  },
  {
    type: 'B',
    title: { km: 'ឆ្នោតប្រចាំថ្ងៃ', en: 'Daily lottery', zh: '每日彩票', th: 'หวยรายวัน', vi: 'Xổ số hằng ngày' },
    content: {
      km: 'ឆ្នោតរៀងរាល់ 5 នាទី',
      en: 'A draw every 5 minutes',
      zh: '每5分钟开奖',
      th: 'ออกรางวัลทุก 5 นาที',
      vi: 'Quay thưởng mỗi 5 phút',
    },
    imageUrl: '/media/banners/lottery.webp?v=1',
    linkUrl: '/lottery',
  },
  {
    type: 'B',
    title: {
      km: 'ស្លុតថ្មីរៀងរាល់សប្តាហ៍',
      en: 'New slots every week',
      zh: '每周新老虎机',
      th: 'สล็อตใหม่ทุกสัปดาห์',
      vi: 'Slot mới mỗi tuần',
    },
    content: {
      km: 'ហ្គេមជាង 2,000',
      en: 'Over 2,000 games',
      zh: '超过 2,000 款游戏',
      th: 'เกมมากกว่า 2,000 เกม',
      vi: 'Hơn 2.000 trò chơi',
    },
    imageUrl: '/media/banners/slots.webp?v=1',
    linkUrl: '/rng',
  },
  {
    type: 'B',
    title: { km: 'កាស៊ីណូផ្ទាល់', en: 'Live casino', zh: '真人娱乐场', th: 'คาสิโนสด', vi: 'Sòng bài trực tiếp' },
    content: {
      km: 'បាការ៉ា និងរ៉ូឡែត 24 ម៉ោង',
      en: 'Baccarat and roulette, 24 hours',
      zh: '百家乐与轮盘，24小时',
      th: 'บาคาร่าและรูเล็ต ตลอด 24 ชั่วโมง',
      vi: 'Baccarat và roulette, 24 giờ',
    },
    imageUrl: '/media/banners/live.webp?v=1',
    linkUrl: '/live',
  },
]

/** One announcement's row in one language. */
export function announcementRow(
  merchantCode: string,
  language: keyof Localized,
  a: (typeof demoAnnouncements)[number],
  sort: number,
) {
  return {
    merchantCode,
    type: a.type,
    language,
    title: a.title[language],
    content: a.content[language],
    imageUrl: a.imageUrl ?? null,
    linkUrl: a.linkUrl ?? null,
    sort,
  }
}
