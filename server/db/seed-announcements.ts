/**
 * The demo brand's announcements (demo mode only): the marquee line, the popup notices, the
 * banners and the promotion the welcome banner opens on.
 */
import type { AnnouncementType } from '#contract/content'
import type { Localized } from './seed-data'

/** The welcome banner's title, and its promotion's. */
const welcomeBonus: Localized = {
  km: 'ប្រាក់រង្វាន់សូមស្វាគមន៍ 100%',
  en: '100% welcome bonus',
  zh: '100% 迎新奖金',
  th: 'โบนัสต้อนรับ 100%',
  vi: 'Thưởng chào mừng 100%',
}

/**
 * The popup notices, in the order they are listed (seven to a page). They speak only of
 * what the portal has: the welcome promotion, customer service by live chat and Telegram,
 * the lottery, deposits, withdrawals, the app download page and the help's advice.
 */
export const popupNotices: { title: Localized; content: Localized }[] = [
  {
    title: {
      km: 'ប្រាក់រង្វាន់សូមស្វាគមន៍ 100% សម្រាប់ការដាក់ប្រាក់លើកដំបូង',
      en: 'Welcome bonus: 100% on your first deposit',
      zh: '迎新奖金：首存送 100%',
      th: 'โบนัสต้อนรับ 100% ฝากครั้งแรก',
      vi: 'Thưởng chào mừng 100% lần nạp đầu',
    },
    content: {
      km: '<p>សមាជិកថ្មី៖ ដាក់ប្រាក់លើកដំបូង ហើយយើងនឹងបន្ថែមប្រាក់រង្វាន់ស្មើនឹងចំនួនដែលអ្នកដាក់ ដល់ <strong>$100</strong>។</p><p>សូមមើលព័ត៌មានលម្អិតនៅទំព័រ <strong>ប្រូម៉ូសិន</strong>។</p>',
      en: '<p>New members: make your first deposit and we add a bonus of the same amount, up to <strong>$100</strong>.</p><p>See the <strong>Promotions</strong> page for details.</p>',
      zh: '<p>新会员首次存款，即可获得等额奖金，最高 <strong>$100</strong>。</p><p>详情请查看<strong>优惠活动</strong>页面。</p>',
      th: '<p>สมาชิกใหม่ ฝากเงินครั้งแรก รับโบนัสเท่ากับยอดฝาก สูงสุด <strong>$100</strong></p><p>ดูรายละเอียดได้ที่หน้า <strong>โปรโมชั่น</strong></p>',
      vi: '<p>Thành viên mới nạp tiền lần đầu sẽ nhận thưởng bằng số tiền đã nạp, tối đa <strong>$100</strong>.</p><p>Xem chi tiết tại trang <strong>Khuyến mãi</strong>.</p>',
    },
  },
  {
    title: {
      km: 'សេវាអតិថិជន 24/7',
      en: 'Customer service, 24/7',
      zh: '24小时客服',
      th: 'บริการลูกค้า 24/7',
      vi: 'Chăm sóc khách hàng 24/7',
    },
    content: {
      km: '<p>មានសំណួរអំពីគណនី ការដាក់ប្រាក់ ឬការដកប្រាក់? ក្រុមការងាររបស់យើងរង់ចាំជួយអ្នក 24 ម៉ោង តាមរយៈ <strong>ជជែកផ្ទាល់</strong> និង <strong>Telegram</strong>។</p>',
      en: '<p>Questions about your account, a deposit or a withdrawal? Our team is here around the clock by <strong>live chat</strong> and on <strong>Telegram</strong>.</p>',
      zh: '<p>账户、充值或提现有疑问？我们的客服团队全天候为您服务，欢迎通过<strong>在线客服</strong>或 <strong>Telegram</strong> 联系我们。</p>',
      th: '<p>มีคำถามเรื่องบัญชี การฝากเงิน หรือการถอนเงิน? ทีมงานของเราพร้อมดูแลคุณตลอด 24 ชั่วโมง ผ่าน <strong>แชทสด</strong> และ <strong>Telegram</strong></p>',
      vi: '<p>Bạn có câu hỏi về tài khoản, nạp tiền hay rút tiền? Đội ngũ của chúng tôi luôn sẵn sàng hỗ trợ 24/7 qua <strong>chat trực tuyến</strong> và <strong>Telegram</strong>.</p>',
    },
  },
  {
    title: {
      km: 'ថ្មី៖ ឆ្នោតចេញរៀងរាល់នាទី',
      en: 'New: a lottery draw every minute',
      zh: '新上线：每分钟开奖',
      th: 'ใหม่! หวยออกผลทุกนาที',
      vi: 'Mới: xổ số quay mỗi phút',
    },
    content: {
      km: '<p><strong>ល្បឿន 5D 1 នាទី</strong> ចេញលទ្ធផលថ្មីរៀងរាល់នាទី។ រកវាឃើញនៅទំព័រ <strong>ឆ្នោត</strong> រួមជាមួយប្រភេទ 3 នាទី និង 5 នាទី។</p>',
      en: '<p><strong>Speed 5D 1 min</strong> draws a new result every minute. Find it on the <strong>Lottery</strong> page, next to the 3- and 5-minute draws.</p>',
      zh: '<p><strong>极速5D 1分钟</strong>每分钟开出新结果。前往<strong>彩票</strong>页面即可找到，另有3分钟和5分钟版本。</p>',
      th: '<p><strong>สปีด 5D 1 นาที</strong> ออกผลใหม่ทุกนาที เล่นได้ที่หน้า <strong>หวย</strong> พร้อมรอบ 3 นาทีและ 5 นาที</p>',
      vi: '<p><strong>Siêu tốc 5D 1 phút</strong> có kết quả mới mỗi phút. Tìm trên trang <strong>Xổ số</strong>, cùng các kỳ quay 3 phút và 5 phút.</p>',
    },
  },
  {
    title: {
      km: 'ដាក់ប្រាក់តាមធនាគារ ឬអនឡាញ',
      en: 'Deposit by bank transfer or online',
      zh: '银行转账或在线支付充值',
      th: 'ฝากเงินผ่านธนาคารหรือออนไลน์',
      vi: 'Nạp tiền qua ngân hàng hoặc trực tuyến',
    },
    content: {
      km: '<p>បញ្ចូលប្រាក់នៅទំព័រ <strong>ដាក់ប្រាក់</strong> តាមរយៈការផ្ទេរតាមធនាគារ ឬការទូទាត់តាមអនឡាញ។</p><p>សម្រាប់ការផ្ទេរតាមធនាគារ សូមផ្ទេរទៅគណនីដែលបង្ហាញនៅទំព័រនោះ រួចបញ្ចូលលេខយោងការផ្ទេររបស់អ្នក ដើម្បីឱ្យយើងផ្ទៀងផ្ទាត់ការដាក់ប្រាក់បាន។</p>',
      en: '<p>Top up on the <strong>Deposit</strong> page by bank transfer or online payment.</p><p>For a bank transfer, send the money to the account shown there, then enter your transfer reference so we can match your deposit.</p>',
      zh: '<p>在<strong>充值</strong>页面，可选择银行转账或在线支付。</p><p>银行转账请汇至页面显示的账户，并填写您的转账附言，以便我们核对您的充值。</p>',
      th: '<p>เติมเงินได้ที่หน้า <strong>ฝากเงิน</strong> ด้วยการโอนผ่านธนาคารหรือชำระเงินออนไลน์</p><p>หากโอนผ่านธนาคาร โปรดโอนเข้าบัญชีที่แสดงในหน้านั้น แล้วกรอกข้อความอ้างอิงการโอนของคุณ เพื่อให้เราตรวจสอบยอดฝากได้</p>',
      vi: '<p>Nạp tiền tại trang <strong>Nạp tiền</strong> bằng chuyển khoản ngân hàng hoặc thanh toán trực tuyến.</p><p>Khi chuyển khoản, hãy chuyển vào tài khoản hiển thị trên trang rồi nhập nội dung chuyển khoản của bạn để chúng tôi đối chiếu khoản nạp.</p>',
    },
  },
  {
    title: {
      km: 'អំពីការដកប្រាក់',
      en: 'About withdrawals',
      zh: '关于提现',
      th: 'เกี่ยวกับการถอนเงิน',
      vi: 'Về việc rút tiền',
    },
    content: {
      km: '<p>ប្រាក់ដែលអ្នកដកនឹងត្រូវផ្ទេរទៅកាតធនាគារដែលអ្នកបានបន្ថែម។ ក្រុមការងាររបស់យើងពិនិត្យរាល់សំណើមុនពេលផ្ទេរ ហើយអ្នកអាចតាមដានវានៅផ្នែក <strong>ការដកប្រាក់ថ្មីៗ</strong> នៃទំព័រដកប្រាក់។</p><p>នៅពេលផ្ទេររួច សូមបញ្ជាក់ថាប្រាក់បានមកដល់ឬទេ។</p>',
      en: '<p>Withdrawals are paid to a bank card you have added. Our team checks every request before paying it; follow yours under <strong>Recent withdrawals</strong> on the Withdrawal page.</p><p>Once it is paid, please confirm whether the money arrived.</p>',
      zh: '<p>提现款项将汇入您已添加的银行卡。每笔申请都会经我们的团队审核后再付款，您可在提现页面的<strong>最近提款</strong>中查看进度。</p><p>款项付出后，请确认是否已到账。</p>',
      th: '<p>เงินที่ถอนจะโอนเข้าบัตรธนาคารที่คุณเพิ่มไว้ ทีมงานจะตรวจสอบทุกคำขอก่อนโอน และคุณติดตามสถานะได้ที่ <strong>การถอนเงินล่าสุด</strong> ในหน้าถอนเงิน</p><p>เมื่อโอนแล้ว โปรดยืนยันว่าได้รับเงินหรือไม่</p>',
      vi: '<p>Tiền rút được chuyển vào thẻ ngân hàng bạn đã thêm. Đội ngũ của chúng tôi kiểm tra mọi yêu cầu trước khi chuyển tiền; bạn có thể theo dõi tại mục <strong>Lần rút gần đây</strong> trên trang Rút tiền.</p><p>Khi tiền đã được chuyển, vui lòng xác nhận bạn đã nhận được hay chưa.</p>',
    },
  },
  {
    title: {
      km: 'រក្សាគណនីរបស់អ្នកឱ្យមានសុវត្ថិភាព',
      en: 'Keep your account safe',
      zh: '保护您的账户安全',
      th: 'ปกป้องบัญชีของคุณ',
      vi: 'Bảo vệ tài khoản của bạn',
    },
    content: {
      km: '<p>កុំប្រាប់ពាក្យសម្ងាត់ ពាក្យសម្ងាត់ទូទាត់ ឬលេខកូដផ្ទៀងផ្ទាត់របស់អ្នកទៅនរណាម្នាក់ឡើយ។</p><p>បុគ្គលិករបស់យើង<strong>មិនដែល</strong>សុំព័ត៌មានទាំងនេះទេ ទោះតាមការជជែក Telegram ឬទូរស័ព្ទក៏ដោយ។</p>',
      en: '<p>Never share your password, payment password or verification code with anyone.</p><p>Our staff will <strong>never</strong> ask for them — not by chat, Telegram or phone.</p>',
      zh: '<p>请勿向任何人透露您的密码、支付密码或验证码。</p><p>我们的工作人员<strong>绝不会</strong>通过在线客服、Telegram 或电话向您索取这些信息。</p>',
      th: '<p>อย่าบอกรหัสผ่าน รหัสผ่านชำระเงิน หรือรหัสยืนยันของคุณกับใคร</p><p>พนักงานของเรา<strong>ไม่มีวัน</strong>ขอข้อมูลเหล่านี้ ไม่ว่าทางแชท Telegram หรือโทรศัพท์</p>',
      vi: '<p>Không chia sẻ mật khẩu, mật khẩu thanh toán hay mã xác nhận với bất kỳ ai.</p><p>Nhân viên của chúng tôi <strong>không bao giờ</strong> hỏi những thông tin này, dù qua chat, Telegram hay điện thoại.</p>',
    },
  },
  {
    title: {
      km: 'ការថែទាំប្រព័ន្ធតាមកាលវិភាគ',
      en: 'Scheduled maintenance',
      zh: '例行维护时间',
      th: 'ปิดปรับปรุงระบบตามกำหนด',
      vi: 'Bảo trì định kỳ',
    },
    content: {
      km: '<p>ការថែទាំប្រព័ន្ធជាប្រចាំធ្វើឡើងរៀងរាល់ <strong>ថ្ងៃអង្គារ ម៉ោង 02:00–04:00 (UTC+7)</strong>។ ហ្គេមមួយចំនួនអាចនឹងមិនដំណើរការក្នុងអំឡុងពេលនេះ។ សូមអរគុណចំពោះការអត់ធ្មត់របស់អ្នក។</p>',
      en: '<p>Routine maintenance takes place every <strong>Tuesday, 02:00–04:00 (UTC+7)</strong>. Some games may be unavailable during that time. Thank you for your patience.</p>',
      zh: '<p>系统例行维护时间为每<strong>周二 02:00–04:00（UTC+7）</strong>。维护期间部分游戏可能暂停使用，敬请谅解。</p>',
      th: '<p>ระบบปิดปรับปรุงตามปกติทุก <strong>วันอังคาร เวลา 02:00–04:00 น. (UTC+7)</strong> ระหว่างนี้บางเกมอาจใช้งานไม่ได้ ขออภัยในความไม่สะดวก</p>',
      vi: '<p>Hệ thống bảo trì định kỳ vào <strong>thứ Ba hằng tuần, 02:00–04:00 (UTC+7)</strong>. Trong thời gian này, một số trò chơi có thể tạm ngừng. Cảm ơn bạn đã kiên nhẫn.</p>',
    },
  },
  {
    title: {
      km: 'ដំឡើងកម្មវិធី Lotus Play',
      en: 'Install the Lotus Play app',
      zh: '安装 Lotus Play 应用',
      th: 'ติดตั้งแอป Lotus Play',
      vi: 'Cài đặt ứng dụng Lotus Play',
    },
    content: {
      km: '<p>បន្ថែម Lotus Play ទៅអេក្រង់ដើម ហើយបើកវាដោយចុចតែម្តង ដូចកម្មវិធីផ្សេងទៀត។ បើកទំព័រ <strong>ទាញយកកម្មវិធី</strong> ហើយធ្វើតាមជំហានសម្រាប់ទូរស័ព្ទរបស់អ្នក។</p>',
      en: '<p>Add Lotus Play to your home screen and open it with one tap, like any other app. Open <strong>App download</strong> and follow the steps for your phone.</p>',
      zh: '<p>将 Lotus Play 添加到主屏幕，像其他应用一样一键打开。前往<strong>APP下载</strong>页面，按照适用于您手机的步骤操作即可。</p>',
      th: '<p>เพิ่ม Lotus Play ไว้ที่หน้าจอหลัก แล้วเปิดได้ในแตะเดียวเหมือนแอปทั่วไป ไปที่หน้า <strong>ดาวน์โหลดแอป</strong> แล้วทำตามขั้นตอนสำหรับโทรศัพท์ของคุณ</p>',
      vi: '<p>Thêm Lotus Play vào màn hình chính để mở chỉ với một lần chạm, như mọi ứng dụng khác. Vào trang <strong>Tải ứng dụng</strong> và làm theo hướng dẫn cho điện thoại của bạn.</p>',
    },
  },
  {
    title: {
      km: 'លេងប្រកបដោយទំនួលខុសត្រូវ',
      en: 'Play responsibly',
      zh: '理性娱乐',
      th: 'เล่นอย่างรับผิดชอบ',
      vi: 'Chơi có trách nhiệm',
    },
    content: {
      km: '<p>Lotus Play សម្រាប់តែអ្នកដែលមានអាយុ 18 ឆ្នាំឡើងទៅប៉ុណ្ណោះ។ លេងដើម្បីការកម្សាន្ត ហើយលេងតែជាមួយប្រាក់ដែលអ្នកអាចបាត់បង់បាន។</p><p>ដើម្បីកំណត់ដែនកំណត់ ឬសម្រាក សូមទាក់ទងសេវាអតិថិជន។</p>',
      en: '<p>Lotus Play is for players aged 18 and over. Play for fun, and only with money you can afford to lose.</p><p>To set a limit or take a break, contact customer service.</p>',
      zh: '<p>Lotus Play 仅限年满18岁的玩家。请以娱乐为目的，只用您能承受损失的资金进行游戏。</p><p>如需设置限额或暂停游戏，请联系客服。</p>',
      th: '<p>Lotus Play สำหรับผู้ที่มีอายุ 18 ปีขึ้นไปเท่านั้น เล่นเพื่อความสนุก และใช้เฉพาะเงินที่คุณเสียได้</p><p>หากต้องการกำหนดวงเงินหรือขอพักการเล่น โปรดติดต่อฝ่ายบริการลูกค้า</p>',
      vi: '<p>Lotus Play chỉ dành cho người từ 18 tuổi trở lên. Hãy chơi để giải trí và chỉ dùng số tiền bạn có thể chấp nhận mất.</p><p>Để đặt giới hạn hoặc tạm nghỉ, hãy liên hệ chăm sóc khách hàng.</p>',
    },
  },
]

/**
 * The popup notices as the demo brand first had them, in the same order: a brand seeded
 * then still holds these texts where no operator changed them.
 */
export const firstPopupNotices: { title: Localized; content: Localized }[] = Array.from(
  { length: 9 },
  (_, i) => ({
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
  }),
)

/**
 * The demo's promotions after the welcome bonus: what the demo really does (a draw every
 * minute with its seed published, slot rounds anyone can check), each with its drawing.
 */
export const laterPromotions: {
  type: 'PR'
  title: Localized
  content: Localized
  imageUrl: string
}[] = [
  {
    type: 'PR',
    title: {
      km: 'ឆ្នោតរៀងរាល់នាទី',
      en: 'A draw every minute',
      zh: '每分钟开奖',
      th: 'ออกรางวัลทุกนาที',
      vi: 'Quay thưởng mỗi phút',
    },
    content: {
      km: '<p>ឆ្នោតល្បឿន 5D ចេញរៀងរាល់នាទី ទាំងថ្ងៃទាំងយប់។ លទ្ធផលនីមួយៗមកជាមួយគ្រាប់ពូជ (seed) ដែលផ្សព្វផ្សាយក្រោយការចេញឆ្នោត ដើម្បីឱ្យអ្នកពិនិត្យដោយខ្លួនឯងបាន។</p>',
      en: '<p>Speed 5D draws every minute, day and night. Each result comes with its seed, published after the draw, so you can check it yourself.</p>',
      zh: '<p>极速5D 每分钟开奖，昼夜不停。每期结果都附有开奖后公布的种子，您可以自行验证。</p>',
      th: '<p>สปีด 5D ออกรางวัลทุกนาที ทั้งกลางวันและกลางคืน ผลแต่ละงวดมาพร้อม seed ที่เปิดเผยหลังออกรางวัล ให้คุณตรวจสอบได้เอง</p>',
      vi: '<p>Siêu tốc 5D quay thưởng mỗi phút, cả ngày lẫn đêm. Mỗi kết quả kèm theo seed được công bố sau khi quay để bạn tự kiểm tra.</p>',
    },
    imageUrl: '/media/banners/lottery.webp?v=1',
  },
  {
    type: 'PR',
    title: {
      km: 'ស្លុតដែលអ្នកពិនិត្យបាន',
      en: 'Slots you can check',
      zh: '可验证的老虎机',
      th: 'สล็อตที่ตรวจสอบได้',
      vi: 'Slot có thể kiểm chứng',
    },
    content: {
      km: '<p>ជុំស្លុតនីមួយៗបង្ហាញ hash នៃគ្រាប់ពូជមុនពេលអ្នកបង្វិល ហើយបង្ហាញគ្រាប់ពូជក្រោយពេលបង្វិល។ ពិនិត្យជុំណាមួយក៏បាននៅលើទំព័រផ្ទៀងផ្ទាត់របស់ហ្គេម។</p>',
      en: '<p>Every slot round shows the hash of its seed before you spin and the seed after. Check any round on the game’s verify page.</p>',
      zh: '<p>每一轮老虎机在您旋转前显示种子的哈希值，旋转后公布种子。您可以在游戏的验证页面检查任意一轮。</p>',
      th: '<p>สล็อตทุกรอบแสดงค่าแฮชของ seed ก่อนหมุน และเปิดเผย seed หลังหมุน ตรวจสอบรอบใดก็ได้ในหน้าตรวจสอบของเกม</p>',
      vi: '<p>Mỗi vòng slot hiển thị mã băm của seed trước khi quay và công bố seed sau khi quay. Kiểm tra bất kỳ vòng nào trên trang xác minh của trò chơi.</p>',
    },
    imageUrl: '/media/banners/slots.webp?v=1',
  },
]

export const demoAnnouncements: {
  type: AnnouncementType
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
  ...popupNotices.map((n) => ({ type: 'PU' as const, ...n })),
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
  ...laterPromotions,
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
