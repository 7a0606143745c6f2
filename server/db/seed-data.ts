/**
 * The demo brand a fresh install starts with. Operators replace it with their own brand
 * through the operator CLI and their own seed; nothing here is read at run time except by
 * the seed itself.
 */
import { emvcoPayload } from '#contract/emvco'
import type { DepositMethodKind } from '#contract/funds'
import { locales, type Locale } from '#contract/locales'
import { moreDemoHelp } from './seed-help'

export const demoMerchant = {
  code: 'DEMO',
  name: 'Lotus Play',
  shortName: 'Lotus',
  currency: 'USD',
  currencySymbol: '$',
  currencyDecimals: 2,
  defaultLanguage: 'km',
  timeZone: 'Asia/Phnom_Penh',
  languages: [...locales],
  themeColor: '#0e7c66',
  backgroundColor: '#ffffff',
  logoUrl: '/brand/logo.svg?v=1',
  passwordExpiryDays: 90,
  minimumAge: 18,
  vipServiceState: 'normal',
  /** Games play from the main wallet through the seamless API (`npm run ops -- wallet-mode MULTI` for one wallet per vendor). */
  walletMode: 'SINGLE' as const,
  /** Members may give up their open bonuses to withdraw (`npm run ops -- turnover forfeit off`). */
  bonusForfeit: true,
}

/**
 * The demo's limits on agents' transfers down to their team (`agent limits`), in the brand's
 * currency: the most per transfer or red envelope, and per agent per day. A brand made at
 * go-live starts without limits; its operator sets its own.
 */
export const demoTransferLimits = { perTransfer: '5000.00', perDay: '20000.00' }

/** [modId, parent, enabled]: the white-label feature tree (api-reference.md's flags). */
export const demoWhitelabel: [string, string | null, boolean][] = [
  ['HOMEPAGE', null, true],
  ['PWDEXPFORCECHANGE3', 'HOMEPAGE', true],
  ['MOBILELOGIN3', 'HOMEPAGE', true],
  ['COMM3', null, true],
  ['REG3', null, true],
  ['USERNAMEREG3', 'REG3', true],
  ['MOBILENUMREG3', 'REG3', true],
  ['REGMOBVERF3', 'REG3', false],
  ['MOBILENUMPASSREG3', 'REG3', true],
  ['DIRECTREG3', 'REG3', true],
  ['AFFMAN3', 'REG3', true],
  // Captchas guard login as well as registration, so they hang off no other feature.
  ['CAPTCHA3', null, true],
  ['DISPLAYLOCATION3', 'REG3', true],
  ['LOGIN3', null, true],
  ['MOBILEVERCODELOGIN3', 'LOGIN3', true],
  ['LOGINIPVERF3', 'LOGIN3', true],
  ['VERIFICATION3', 'LOGIN3', true],
  ['FREEPLAY3', 'LOGIN3', true],
  ['CHNGPASSVERIF3', 'LOGIN3', true],
  ['PWRESETSMS3', 'LOGIN3', true],
  ['PASS3', 'LOGIN3', true],
  ['GOOGLELOGIN3', 'LOGIN3', false],
  ['FACEBOOKLOGIN3', 'LOGIN3', false],
  ['TELEGRAMLOGIN3', 'LOGIN3', false],
  ['GAMELO3', null, true],
  ['GAMELOFAV3', 'GAMELO3', true],
  ['GAMELOHOT3', 'GAMELO3', true],
  ['GAMELOREC3', 'GAMELO3', true],
  ['FUNDTRANS3', null, true],
  ['PAYMENTPASS3', 'FUNDTRANS3', true],
  ['MEMTRANS3', 'FUNDTRANS3', true],
  ['INBOX3', null, true],
  ['PTSYS3', null, true],
  ['REWCEN3', null, true],
  ['FEEDBACK3', null, true],
  ['PROFPIC3', null, true],
  ['AGEANNOUNCE3', null, true],
  ['AGEPAG', null, true],
  ['AGEINFO3', 'AGEPAG', true],
  ['REGCEN', 'AGEPAG', true],
  ['AGEREGDOWN3', 'AGEPAG', true],
  ['DOWNMAN', 'AGEPAG', true],
  ['TRANSBETREPMEM3', 'AGEPAG', true],
  ['TEAMBETTING3', 'AGEPAG', true],
  ['AGETEAMPNL3', 'AGEPAG', true],
  ['AGEREV3', 'AGEPAG', true],
  ['AGEDOWNTRANS3', 'AGEPAG', true],
  ['AGETRANSFERUP3', 'AGEPAG', true],
  ['SIGNCONDIV3', 'AGEPAG', true],
  ['DAILYSALCONT3', 'AGEPAG', true],
  ['HOURSAL3', 'AGEPAG', false],
  ['RTSALARY3', 'AGEPAG', true],
  ['enableCt', 'AGEPAG', true],
  ['salary', 'AGEPAG', true],
  ['hourSalary', 'AGEPAG', false],
]

type Rule = [
  field: string,
  enabled: boolean,
  required: boolean,
  min: number,
  max: number,
  pattern: string,
  patternId: string,
]

export const demoRegisterRules: Rule[] = [
  ['username', true, true, 6, 12, '^[A-Za-z][A-Za-z0-9]*$', 'LETTER_FIRST_ALNUM'],
  ['password', true, true, 6, 20, '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$', 'MIX_LETTERS_DIGITS'],
  ['payeeName', true, false, 2, 50, '*', 'ANY'],
  ['paymentPassword', false, false, 6, 6, '^[0-9]+$', 'DIGITS'],
  ['qqNum', false, false, 5, 12, '^[0-9]+$', 'DIGITS'],
  ['line', false, false, 4, 20, '^\\S+$', 'NO_SPACES'],
  ['whatsapp', false, false, 6, 15, '^[0-9]+$', 'DIGITS'],
  ['facebook', false, false, 4, 50, '^\\S+$', 'NO_SPACES'],
  ['wechat', false, false, 4, 20, '^\\S+$', 'NO_SPACES'],
  ['idNumber', false, false, 6, 20, '^[A-Za-z0-9]+$', 'ALNUM_NO_CHINESE'],
  ['email', true, false, 5, 64, '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 'EMAIL'],
  ['mobileNum', true, false, 6, 15, '^[0-9]+$', 'DIGITS'],
  ['affiliateCode', true, false, 4, 16, '^[A-Za-z0-9]+$', 'ALNUM_NO_CHINESE'],
  ['captcha', true, true, 4, 4, '^[A-Za-z0-9]+$', 'ALNUM_NO_CHINESE'],
  ['recommenderId', false, false, 4, 16, '^[A-Za-z0-9]+$', 'ALNUM_NO_CHINESE'],
]

/** [ISO code, dialling code, name, min digits, max digits] */
export const demoCountries: [string, string, string, number, number][] = [
  ['KH', '855', 'Cambodia', 8, 9],
  ['TH', '66', 'Thailand', 9, 9],
  ['VN', '84', 'Vietnam', 9, 10],
  ['CN', '86', 'China', 11, 11],
  ['LA', '856', 'Laos', 8, 10],
  ['MM', '95', 'Myanmar', 7, 10],
  ['MY', '60', 'Malaysia', 9, 10],
  ['SG', '65', 'Singapore', 8, 8],
  ['PH', '63', 'Philippines', 10, 10],
  ['ID', '62', 'Indonesia', 9, 12],
  ['US', '1', 'United States', 10, 10],
]

/** A display name in each of the demo brand's languages. */
export type DemoNames = Record<Locale, string>

const sameInEvery = (name: string): DemoNames => ({ km: name, en: name, zh: name, th: name, vi: name })

/** [csType, title (English), url, title per language]. */
export const demoCustomerService: [string, string, string, DemoNames][] = [
  [
    'LIVECHAT',
    'Live chat 24/7',
    'https://livechat.example.com/lotus',
    {
      km: 'ជជែកផ្ទាល់ 24/7',
      en: 'Live chat 24/7',
      zh: '24/7 在线客服',
      th: 'แชทสด 24/7',
      vi: 'Chat trực tuyến 24/7',
    },
  ],
  ['TELEGRAM', 'Telegram', 'https://t.me/lotusplay_support', sameInEvery('Telegram')],
  ['MESSENGER', 'Messenger', 'https://m.me/lotusplay', sameInEvery('Messenger')],
  [
    'VIP',
    'VIP service',
    'https://t.me/lotusplay_vip',
    { km: 'សេវាកម្ម VIP', en: 'VIP service', zh: 'VIP 专属客服', th: 'บริการ VIP', vi: 'Dịch vụ VIP' },
  ],
]

export const demoResources: [string, string, string | null][] = [
  ['PWA', '/down', null],
  ['IOS_LITE', '/down#ios', null],
]

export const demoDomains = ['localhost', '127.0.0.1']

export const demoCdns: ['image' | 'launchGame', string][] = [
  ['image', '/media'],
  ['launchGame', '/'],
]

export type Localized = Record<Locale, string>

const firstDemoHelp: { category: Localized; title: Localized; content: Localized }[] = [
  {
    category: { km: 'គណនី', en: 'Account', zh: '账户', th: 'บัญชี', vi: 'Tài khoản' },
    title: { km: 'របៀបចុះឈ្មោះ', en: 'How to register', zh: '如何注册', th: 'วิธีสมัครสมาชิก', vi: 'Cách đăng ký' },
    content: {
      km: '<p>ចុចប៊ូតុង <strong>ចុះឈ្មោះ</strong> បំពេញឈ្មោះអ្នកប្រើ និងពាក្យសម្ងាត់ រួចយល់ព្រមលើលក្ខខណ្ឌ។</p>',
      en: '<p>Tap <strong>Register</strong>, choose a username and password, and accept the terms.</p>',
      zh: '<p>点击<strong>注册</strong>，填写用户名和密码，并同意条款。</p>',
      th: '<p>แตะ <strong>สมัครสมาชิก</strong> ตั้งชื่อผู้ใช้และรหัสผ่าน แล้วยอมรับข้อกำหนด</p>',
      vi: '<p>Chạm <strong>Đăng ký</strong>, chọn tên đăng nhập và mật khẩu, rồi đồng ý với điều khoản.</p>',
    },
  },
  {
    category: { km: 'ការដាក់ប្រាក់', en: 'Deposits', zh: '存款', th: 'การฝากเงิน', vi: 'Nạp tiền' },
    title: { km: 'របៀបដាក់ប្រាក់', en: 'How to deposit', zh: '如何存款', th: 'วิธีฝากเงิน', vi: 'Cách nạp tiền' },
    content: {
      km: '<p>បើកមជ្ឈមណ្ឌលសមាជិក ជ្រើសរើស <strong>ដាក់ប្រាក់</strong> ហើយជ្រើសរើសវិធីសាស្ត្រទូទាត់។</p>',
      en: '<p>Open the member centre, choose <strong>Deposit</strong> and pick a payment method.</p>',
      zh: '<p>打开会员中心，选择<strong>存款</strong>并选择支付方式。</p>',
      th: '<p>เปิดศูนย์สมาชิก เลือก <strong>ฝากเงิน</strong> แล้วเลือกช่องทางชำระเงิน</p>',
      vi: '<p>Mở trung tâm thành viên, chọn <strong>Nạp tiền</strong> và chọn phương thức thanh toán.</p>',
    },
  },
  {
    category: { km: 'ការដកប្រាក់', en: 'Withdrawals', zh: '取款', th: 'การถอนเงิน', vi: 'Rút tiền' },
    title: { km: 'របៀបដកប្រាក់', en: 'How to withdraw', zh: '如何取款', th: 'วิธีถอนเงิน', vi: 'Cách rút tiền' },
    content: {
      km: '<p>បន្ថែមកាតធនាគារ កំណត់ពាក្យសម្ងាត់ទូទាត់ ហើយស្នើសុំដកប្រាក់។</p>',
      en: '<p>Add a bank card, set a payment password and request a withdrawal.</p>',
      zh: '<p>添加银行卡，设置支付密码，然后申请取款。</p>',
      th: '<p>เพิ่มบัญชีธนาคาร ตั้งรหัสผ่านการชำระเงิน แล้วส่งคำขอถอนเงิน</p>',
      vi: '<p>Thêm thẻ ngân hàng, đặt mật khẩu thanh toán và gửi yêu cầu rút tiền.</p>',
    },
  },
  {
    category: {
      km: 'ការលេងប្រកបដោយទំនួលខុសត្រូវ',
      en: 'Responsible gaming',
      zh: '负责任博彩',
      th: 'การเล่นอย่างรับผิดชอบ',
      vi: 'Chơi có trách nhiệm',
    },
    title: {
      km: 'ដែនកំណត់ និងការសម្រាក',
      en: 'Limits and breaks',
      zh: '限额与休息',
      th: 'วงเงินและการพัก',
      vi: 'Giới hạn và nghỉ ngơi',
    },
    content: {
      km: '<p>លេងសម្រាប់ការកម្សាន្ត។ ទាក់ទងសេវាអតិថិជនដើម្បីកំណត់ដែនកំណត់។</p>',
      en: '<p>Play for fun. Contact customer service to set limits or take a break.</p>',
      zh: '<p>娱乐为主。如需设置限额或暂停，请联系客服。</p>',
      th: '<p>เล่นเพื่อความสนุก ติดต่อฝ่ายบริการลูกค้าเพื่อกำหนดวงเงินหรือขอพักการเล่น</p>',
      vi: '<p>Chơi để giải trí. Liên hệ chăm sóc khách hàng để đặt giới hạn hoặc tạm nghỉ.</p>',
    },
  },
]

/** The demo help centre: 21 questions in six categories, in the five languages. */
export const demoHelp: { category: Localized; title: Localized; content: Localized }[] = [
  ...firstDemoHelp,
  ...moreDemoHelp,
]

export const demoTemplates: { code: string; title: Localized; content: Localized }[] = [
  {
    code: 'terms',
    title: {
      km: 'លក្ខខណ្ឌ',
      en: 'Terms and conditions',
      zh: '条款与条件',
      th: 'ข้อกำหนดและเงื่อนไข',
      vi: 'Điều khoản và điều kiện',
    },
    content: {
      km: '<p>ខ្ញុំបញ្ជាក់ថាខ្ញុំមានអាយុ 18 ឆ្នាំឡើងទៅ ហើយយល់ព្រមលើលក្ខខណ្ឌ និងគោលការណ៍ឯកជនភាព។</p>',
      en: '<p>I confirm that I am 18 years old or over and accept the terms and the privacy policy.</p>',
      zh: '<p>我确认已年满18岁，并同意条款和隐私政策。</p>',
      th: '<p>ข้าพเจ้ายืนยันว่ามีอายุ 18 ปีขึ้นไป และยอมรับข้อกำหนดและนโยบายความเป็นส่วนตัว</p>',
      vi: '<p>Tôi xác nhận đã đủ 18 tuổi trở lên và đồng ý với điều khoản và chính sách bảo mật.</p>',
    },
  },
  {
    code: 'privacy',
    title: {
      km: 'គោលការណ៍ឯកជនភាព',
      en: 'Privacy policy',
      zh: '隐私政策',
      th: 'นโยบายความเป็นส่วนตัว',
      vi: 'Chính sách bảo mật',
    },
    content: {
      km: '<p>យើងរក្សាទុកតែទិន្នន័យដែលត្រូវការសម្រាប់គណនីរបស់អ្នក។</p>',
      en: '<p>We keep only the data your account needs and never sell it.</p>',
      zh: '<p>我们只保存账户所需的数据，绝不出售。</p>',
      th: '<p>เราเก็บเฉพาะข้อมูลที่บัญชีของคุณต้องใช้ และไม่ขายข้อมูลให้ใคร</p>',
      vi: '<p>Chúng tôi chỉ lưu dữ liệu tài khoản của bạn cần và không bao giờ bán dữ liệu đó.</p>',
    },
  },
  {
    code: 'joinUs',
    title: {
      km: 'ចូលរួមជាមួយយើង',
      en: 'Join us',
      zh: '加入我们',
      th: 'ร่วมงานกับเรา',
      vi: 'Tham gia cùng chúng tôi',
    },
    content: {
      km:
        '<p>ក្លាយជាភ្នាក់ងាររបស់ Lotus Play ហើយទទួលបានកម្រៃពីក្រុមរបស់អ្នក។</p>' +
        '<ul><li>លេខកូដអញ្ជើញផ្ទាល់ខ្លួន៖ សមាជិកដែលចុះឈ្មោះតាមវា ចូលក្នុងក្រុមរបស់អ្នក។</li>' +
        '<li>មជ្ឈមណ្ឌលភ្នាក់ងារ៖ ក្រុម ការភ្នាល់ និងកម្រៃរបស់អ្នក នៅកន្លែងតែមួយ។</li>' +
        '<li>សេវាអតិថិជន 24 ម៉ោង សម្រាប់អ្នក និងសមាជិករបស់អ្នក។</li></ul>' +
        '<p>ដើម្បីចូលរួម សូមទាក់ទងសេវាអតិថិជនខាងក្រោម។</p>',
      en:
        '<p>Become a Lotus Play agent and earn from your team.</p>' +
        '<ul><li>Your own invitation code: members who register with it join your team.</li>' +
        '<li>The agent centre: your team, its bets and your commission in one place.</li>' +
        '<li>Customer service 24 hours a day, for you and your members.</li></ul>' +
        '<p>To join, contact customer service below.</p>',
      zh:
        '<p>成为 Lotus Play 代理，从团队获得收益。</p>' +
        '<ul><li>专属邀请码：用它注册的会员加入您的团队。</li>' +
        '<li>代理中心：团队、投注和佣金一目了然。</li>' +
        '<li>24小时客服，服务您和您的会员。</li></ul>' +
        '<p>如需加入，请联系下方客服。</p>',
      th:
        '<p>มาเป็นตัวแทนของ Lotus Play และรับรายได้จากทีมของคุณ</p>' +
        '<ul><li>รหัสเชิญของคุณเอง: สมาชิกที่สมัครด้วยรหัสนี้จะอยู่ในทีมของคุณ</li>' +
        '<li>ศูนย์ตัวแทน: ทีม การเดิมพัน และค่าคอมมิชชันของคุณในที่เดียว</li>' +
        '<li>บริการลูกค้าตลอด 24 ชั่วโมง สำหรับคุณและสมาชิกของคุณ</li></ul>' +
        '<p>หากต้องการเข้าร่วม ติดต่อฝ่ายบริการลูกค้าด้านล่าง</p>',
      vi:
        '<p>Trở thành đại lý Lotus Play và nhận thu nhập từ đội nhóm của bạn.</p>' +
        '<ul><li>Mã mời riêng: thành viên đăng ký bằng mã này sẽ vào đội của bạn.</li>' +
        '<li>Trung tâm đại lý: đội nhóm, cược và hoa hồng của bạn ở cùng một nơi.</li>' +
        '<li>Chăm sóc khách hàng 24 giờ cho bạn và thành viên của bạn.</li></ul>' +
        '<p>Để tham gia, hãy liên hệ chăm sóc khách hàng bên dưới.</p>',
    },
  },
]

/** The join page's text as the demo first gave it (one line), which older demo brands hold. */
export const firstJoinUsContent: Localized = {
  km: '<p>ក្លាយជាភ្នាក់ងារ ហើយទទួលបានកម្រៃពីក្រុមរបស់អ្នក។</p>',
  en: '<p>Become an agent and earn from your team.</p>',
  zh: '<p>成为代理，从团队获得收益。</p>',
  th: '<p>มาเป็นตัวแทน และรับรายได้จากทีมของคุณ</p>',
  vi: '<p>Trở thành đại lý và nhận thu nhập từ đội nhóm của bạn.</p>',
}

/** [accountTypeId, vassalage, game type, name, logo path under the image CDN, hot] */
export const demoVendors: [number, string, string, string, string, boolean][] = [
  [100, 'LTO', 'LOTT', 'Lotus Lotto', 'logos/lto.webp?v=1', true],
  [101, 'SEA', 'LOTT', 'SEA Lotto', 'logos/sea.webp?v=1', false],
  [102, 'ELT', 'ELOTT', 'Quick Lotto', 'logos/elt.webp?v=1', true],
  [103, 'MKL', 'LIVE', 'Mekong Live', 'logos/mkl.webp?v=1', true],
  [104, 'ANG', 'LIVE', 'Angkor Live', 'logos/ang.webp?v=1', false],
  [105, 'RUB', 'LIVE', 'Ruby Casino', 'logos/rub.webp?v=1', false],
  [106, 'KSP', 'SPORTS', 'Khmer Sports', 'logos/ksp.webp?v=1', true],
  [107, 'GSP', 'SPORTS', 'Goal Sports', 'logos/gsp.webp?v=1', false],
  [108, 'ESX', 'ESPORTS', 'eSports X', 'logos/esx.webp?v=1', false],
  [109, 'DSL', 'RNG', 'Demo Slots', 'logos/dsl.webp?v=1', true],
  [110, 'SPN', 'RNG', 'Spin Garden', 'logos/spn.webp?v=1', true],
  [111, 'GLD', 'RNG', 'Golden Reels', 'logos/gld.webp?v=1', false],
  [112, 'JAD', 'RNG', 'Jade Slots', 'logos/jad.webp?v=1', false],
  [113, 'TIG', 'RNG', 'Tiger Spin', 'logos/tig.webp?v=1', false],
  [114, 'LUC', 'RNG', 'Lucky Seven', 'logos/luc.webp?v=1', false],
  [115, 'MON', 'RNG', 'Monsoon Games', 'logos/mon.webp?v=1', false],
  [116, 'STR', 'RNG', 'Star Reels', 'logos/str.webp?v=1', false],
  [117, 'OCN', 'FISH', 'Ocean King', 'logos/ocn.webp?v=1', true],
  [118, 'REF', 'FISH', 'Reef Hunter', 'logos/ref.webp?v=1', false],
  [119, 'CRD', 'PVP', 'Card Club', 'logos/crd.webp?v=1', true],
  [120, 'TEX', 'PVP', "Hold'em Hall", 'logos/tex.webp?v=1', false],
  [121, 'CKF', 'COCKFIGHT', 'Arena Live', 'logos/ckf.webp?v=1', false],
]

/**
 * Planned maintenance windows of demo vendors, in hours from the seed: [vassalage, game type,
 * from, until]. Star Reels stays under maintenance, so the lobby's "under maintenance" state
 * and its suggestions can be seen.
 */
export const demoVendorMaintenance: [string, string, number, number][] = [['STR', 'RNG', -1, 24 * 365 * 10]]

/** Flags added after the first release of the demo brand: [modId, parent, enabled]. */
export const demoWhitelabelAdditions: [string, string | null, boolean][] = [
  // "Logged-in users go to home page": visitors are sent to /login from every other route.
  ['LOGINREQUIRED3', 'HOMEPAGE', false],
  // The agent centre's red envelope: one transfer shared between several downline members.
  ['AGENTRANSMULTDOWN3', 'AGEPAG', true],
  // The agent centre's announcements (the operator's `announcement add --audience agent`).
  ['AGENTANNOUNCE3', 'AGEPAG', true],
]

/**
 * What a brand made at go-live starts with: the feature tree and the registration rules
 * (settings the operator changes, not demo content).
 */
export const brandStartingFeatures: [string, string | null, boolean][] = [
  ...demoWhitelabel,
  ...demoWhitelabelAdditions,
]
export const brandStartingRegisterRules = demoRegisterRules

/** What a shared link to the demo brand previews with (`brand share`). */
export const demoShare: { shareImageUrl: string; descriptions: Localized } = {
  shareImageUrl: '/brand/share.jpg?v=1',
  descriptions: {
    km: 'ឆ្នោត កាស៊ីណូផ្ទាល់ កីឡា ស្លត់ បាញ់ត្រី និងល្បែងបៀ នៅកន្លែងតែមួយ។ ចុះឈ្មោះ ហើយលេងលើទូរស័ព្ទរបស់អ្នក។',
    en: 'Lottery, live casino, sports, slots, fish and card games in one place. Register and play on your phone.',
    zh: '彩票、真人娱乐场、体育、老虎机、捕鱼和棋牌游戏，一站畅玩。立即注册，用手机随时游戏。',
    th: 'หวย คาสิโนสด กีฬา สล็อต ยิงปลา และเกมไพ่ ครบในที่เดียว สมัครแล้วเล่นบนมือถือได้เลย',
    vi: 'Xổ số, sòng bài trực tuyến, thể thao, slot, bắn cá và game bài ở cùng một nơi. Đăng ký và chơi ngay trên điện thoại.',
  },
}

/** Demo accounts, printed at start: [username, password, type, note, options]. */
export const demoAccounts: {
  username: string
  password: string
  type: number
  note: string
  affiliateCode?: string
  upline?: string
  email?: string
  toUpline?: boolean
  mustChangePassword?: boolean
}[] = [
  {
    username: 'agent01',
    password: 'lotus123',
    type: 1,
    note: 'agent, invitation code LOTUS01',
    affiliateCode: 'LOTUS01',
  },
  {
    username: 'player01',
    password: 'lotus123',
    type: 0,
    note: "member in agent01's downline",
    upline: 'agent01',
    toUpline: true,
  },
  { username: 'member01', password: 'lotus123', type: 0, note: 'member' },
  {
    username: 'member02',
    password: 'lotus123',
    type: 0,
    note: 'member with e-mail member02@example.com (password recovery)',
    email: 'member02@example.com',
  },
  {
    username: 'newbie01',
    password: 'welcome1',
    type: 0,
    note: 'member who must change the default password',
    mustChangePassword: true,
  },
]

/** Deposit methods: [code, kind, name, min, max (minor units), bank details]. */
export const demoDepositMethods: {
  code: string
  kind: DepositMethodKind
  /** The name as first given (English). */
  name: string
  names: DemoNames
  min: bigint
  max: bigint
  bank?: { bankName: string; accountName: string; accountNumber: string }
  /** The bank's static QR (EMVCo): a KHQR-like payload naming a demo account. */
  qr?: string
}[] = [
  {
    code: 'BANK',
    kind: 'BANK_TRANSFER',
    name: 'Bank transfer',
    names: {
      km: 'ផ្ទេរតាមធនាគារ',
      en: 'Bank transfer',
      zh: '银行转账',
      th: 'โอนผ่านธนาคาร',
      vi: 'Chuyển khoản ngân hàng',
    },
    min: 1_000n,
    max: 5_000_000n,
    bank: {
      bankName: 'Lotus Demo Bank',
      accountName: 'Lotus Play Co., Ltd.',
      accountNumber: '001 234 567 890',
    },
    qr: emvcoPayload([
      ['00', '01'],
      ['01', '11'],
      ['29', '0015lotus_play@demo'],
      ['52', '5999'],
      ['53', '840'],
      ['58', 'KH'],
      ['59', 'Lotus Play Co Ltd'],
      ['60', 'Phnom Penh'],
    ]),
  },
  {
    code: 'DEMOPAY',
    kind: 'ONLINE',
    name: 'Online payment (demo gateway)',
    names: {
      km: 'ទូទាត់តាមអនឡាញ (សាកល្បង)',
      en: 'Online payment (demo gateway)',
      zh: '在线支付（演示通道）',
      th: 'ชำระเงินออนไลน์ (ระบบทดลอง)',
      vi: 'Thanh toán trực tuyến (cổng thử nghiệm)',
    },
    min: 500n,
    max: 1_000_000n,
  },
]

/**
 * Banks members can withdraw to: [code, name]. Each shows the monogram the server draws (no
 * picture ships with the demo); the last is the demo bank transfer's, so its deposit method
 * shows that bank's logo.
 */
export const demoBanks: [string, string][] = [
  ['ABA', 'ABA Bank'],
  ['ACLEDA', 'ACLEDA Bank'],
  ['WING', 'Wing Bank'],
  ['CANADIA', 'Canadia Bank'],
  ['KBANK', 'Kasikornbank'],
  ['VCB', 'Vietcombank'],
  ['LOTUS', 'Lotus Demo Bank'],
]

/** Welcome bonuses credited to the demo accounts through the ledger (minor units). */
export const demoWelcomeBonuses: [string, bigint][] = [
  ['agent01', 100_000n],
  ['player01', 20_000n],
  ['member01', 50_000n],
  ['member02', 50_000n],
]
