/**
 * The agent's invitation card (code, link, QR code, copy buttons) on the team overview and
 * in the member centre's invite-friends page, and the agent centre's announcements page,
 * against stubbed answers.
 */
import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Invitation } from '#contract/agent-invite'
import { Toasts } from '#src/components/ui/toasts.tsx'
import { AgentAnnouncementsPage } from '#src/features/agent/components/agent-announcements-page.tsx'
import { agentPages } from '#src/features/agent/components/agent-centre-modal.tsx'
import { InviteCard } from '#src/features/agent/components/invite-card.tsx'
import { InviteFriendsPage } from '#src/features/agent/components/invite-friends-page.tsx'
import { OfflineStatus } from '#src/features/offline/components/offline-status.tsx'
import { endSession, setMember } from '#src/lib/session.ts'
import { logIn, memberInfo, moneyAnswers, notice, status, stubMoneyApi } from './fixtures'
import { renderUi } from './render'

const invitationPath = '/wps/relay/MCSFE_getReferralDetails'
const announcementsPath = '/wps/relay/MCSFE_getAgentAnnouncements'

const invitation: Invitation = {
  referralCode: 'K7QX2M9P',
  registerUrl: 'https://play.example/register?referralCode=K7QX2M9P',
  totalInvitations: 3,
  promotionDomains: ['play.example'],
}

/** The brand's status with invitations (AFFMAN3) on or off. */
const withInvitations = (on: boolean) =>
  status({
    info: {
      ...status().info,
      whitelabel: [
        { modId: 'REG3', enabled: '1', childrenNodes: [{ modId: 'AFFMAN3', enabled: on ? '1' : '0' }] },
      ],
    },
  })

afterEach(() => {
  endSession()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

beforeEach(() => {
  logIn()
  setMember(memberInfo({ type: 1, account: 'agent01' }))
})

describe('the invitation card', () => {
  test('shows the code, the link and its QR code, and copies each', async () => {
    stubMoneyApi(moneyAnswers({ '/wps/system/status': withInvitations(true), [invitationPath]: invitation }))
    vi.stubGlobal('isSecureContext', true)
    // user-event puts a clipboard of its own on the navigator.
    const user = userEvent.setup()
    await renderUi(
      <>
        <InviteCard />
        <Toasts dismissLabel="Dismiss" />
      </>,
    )
    const card = await screen.findByRole('region', { name: 'Invite friends' })
    expect(await within(card).findByText('K7QX2M9P')).toBeTruthy()
    const link = within(card).getByRole('link', { name: invitation.registerUrl })
    expect(link.getAttribute('href')).toBe(invitation.registerUrl)
    expect(within(card).getByText('Members invited: 3')).toBeTruthy()
    // The QR code arrives with its library.
    const qr = await within(card).findByRole('img', { name: 'QR code of your invitation link' })
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)

    await user.click(within(card).getByRole('button', { name: 'Copy the invitation code' }))
    expect(await navigator.clipboard.readText()).toBe('K7QX2M9P')
    expect(await screen.findByText('Invitation code copied')).toBeTruthy()
    await user.click(within(card).getByRole('button', { name: 'Copy the invitation link' }))
    expect(await navigator.clipboard.readText()).toBe(invitation.registerUrl)
    expect(await screen.findByText('Invitation link copied')).toBeTruthy()
  })

  test('on the team overview, draws the QR code when asked', async () => {
    stubMoneyApi(moneyAnswers({ '/wps/system/status': withInvitations(true), [invitationPath]: invitation }))
    const user = userEvent.setup()
    await renderUi(<InviteCard compact />)
    const card = await screen.findByRole('region', { name: 'Invite friends' })
    expect(await within(card).findByText('K7QX2M9P')).toBeTruthy()
    expect(within(card).queryByRole('img')).toBeNull()
    const toggle = within(card).getByRole('button', { name: 'Show QR code' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle)
    expect(await within(card).findByRole('img', { name: 'QR code of your invitation link' })).toBeTruthy()
    await user.click(within(card).getByRole('button', { name: 'Hide QR code' }))
    expect(within(card).queryByRole('img')).toBeNull()
  })

  test('is not drawn, nor asked for, while the brand has invitations off', async () => {
    const sent = stubMoneyApi(
      moneyAnswers({ '/wps/system/status': withInvitations(false), [invitationPath]: invitation }),
    )
    await renderUi(<InviteCard />)
    await waitFor(() => expect(sent.some((s) => s.path === '/wps/system/status')).toBe(true))
    expect(screen.queryByRole('region', { name: 'Invite friends' })).toBeNull()
    expect(sent.some((s) => s.path === invitationPath)).toBe(false)
  })

  test('is in Khmer for a Khmer player', async () => {
    stubMoneyApi(moneyAnswers({ '/wps/system/status': withInvitations(true), [invitationPath]: invitation }))
    await renderUi(<InviteCard />, 'km')
    expect(await screen.findByText('លេខកូដអញ្ជើញ')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'ចម្លងតំណអញ្ជើញ' })).toBeTruthy()
  })
})

describe('the member centre’s invite-friends page', () => {
  test('shows an agent their card', async () => {
    stubMoneyApi(moneyAnswers({ '/wps/system/status': withInvitations(true), [invitationPath]: invitation }))
    await renderUi(<InviteFriendsPage />)
    expect(await screen.findByText('K7QX2M9P')).toBeTruthy()
  })

  test('shows a member their referral code, link, earnings, friends and rules', async () => {
    setMember(memberInfo({ type: 0 }))
    stubMoneyApi(
      moneyAnswers({
        '/wps/system/status': withInvitations(true),
        [invitationPath]: invitation,
        '/wps/relay/MCSFE_getReferralMyIncome': {
          totalInvitations: 2,
          deposited: 1,
          rewarded: 1,
          pending: 1,
          totalEarned: '50.00',
          rules: {
            enabled: true,
            rewardAmount: '50.00',
            turnover: '500.00',
            shareBp: 0,
            rewardTurnoverMultiple: '1',
          },
        },
        '/wps/relay/MCSFE_getInviteList': {
          list: [
            {
              username: 'fr***01',
              joinedAt: 1_764_000_000_000,
              deposited: true,
              validBet: '600.00',
              reward: 'rewarded',
              rewardAmount: '50.00',
            },
            {
              username: 'fr***02',
              joinedAt: 1_764_000_000_000,
              deposited: false,
              validBet: '0.00',
              reward: 'pending',
              rewardAmount: null,
            },
          ],
          total: 2,
          pageNo: 1,
          pageSize: 10,
        },
        '/wps/relay/MCSFE_getInvitationClaimReport': {
          list: [
            { kind: 'share', friend: null, day: '2026-11-29', amount: '0.20', paidAt: 1_764_400_000_000 },
            { kind: 'friend', friend: 'fr***01', day: null, amount: '50.00', paidAt: 1_764_300_000_000 },
          ],
          total: 2,
          pageNo: 1,
          pageSize: 10,
        },
      }),
    )
    await renderUi(<InviteFriendsPage />)
    expect(await screen.findByText('K7QX2M9P')).toBeTruthy()
    expect(screen.getByText('https://play.example/register?referralCode=K7QX2M9P')).toBeTruthy()
    expect(await screen.findByText('fr***01')).toBeTruthy()
    expect(screen.getByText('Not yet qualified')).toBeTruthy()
    expect(screen.getByText('No deposit yet')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copy the referral code' })).toBeTruthy()
    const paid = screen.getByRole('region', { name: 'Rewards paid' })
    expect(await within(paid).findByText('Reward for fr***01')).toBeTruthy()
    expect(within(paid).getByText('Daily share of Nov 29, 2026')).toBeTruthy()
    expect(within(paid).getByText(/0\.20/)).toBeTruthy()
  })

  test.each([
    ['none paid yet', { list: [], total: 0, pageNo: 1, pageSize: 10 }, 'No rewards yet.'],
    ['a failed read', { fail: { status: 500, errorCode: 'internal_error' } }, null],
  ])('shows the rewards paid: %s', async (_name, claims, text) => {
    setMember(memberInfo({ type: 0 }))
    stubMoneyApi(
      moneyAnswers({
        '/wps/system/status': withInvitations(true),
        [invitationPath]: invitation,
        '/wps/relay/MCSFE_getInviteList': { list: [], total: 0, pageNo: 1, pageSize: 10 },
        '/wps/relay/MCSFE_getInvitationClaimReport': claims,
      }),
    )
    await renderUi(<InviteFriendsPage />)
    const paid = await screen.findByRole('region', { name: 'Rewards paid' })
    if (text) expect(await within(paid).findByText(text)).toBeTruthy()
    else expect(await within(paid).findByRole('alert')).toBeTruthy()
  })
})

describe('the invite-friends page offline', () => {
  afterEach(() => {
    onlineManager.setOnline(true)
  })

  test('keeps showing what it read, with the age of that data', async () => {
    setMember(memberInfo({ type: 0 }))
    stubMoneyApi(
      moneyAnswers({
        '/wps/system/status': withInvitations(true),
        [invitationPath]: invitation,
        '/wps/relay/MCSFE_getInviteList': {
          list: [
            {
              username: 'fr***01',
              joinedAt: 1_764_000_000_000,
              deposited: true,
              validBet: '600.00',
              reward: 'rewarded',
              rewardAmount: '50.00',
            },
          ],
          total: 1,
          pageNo: 1,
          pageSize: 10,
        },
        '/wps/relay/MCSFE_getInvitationClaimReport': { list: [], total: 0, pageNo: 1, pageSize: 10 },
      }),
    )
    await renderUi(
      <>
        <OfflineStatus />
        <InviteFriendsPage />
      </>,
    )
    expect(await screen.findByText('fr***01')).toBeTruthy()
    expect(await screen.findByText('No rewards yet.')).toBeTruthy()
    const later = Date.now() + 12 * 60_000
    vi.spyOn(Date, 'now').mockReturnValue(later)
    act(() => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
      window.dispatchEvent(new Event('offline'))
    })
    expect(
      await screen.findByText('You are offline. Showing saved data, updated 12 minutes ago.'),
    ).toBeTruthy()
    expect(screen.getByText('fr***01')).toBeTruthy()
    expect(screen.getByText('K7QX2M9P')).toBeTruthy()
    expect(screen.queryByText(/not available offline/i)).toBeNull()
  })
})

describe('the agent centre’s announcements', () => {
  test('is in the menu, first, only with AGENTANNOUNCE3', () => {
    const flags = {
      registerCentre: true,
      income: true,
      redEnvelope: false,
      enableCt: false,
      salary: false,
      hourSalary: false,
      realTimeSalary: false,
    }
    expect(agentPages({ ...flags, announcements: true })[0]).toBe('agentAnnouncement')
    expect(agentPages(flags)).not.toContain('agentAnnouncement')
  })

  test('lists them newest first with the first one open, its HTML sanitized', async () => {
    stubMoneyApi(moneyAnswers(), {
      [announcementsPath]: () => ({
        list: [
          notice(2, { title: 'New rebate table', content: '<p>Rates <img src=x onerror="alert(1)"> up</p>' }),
          notice(1, { title: 'Welcome, agents' }),
        ],
        total: 2,
        pageNo: 1,
        pageSize: 10,
      }),
    })
    const { container } = await renderUi(<AgentAnnouncementsPage />)
    expect(await screen.findByText('New rebate table')).toBeTruthy()
    const items = container.querySelectorAll('details')
    expect(items).toHaveLength(2)
    expect(items[0]?.open).toBe(true)
    expect(items[1]?.open).toBe(false)
    expect(container.innerHTML).not.toContain('onerror')
  })

  test('says when there are none', async () => {
    stubMoneyApi(moneyAnswers(), {
      [announcementsPath]: () => ({ list: [], total: 0, pageNo: 1, pageSize: 10 }),
    })
    await renderUi(<AgentAnnouncementsPage />)
    expect(await screen.findByText('No announcements for agents yet.')).toBeTruthy()
  })
})
