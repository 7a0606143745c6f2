/**
 * The demo brand's help centre beyond its first four articles: the questions a new player
 * asks about deposits, withdrawals, the account, the games, the lottery's rules and
 * responsible play, in the five languages. Demo content: seeded only with the demo brand.
 */
import type { Locale } from '#contract/locales'

type Localized = Record<Locale, string>

const categories = {
  account: { km: 'គណនី', en: 'Account', zh: '账户', th: 'บัญชี', vi: 'Tài khoản' },
  deposits: { km: 'ការដាក់ប្រាក់', en: 'Deposits', zh: '存款', th: 'การฝากเงิน', vi: 'Nạp tiền' },
  withdrawals: { km: 'ការដកប្រាក់', en: 'Withdrawals', zh: '取款', th: 'การถอนเงิน', vi: 'Rút tiền' },
  games: { km: 'ហ្គេម', en: 'Games', zh: '游戏', th: 'เกม', vi: 'Trò chơi' },
  lottery: { km: 'ច្បាប់ឆ្នោត', en: 'Lottery rules', zh: '彩票规则', th: 'กติกาหวย', vi: 'Luật xổ số' },
  responsible: {
    km: 'ការលេងប្រកបដោយទំនួលខុសត្រូវ',
    en: 'Responsible gaming',
    zh: '负责任博彩',
    th: 'การเล่นอย่างรับผิดชอบ',
    vi: 'Chơi có trách nhiệm',
  },
} satisfies Record<string, Localized>

/** An article: its category, its question and its answer (one paragraph) in each language. */
function article(
  category: keyof typeof categories,
  title: Localized,
  answer: Localized,
): { category: Localized; title: Localized; content: Localized } {
  const content = Object.fromEntries(
    Object.entries(answer).map(([lang, text]) => [lang, `<p>${text}</p>`]),
  ) as Localized
  return { category: categories[category], title, content }
}

export const moreDemoHelp = [
  article(
    'deposits',
    {
      km: 'តើការដាក់ប្រាក់ចំណាយពេលប៉ុន្មាន?',
      en: 'How long does a deposit take?',
      zh: '存款需要多长时间？',
      th: 'การฝากเงินใช้เวลานานเท่าไร?',
      vi: 'Nạp tiền mất bao lâu?',
    },
    {
      km: 'ការដាក់ប្រាក់តាមអនឡាញចូលភ្លាមៗ។ ការផ្ទេរតាមធនាគារចូលក្រោយពេលត្រូវបានពិនិត្យ ជាធម្មតាក្នុងរយៈពេល 15 នាទី។',
      en: 'Online deposits arrive at once. A bank transfer arrives once it is checked, usually within 15 minutes.',
      zh: '在线存款即时到账。银行转账经核对后到账，通常在15分钟内。',
      th: 'การฝากออนไลน์เข้าทันที การโอนผ่านธนาคารจะเข้าเมื่อได้รับการตรวจสอบ ปกติภายใน 15 นาที',
      vi: 'Nạp trực tuyến vào ngay. Chuyển khoản ngân hàng vào sau khi được kiểm tra, thường trong 15 phút.',
    },
  ),
  article(
    'deposits',
    {
      km: 'តើមានចំនួនអប្បបរមាសម្រាប់ដាក់ប្រាក់ទេ?',
      en: 'Is there a minimum deposit?',
      zh: '有最低存款金额吗？',
      th: 'มียอดฝากขั้นต่ำไหม?',
      vi: 'Có số tiền nạp tối thiểu không?',
    },
    {
      km: 'មាន។ ទំព័រដាក់ប្រាក់បង្ហាញចំនួនអប្បបរមា និងអតិបរមានៃវិធីទូទាត់នីមួយៗ។',
      en: 'Yes. The deposit page shows the minimum and maximum of each payment method.',
      zh: '有。存款页面会显示每种支付方式的最低和最高金额。',
      th: 'มี หน้าฝากเงินแสดงยอดขั้นต่ำและสูงสุดของแต่ละช่องทาง',
      vi: 'Có. Trang nạp tiền hiển thị mức tối thiểu và tối đa của từng phương thức.',
    },
  ),
  article(
    'deposits',
    {
      km: 'ខ្ញុំបានផ្ទេរប្រាក់ ប៉ុន្តែសមតុល្យមិនទាន់ប្តូរ',
      en: 'I paid but my balance has not changed',
      zh: '我已付款但余额没有变化',
      th: 'โอนแล้วแต่ยอดเงินยังไม่เปลี่ยน',
      vi: 'Tôi đã chuyển tiền nhưng số dư chưa đổi',
    },
    {
      km: 'សូមពិនិត្យកំណត់ត្រាគណនីក្នុងមជ្ឈមណ្ឌលសមាជិក។ ប្រសិនបើលើសពី 30 នាទី សូមផ្ញើលេខសំណើ និងរូបភាពបង្កាន់ដៃទៅសេវាអតិថិជន។',
      en: 'Check the account record in the member centre. After 30 minutes, send the order number and a picture of the receipt to customer service.',
      zh: '请在会员中心查看账户记录。超过30分钟仍未到账，请将订单号和收据照片发给客服。',
      th: 'ตรวจสอบประวัติบัญชีในศูนย์สมาชิก หากเกิน 30 นาที ส่งหมายเลขคำสั่งและรูปใบเสร็จให้ฝ่ายบริการลูกค้า',
      vi: 'Xem lịch sử tài khoản trong trung tâm thành viên. Sau 30 phút, gửi mã lệnh và ảnh biên lai cho chăm sóc khách hàng.',
    },
  ),
  article(
    'withdrawals',
    {
      km: 'តើការដកប្រាក់ចំណាយពេលប៉ុន្មាន?',
      en: 'How long does a withdrawal take?',
      zh: '取款需要多长时间？',
      th: 'การถอนเงินใช้เวลานานเท่าไร?',
      vi: 'Rút tiền mất bao lâu?',
    },
    {
      km: 'សំណើដកប្រាក់ត្រូវបានពិនិត្យ និងបង់ ជាធម្មតាក្នុងរយៈពេល 30 នាទី។ អ្នកទទួលបានការជូនដំណឹងនៅពេលវារួចរាល់។',
      en: 'A withdrawal is checked and paid, usually within 30 minutes. You get a notice when it is settled.',
      zh: '取款经审核后支付，通常在30分钟内完成。完成时您会收到通知。',
      th: 'คำขอถอนจะได้รับการตรวจสอบและจ่าย ปกติภายใน 30 นาที คุณจะได้รับแจ้งเมื่อเสร็จ',
      vi: 'Yêu cầu rút được kiểm tra và chi trả, thường trong 30 phút. Bạn nhận thông báo khi hoàn tất.',
    },
  ),
  article(
    'withdrawals',
    {
      km: 'ហេតុអ្វីខ្ញុំមិនអាចដកប្រាក់បាន?',
      en: 'Why can I not withdraw yet?',
      zh: '为什么我还不能取款？',
      th: 'ทำไมยังถอนเงินไม่ได้?',
      vi: 'Vì sao tôi chưa rút tiền được?',
    },
    {
      km: 'ប្រាក់រង្វាន់អាចត្រូវការចំនួនភ្នាល់ជាមុនសិន។ ទំព័រព័ត៌មានលម្អិតប្រាក់រង្វាន់បង្ហាញចំនួនដែលនៅសល់។',
      en: 'A bonus may need a turnover first. The bonus details page shows how much is left to wager.',
      zh: '奖金可能需要先完成流水。奖金详情页面会显示剩余的流水要求。',
      th: 'โบนัสอาจต้องทำยอดเทิร์นโอเวอร์ก่อน หน้ารายละเอียดโบนัสแสดงยอดที่เหลือ',
      vi: 'Tiền thưởng có thể cần đủ doanh số cược trước. Trang chi tiết thưởng cho biết số còn lại.',
    },
  ),
  article(
    'withdrawals',
    {
      km: 'តើខ្ញុំប្តូរកាតធនាគារដោយរបៀបណា?',
      en: 'How do I change my bank card?',
      zh: '如何更换银行卡？',
      th: 'จะเปลี่ยนบัญชีธนาคารอย่างไร?',
      vi: 'Làm sao đổi thẻ ngân hàng?',
    },
    {
      km: 'បន្ថែមកាតថ្មីនៅក្នុងមជ្ឈមណ្ឌលសុវត្ថិភាព។ ឈ្មោះម្ចាស់កាតត្រូវតែដូចឈ្មោះពិតក្នុងគណនី។',
      en: 'Add the new card in the security centre. The holder name must match the real name on the account.',
      zh: '在安全中心添加新卡。持卡人姓名须与账户真实姓名一致。',
      th: 'เพิ่มบัญชีใหม่ในศูนย์ความปลอดภัย ชื่อเจ้าของต้องตรงกับชื่อจริงในบัญชี',
      vi: 'Thêm thẻ mới trong trung tâm bảo mật. Tên chủ thẻ phải trùng họ tên thật của tài khoản.',
    },
  ),
  article(
    'account',
    {
      km: 'ខ្ញុំភ្លេចពាក្យសម្ងាត់',
      en: 'I forgot my password',
      zh: '我忘记了密码',
      th: 'ลืมรหัสผ่าน',
      vi: 'Tôi quên mật khẩu',
    },
    {
      km: 'ចុច «ភ្លេចពាក្យសម្ងាត់» នៅលើផ្ទាំងចូល ហើយទទួលលេខកូដតាម SMS ឬអ៊ីមែល។',
      en: 'Tap "Forgot password" on the login screen and get a code by SMS or e-mail.',
      zh: '在登录页面点击“忘记密码”，通过短信或邮件获取验证码。',
      th: 'แตะ "ลืมรหัสผ่าน" ที่หน้าเข้าสู่ระบบ แล้วรับรหัสทาง SMS หรืออีเมล',
      vi: 'Chạm "Quên mật khẩu" ở màn hình đăng nhập và nhận mã qua SMS hoặc e-mail.',
    },
  ),
  article(
    'account',
    {
      km: 'តើខ្ញុំការពារគណនីដោយរបៀបណា?',
      en: 'How do I keep my account safe?',
      zh: '如何保护我的账户？',
      th: 'จะรักษาบัญชีให้ปลอดภัยอย่างไร?',
      vi: 'Làm sao giữ tài khoản an toàn?',
    },
    {
      km: 'បើកកម្មវិធីផ្ទៀងផ្ទាត់ក្នុងមជ្ឈមណ្ឌលសុវត្ថិភាព ហើយកុំចែករំលែកពាក្យសម្ងាត់ ឬលេខកូដជាមួយអ្នកណា។',
      en: 'Turn on the authenticator in the security centre, and never share a password or a code with anyone.',
      zh: '在安全中心开启身份验证器，切勿与任何人分享密码或验证码。',
      th: 'เปิดแอปยืนยันตัวตนในศูนย์ความปลอดภัย และอย่าบอกรหัสผ่านหรือรหัสใดๆ กับใคร',
      vi: 'Bật ứng dụng xác thực trong trung tâm bảo mật và không chia sẻ mật khẩu hay mã với ai.',
    },
  ),
  article(
    'account',
    {
      km: 'តើខ្ញុំប្តូរភាសាដោយរបៀបណា?',
      en: 'How do I change the language?',
      zh: '如何更改语言？',
      th: 'จะเปลี่ยนภาษาอย่างไร?',
      vi: 'Làm sao đổi ngôn ngữ?',
    },
    {
      km: 'បើកម៉ឺនុយ ហើយជ្រើសរើសភាសា៖ ខ្មែរ អង់គ្លេស ចិន ថៃ ឬវៀតណាម។',
      en: 'Open the menu and choose a language: Khmer, English, Chinese, Thai or Vietnamese.',
      zh: '打开菜单并选择语言：高棉语、英语、中文、泰语或越南语。',
      th: 'เปิดเมนูแล้วเลือกภาษา: เขมร อังกฤษ จีน ไทย หรือเวียดนาม',
      vi: 'Mở menu và chọn ngôn ngữ: Khmer, Anh, Trung, Thái hoặc Việt.',
    },
  ),
  article(
    'games',
    {
      km: 'ហ្គេមមិនបើក តើខ្ញុំត្រូវធ្វើអ្វី?',
      en: 'A game does not open: what can I do?',
      zh: '游戏打不开怎么办？',
      th: 'เกมเปิดไม่ขึ้น ทำอย่างไรดี?',
      vi: 'Trò chơi không mở được thì làm sao?',
    },
    {
      km: 'ពិនិត្យអ៊ីនធឺណិត ហើយព្យាយាមម្តងទៀត។ ហ្គេមខ្លះកំពុងថែទាំ ហើយទំព័របង្ហាញពេលវាត្រឡប់មកវិញ។',
      en: 'Check the connection and try again. Some games are under maintenance; the page says when they are back.',
      zh: '请检查网络后重试。部分游戏正在维护，页面会显示恢复时间。',
      th: 'ตรวจสอบการเชื่อมต่อแล้วลองใหม่ บางเกมอยู่ระหว่างปิดปรับปรุง หน้าจะบอกเวลาที่กลับมา',
      vi: 'Kiểm tra kết nối rồi thử lại. Một số trò đang bảo trì; trang cho biết khi nào mở lại.',
    },
  ),
  article(
    'games',
    {
      km: 'តើខ្ញុំអាចសាកល្បងលេងដោយឥតគិតថ្លៃបានទេ?',
      en: 'Can I try a game for free?',
      zh: '可以免费试玩吗？',
      th: 'ทดลองเล่นฟรีได้ไหม?',
      vi: 'Tôi có thể chơi thử miễn phí không?',
    },
    {
      km: 'ហ្គេមខ្លះមានរបៀបសាកល្បង។ ចុច «សាកល្បង» នៅលើហ្គេម ដើម្បីលេងដោយប្រាក់សាកល្បង។',
      en: 'Some games have a trial mode. Tap "Try" on the game to play with play money.',
      zh: '部分游戏提供试玩模式。点击游戏上的“试玩”即可用体验币游戏。',
      th: 'บางเกมมีโหมดทดลอง แตะ "ทดลอง" ที่เกมเพื่อเล่นด้วยเงินทดลอง',
      vi: 'Một số trò có chế độ chơi thử. Chạm "Chơi thử" để chơi bằng tiền ảo.',
    },
  ),
  article(
    'games',
    {
      km: 'តើខ្ញុំមើលកំណត់ត្រាភ្នាល់នៅឯណា?',
      en: 'Where do I see my bets?',
      zh: '在哪里查看我的投注？',
      th: 'ดูประวัติการเดิมพันได้ที่ไหน?',
      vi: 'Xem lịch sử cược ở đâu?',
    },
    {
      km: 'កំណត់ត្រាភ្នាល់ក្នុងមជ្ឈមណ្ឌលសមាជិក បង្ហាញការភ្នាល់នីមួយៗ ជាមួយលេខជុំខ្លី។ ចុចលេខនោះដើម្បីមើលលេខពេញ។',
      en: 'The betting record in the member centre lists each bet with a short round number; tap it to see the full one.',
      zh: '会员中心的投注记录列出每笔投注及简短局号，点击即可查看完整局号。',
      th: 'ประวัติการเดิมพันในศูนย์สมาชิกแสดงทุกรายการพร้อมเลขรอบแบบสั้น แตะเพื่อดูเลขเต็ม',
      vi: 'Lịch sử cược trong trung tâm thành viên liệt kê từng cược với mã ván ngắn; chạm để xem mã đầy đủ.',
    },
  ),
  article(
    'lottery',
    {
      km: 'តើឆ្នោតចេញលទ្ធផលពេលណា?',
      en: 'When are the lottery draws?',
      zh: '彩票什么时候开奖？',
      th: 'หวยออกเมื่อไร?',
      vi: 'Khi nào xổ số?',
    },
    {
      km: 'ឆ្នោតល្បឿនចេញរៀងរាល់ 1, 3 ឬ 5 នាទី។ ឆ្នោតវៀតណាមចេញរៀងរាល់ថ្ងៃ តាមម៉ោងដែលបង្ហាញជាមួយតំបន់ម៉ោង។',
      en: 'Speed draws run every 1, 3 or 5 minutes. The Vietnamese draws are daily, at the time shown with its time zone.',
      zh: '极速彩每1、3或5分钟开奖一次。越南彩每日开奖，时间按所示时区显示。',
      th: 'หวยด่วนออกทุก 1, 3 หรือ 5 นาที หวยเวียดนามออกทุกวันตามเวลาที่แสดงพร้อมเขตเวลา',
      vi: 'Xổ số nhanh quay mỗi 1, 3 hoặc 5 phút. Xổ số Việt Nam quay hằng ngày, theo giờ hiển thị kèm múi giờ.',
    },
  ),
  article(
    'lottery',
    {
      km: 'តើខ្ញុំអាចភ្នាល់រហូតដល់ពេលណា?',
      en: 'Until when can I bet on a draw?',
      zh: '投注截止到什么时候？',
      th: 'แทงได้ถึงเมื่อไร?',
      vi: 'Có thể cược đến khi nào?',
    },
    {
      km: 'រហូតដល់ការរាប់ថយក្រោយបញ្ចប់។ ការភ្នាល់ក្រោយពេលបិទ ត្រូវបានបដិសេធ ហើយប្រាក់មិនត្រូវបានកាត់ទេ។',
      en: 'Until the countdown ends. A bet after the close is refused and nothing is taken.',
      zh: '截止到倒计时结束。截止后的投注会被拒绝，不会扣款。',
      th: 'จนกว่าการนับถอยหลังจะจบ การแทงหลังปิดจะถูกปฏิเสธและไม่มีการหักเงิน',
      vi: 'Đến khi đếm ngược kết thúc. Cược sau giờ đóng bị từ chối và không bị trừ tiền.',
    },
  ),
  article(
    'lottery',
    {
      km: 'តើខ្ញុំពិនិត្យលទ្ធផលថាត្រឹមត្រូវដោយរបៀបណា?',
      en: 'How can I check a result is fair?',
      zh: '如何验证开奖结果公平？',
      th: 'ตรวจสอบว่าผลออกอย่างยุติธรรมได้อย่างไร?',
      vi: 'Làm sao kiểm tra kết quả công bằng?',
    },
    {
      km: 'លទ្ធផលនីមួយៗមានការសន្យាដែលបានផ្សាយមុនពេលបើក និងគ្រាប់ពូជដែលផ្សាយជាមួយលទ្ធផល។ ចុច «ផ្ទៀងផ្ទាត់» ក្នុងលទ្ធផលថ្មីៗ។',
      en: 'Each draw has a commitment published before it opened and a seed published with its result. Tap "Verify" in the recent results.',
      zh: '每期开奖都有开盘前公布的承诺值和随结果公布的种子。在最近结果中点击“验证”。',
      th: 'ทุกงวดมีค่าคำมั่นที่ประกาศก่อนเปิดและค่าเมล็ดที่ประกาศพร้อมผล แตะ "ตรวจสอบ" ในผลล่าสุด',
      vi: 'Mỗi kỳ có giá trị cam kết công bố trước khi mở và hạt giống công bố cùng kết quả. Chạm "Kiểm tra" trong kết quả gần đây.',
    },
  ),
  article(
    'responsible',
    {
      km: 'តើខ្ញុំសម្រាកពីការលេងដោយរបៀបណា?',
      en: 'How do I take a break from play?',
      zh: '如何暂停游戏？',
      th: 'จะพักการเล่นได้อย่างไร?',
      vi: 'Làm sao tạm nghỉ chơi?',
    },
    {
      km: 'ទាក់ទងសេវាអតិថិជន ដើម្បីបិទគណនីរបស់អ្នកជាបណ្តោះអាសន្ន ពីមួយថ្ងៃទៅប្រាំមួយខែ។',
      en: 'Contact customer service to close your account for a while, from a day to six months.',
      zh: '联系客服可暂时关闭账户，时长从一天到六个月不等。',
      th: 'ติดต่อฝ่ายบริการลูกค้าเพื่อปิดบัญชีชั่วคราว ตั้งแต่หนึ่งวันถึงหกเดือน',
      vi: 'Liên hệ chăm sóc khách hàng để tạm khóa tài khoản, từ một ngày đến sáu tháng.',
    },
  ),
  article(
    'responsible',
    {
      km: 'សញ្ញានៃការលេងហួសហេតុ',
      en: 'Signs of playing too much',
      zh: '过度游戏的迹象',
      th: 'สัญญาณของการเล่นมากเกินไป',
      vi: 'Dấu hiệu chơi quá mức',
    },
    {
      km: 'លេងយូរជាងការគ្រោងទុក ដេញតាមការខាត ឬខ្ចីប្រាក់ដើម្បីលេង។ បើដូច្នេះ សូមឈប់ ហើយសុំជំនួយ។',
      en: 'Playing longer than planned, chasing losses or borrowing to play. If so, stop and ask for help.',
      zh: '玩得比计划久、追回损失或借钱游戏。如有这些情况，请停下来并寻求帮助。',
      th: 'เล่นนานกว่าที่ตั้งใจ ไล่ตามเงินที่เสีย หรือยืมเงินมาเล่น หากเป็นเช่นนี้ ให้หยุดและขอความช่วยเหลือ',
      vi: 'Chơi lâu hơn dự định, gỡ thua hoặc vay tiền để chơi. Nếu vậy, hãy dừng lại và tìm trợ giúp.',
    },
  ),
]
