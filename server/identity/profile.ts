/**
 * The member's own account facts: member info, avatar and language. The profile's fields
 * (the birthday among them) are the profile calls' (profile-handlers.ts).
 */
import {
  defaultAvatar,
  staticAvatars,
  staticAvatarUrl,
  type Avatar,
  type StaticAvatar,
} from '#contract/identity'
import { parseLocale, type Locale } from '#contract/locales'
import { localName } from '../db/localized'
import { AppError } from '../http/errors'
import { requireSession, type IdentityHandlers, type IdentityKit } from './identity-kit'

/**
 * The avatar kept on the account: a static avatar's id, or `custom:<url>` for an uploaded
 * picture. None (or an id this build no longer ships) is the default static avatar.
 */
export function avatarOf(stored: string | null): Avatar {
  if (stored?.startsWith('custom:')) return { avatar: stored.slice('custom:'.length), avatarType: 'CUSTOM' }
  const id = (staticAvatars as readonly string[]).includes(stored ?? '')
    ? (stored as StaticAvatar)
    : defaultAvatar
  return { avatar: staticAvatarUrl(id), avatarType: 'STATIC' }
}

type ProfileEndpoints = 'memberInfo' | 'updateLanguage' | 'icon' | 'playerAvatar' | 'changeIcon'

export function profileHandlers({ members }: IdentityKit): Pick<IdentityHandlers, ProfileEndpoints> {
  /** The avatar column of the session's own account: no endpoint names another member. */
  async function storedAvatar(memberId: number): Promise<string | null> {
    const m = await members.avatar(memberId)
    if (!m) throw new AppError('user.or.token.invalid', 'the account no longer exists')
    return m.avatar
  }

  /** The member's VIP level's name in the caller's language (decision 030), or null without levels. */
  async function clubLabelOf(memberId: number, locale: Locale) {
    const level = await members.levelNames(memberId)
    if (level === null) return null
    const labelName = localName(level.names, '', locale, level.brandLanguage)
    return labelName ? { labelName } : null
  }

  return {
    async memberInfo({ caller }) {
      const s = requireSession(caller)
      const m = await members.byId(s.memberId)
      if (!m) throw new AppError('user.or.token.invalid', 'the account no longer exists')
      const mobile = m.mobile ? `${'*'.repeat(Math.max(0, m.mobile.length - 4))}${m.mobile.slice(-4)}` : null
      return {
        id: m.id,
        account: m.account,
        nickname: m.nickname,
        type: m.type,
        // Only with an upline to send to: the flag alone, on an account without one, would
        // offer a transfer the server refuses (transfer_upline_not_allowed).
        toUpline: m.toUpline && m.parentId !== null,
        clubLabel: await clubLabelOf(m.id, caller.locale),
        memberLabel: m.memberLabels.map((labelName) => ({ labelName })),
        regDate: m.createdAt.getTime(),
        mobile,
        language: parseLocale(m.language) ?? 'km',
        ...avatarOf(m.avatar),
        birthday: m.birthday,
      }
    },

    async updateLanguage({ input, caller }) {
      const s = requireSession(caller)
      await members.setLanguage(s.memberId, input.language)
      return null
    },

    async icon({ caller }) {
      return avatarOf(await storedAvatar(requireSession(caller).memberId))
    },

    async playerAvatar({ caller }) {
      return avatarOf(await storedAvatar(requireSession(caller).memberId))
    },

    async changeIcon({ input, caller }) {
      const s = requireSession(caller)
      await members.setAvatar(s.memberId, input.avatar)
      return avatarOf(input.avatar)
    },
  }
}
