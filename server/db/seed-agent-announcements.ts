/**
 * The demo brand's announcements for agents (demo mode only), shown on the agent centre's
 * announcements page and to no member or visitor. They speak of what the agent centre has.
 */
import { agentAnnouncementType } from '#contract/content'
import { locales } from '#contract/locales'
import type { Localized } from './seed-data'

export const demoAgentAnnouncements: { title: Localized; content: Localized }[] = [
  {
    title: {
      km: 'អញ្ជើញសមាជិកថ្មីដោយតំណ និងកូដ QR របស់អ្នក',
      en: 'Invite new members with your link and QR code',
      zh: '用您的邀请链接和二维码邀请新会员',
      th: 'ชวนสมาชิกใหม่ด้วยลิงก์และคิวอาร์โค้ดของคุณ',
      vi: 'Mời thành viên mới bằng liên kết và mã QR của bạn',
    },
    content: {
      km: '<p>កូដអញ្ជើញ តំណចុះឈ្មោះ និងកូដ QR របស់អ្នក មាននៅលើទំព័រ <strong>ទិដ្ឋភាពទូទៅក្រុម</strong>។</p><p>អ្នកដែលចុះឈ្មោះតាមតំណរបស់អ្នក នឹងចូលក្រុមរបស់អ្នកដោយផ្ទាល់។</p>',
      en: '<p>Your invitation code, registration link and QR code are on the <strong>Team overview</strong> page.</p><p>Whoever registers through your link joins your team directly.</p>',
      zh: '<p>您的邀请码、注册链接和二维码都在<strong>团队总览</strong>页面。</p><p>通过您的链接注册的会员将直接加入您的团队。</p>',
      th: '<p>รหัสเชิญ ลิงก์สมัครสมาชิก และคิวอาร์โค้ดของคุณอยู่ที่หน้า <strong>ภาพรวมทีม</strong></p><p>ผู้ที่สมัครผ่านลิงก์ของคุณจะเข้าร่วมทีมของคุณโดยตรง</p>',
      vi: '<p>Mã mời, liên kết đăng ký và mã QR của bạn có ở trang <strong>Tổng quan đội nhóm</strong>.</p><p>Người đăng ký qua liên kết của bạn sẽ vào thẳng đội của bạn.</p>',
    },
  },
  {
    title: {
      km: 'ផ្ញើកញ្ចប់ក្រហមទៅសមាជិកក្រុមច្រើននាក់ក្នុងពេលតែមួយ',
      en: 'Send a red envelope to several team members at once',
      zh: '一次向多名团队成员发红包',
      th: 'ส่งอั่งเปาให้สมาชิกในทีมหลายคนพร้อมกัน',
      vi: 'Gửi lì xì cho nhiều thành viên trong đội cùng lúc',
    },
    content: {
      km: '<p>នៅទំព័រ <strong>កញ្ចប់ក្រហម</strong> ជ្រើសរើសសមាជិកក្រុម ហើយចែកចំនួនទឹកប្រាក់ស្មើៗគ្នា ឬតាមចំនួនផ្សេងៗ។</p><p>សមាជិកម្នាក់ៗទទួលបានសារជូនដំណឹង។</p>',
      en: '<p>On the <strong>Red envelope</strong> page, choose members of your team and share one amount equally or by amounts of your choice.</p><p>Each member receives a notice.</p>',
      zh: '<p>在<strong>红包</strong>页面选择团队成员，可平均分配金额，也可为每人设定金额。</p><p>每位成员都会收到通知。</p>',
      th: '<p>ที่หน้า <strong>อั่งเปา</strong> เลือกสมาชิกในทีม แล้วแบ่งยอดเงินเท่า ๆ กันหรือกำหนดยอดให้แต่ละคน</p><p>สมาชิกแต่ละคนจะได้รับการแจ้งเตือน</p>',
      vi: '<p>Tại trang <strong>Lì xì</strong>, chọn các thành viên trong đội và chia đều một số tiền hoặc đặt số tiền cho từng người.</p><p>Mỗi thành viên sẽ nhận được thông báo.</p>',
    },
  },
]

/** The rows of the agents' demo announcements, in every language, first one first. */
export function agentAnnouncementRows(merchantCode: string) {
  const languages = locales
  return demoAgentAnnouncements.flatMap((a, sort) =>
    languages.map((language) => ({
      merchantCode,
      type: agentAnnouncementType,
      language,
      title: a.title[language],
      content: a.content[language],
      sort,
    })),
  )
}
