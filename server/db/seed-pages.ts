/**
 * The demo brand's help centre and its pages (terms, privacy, join us…), in the five
 * languages, with the texts older demo brands hold so the seed can bring them up to date.
 * Demo content: seeded only with the demo brand.
 */
import type { Localized } from './seed-data'
import { moreDemoHelp } from './seed-help'

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
