/**
 * The demo's point mall (decision 030, section 11): rewards with pictures in five languages,
 * and player01's redemptions, one in each status (cash approved, a T-shirt in process, a
 * power bank rejected with a remark and its points returned), made through the mall's own
 * services so the books and the reconcile see what a member's redemptions write. Demo mode
 * only; a production brand starts with an empty mall (`ops reward add`).
 */
import { and, eq } from 'drizzle-orm'
import { members } from '../../db/schema'
import type { Db, Tx } from '../../plugins/external/db'
import { merchantByCode } from '../../system/brands-repository'
import type { NewRewardInput } from './mall-admin'
import { mallServicesOf } from './mall-of'
import { rewardArtUrl } from './media-routes'

type DemoReward = Omit<NewRewardInput, 'turnover'> & {
  key: string
  turnoverTenths?: number
  disabled?: boolean
}

const bonusTurnover = (tenths: number) => ({ multipleTenths: tenths, base: 'bonus' as const })

/** Points in centipoints, money in minor units of a two-decimal currency. */
export const demoRewards: DemoReward[] = [
  {
    key: 'powerBank',
    kind: 'physical',
    names: {
      en: 'Power bank 10,000 mAh',
      km: 'ថ្មបម្រុង 10,000 mAh',
      zh: '10000 毫安充电宝',
      th: 'พาวเวอร์แบงก์ 10,000 mAh',
      vi: 'Sạc dự phòng 10.000 mAh',
    },
    descriptions: {
      en: 'Charge your phone twice on the go. Delivered to your address within 7 days.',
      km: 'សាកទូរស័ព្ទរបស់អ្នកបានពីរដងពេលធ្វើដំណើរ។ ដឹកជញ្ជូនដល់អាសយដ្ឋានរបស់អ្នកក្នុងរយៈពេល 7 ថ្ងៃ។',
      zh: '外出可为手机充电两次。7 天内送达您的地址。',
      th: 'ชาร์จโทรศัพท์ได้สองรอบระหว่างเดินทาง จัดส่งถึงที่อยู่ของคุณภายใน 7 วัน',
      vi: 'Sạc điện thoại hai lần khi di chuyển. Giao đến địa chỉ của bạn trong 7 ngày.',
    },
    imageUrl: rewardArtUrl('power-bank'),
    points: 500_000n,
    amountRequired: 0n,
    value: 0n,
    stock: 10,
    memberLimit: 1,
    sort: 10,
  },
  {
    key: 'tShirt',
    kind: 'physical',
    names: { en: 'Team T-shirt', km: 'អាវយឺតក្រុម', zh: '团队 T 恤', th: 'เสื้อยืดทีม', vi: 'Áo thun đội' },
    descriptions: {
      en: 'Cotton, one size fits most. Points plus 5.00 for delivery.',
      km: 'កប្បាស ទំហំមួយសមនឹងមនុស្សភាគច្រើន។ ពិន្ទុ បូក 5.00 សម្រាប់ការដឹកជញ្ជូន។',
      zh: '纯棉，均码。积分另加 5.00 运费。',
      th: 'ผ้าฝ้าย ไซซ์เดียวใส่ได้เกือบทุกคน ใช้คะแนนพร้อมค่าจัดส่ง 5.00',
      vi: 'Vải cotton, một cỡ vừa hầu hết mọi người. Điểm cộng 5.00 phí giao hàng.',
    },
    imageUrl: rewardArtUrl('t-shirt'),
    points: 200_000n,
    amountRequired: 500n,
    value: 0n,
    stock: 50,
    memberLimit: 2,
    sort: 20,
  },
  {
    key: 'phone',
    kind: 'physical',
    names: { en: 'Smartphone', km: 'ស្មាតហ្វូន', zh: '智能手机', th: 'สมาร์ทโฟน', vi: 'Điện thoại thông minh' },
    descriptions: {
      en: 'The grand prize: only one in stock.',
      km: 'រង្វាន់ធំ៖ មានតែមួយគត់ក្នុងស្តុក។',
      zh: '大奖：仅此一部。',
      th: 'รางวัลใหญ่: มีเพียงเครื่องเดียว',
      vi: 'Giải lớn: chỉ còn một chiếc.',
    },
    imageUrl: rewardArtUrl('phone'),
    points: 8_000_000n,
    amountRequired: 0n,
    value: 0n,
    stock: 1,
    memberLimit: null,
    sort: 30,
  },
  {
    key: 'cash',
    kind: 'cash',
    names: {
      en: '10.00 cash',
      km: 'សាច់ប្រាក់ 10.00',
      zh: '10.00 现金',
      th: 'เงินสด 10.00',
      vi: '10.00 tiền mặt',
    },
    descriptions: {
      en: 'Straight to your balance, no turnover.',
      km: 'ចូលសមតុល្យរបស់អ្នកភ្លាមៗ គ្មានលក្ខខណ្ឌភ្នាល់។',
      zh: '直接存入余额，无流水要求。',
      th: 'เข้ายอดเงินของคุณทันที ไม่มียอดเทิร์นโอเวอร์',
      vi: 'Vào thẳng số dư, không yêu cầu doanh thu cược.',
    },
    imageUrl: rewardArtUrl('cash'),
    points: 100_000n,
    amountRequired: 0n,
    value: 1000n,
    stock: null,
    memberLimit: null,
    sort: 40,
  },
  {
    key: 'bonus',
    kind: 'bonus',
    names: {
      en: '25.00 bonus',
      km: 'ប្រាក់រង្វាន់ 25.00',
      zh: '25.00 红利',
      th: 'โบนัส 25.00',
      vi: 'Thưởng 25.00',
    },
    descriptions: {
      en: 'A bonus to play with, 5× turnover before withdrawing.',
      km: 'ប្រាក់រង្វាន់សម្រាប់លេង ត្រូវភ្នាល់ 5 ដងមុនដកប្រាក់។',
      zh: '可用于游戏的红利，提款前需 5 倍流水。',
      th: 'โบนัสสำหรับเล่น ต้องทำเทิร์นโอเวอร์ 5 เท่าก่อนถอน',
      vi: 'Tiền thưởng để chơi, cần 5 lần doanh thu cược trước khi rút.',
    },
    imageUrl: rewardArtUrl('bonus'),
    points: 200_000n,
    amountRequired: 0n,
    value: 2500n,
    turnoverTenths: 50,
    stock: null,
    memberLimit: 3,
    sort: 50,
  },
  {
    key: 'headset',
    kind: 'physical',
    names: {
      en: 'Gaming headset',
      km: 'កាសលេងហ្គេម',
      zh: '游戏耳机',
      th: 'หูฟังเกมมิ่ง',
      vi: 'Tai nghe chơi game',
    },
    descriptions: { en: 'Back next season.' },
    imageUrl: rewardArtUrl('headset'),
    points: 300_000n,
    amountRequired: 0n,
    value: 0n,
    stock: 20,
    memberLimit: 1,
    sort: 60,
    disabled: true,
  },
]

export async function seedDemoMall(tx: Tx, merchantCode: string): Promise<void> {
  const m = await merchantByCode(tx, merchantCode)
  if (!m) return
  // The seed's transaction stands for the database: every service call runs inside it.
  const { mall, admin } = mallServicesOf(tx as unknown as Db)
  const ids = new Map<string, number>()
  for (const r of demoRewards) {
    const { key, turnoverTenths, disabled, ...input } = r
    const row = await admin.add(m, { ...input, turnover: bonusTurnover(turnoverTenths ?? 0) }, 'demo', tx)
    if (disabled) await admin.setDisabled(m, row.id, true, tx)
    ids.set(key, row.id)
  }
  const [player] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, 'player01')))
  if (!player) return
  const run = <T>(work: (t: Tx) => Promise<T>) => tx.transaction(work)
  const at = {
    address: 'No. 12, Street 310, Boeng Keng Kang, Phnom Penh',
    phone: '012345678',
    countryDialingCode: '855',
  }
  const redeem = (key: string, extra: object = {}) =>
    mall.redeem(m, player.id, { rewardId: ids.get(key) ?? 0, quantity: 1, ...extra }, 'en', run)
  await redeem('cash')
  await redeem('tShirt', at)
  const rejected = await redeem('powerBank', at)
  await admin.decide(
    m,
    rejected.redemption.id,
    { approve: false, remark: 'The address could not be reached; please redeem again.' },
    'operator:demo',
    tx,
  )
}
