import { defaultAvatar, staticAvatarUrl } from '#contract/identity-values'

/**
 * A member's avatar. It is decoration beside the member's name, so its alt text is empty;
 * a missing or broken picture falls back to the default static avatar.
 */
export function Avatar({ src, size = 28 }: { src: string | null | undefined; size?: number }) {
  const fallback = staticAvatarUrl(defaultAvatar)
  return (
    <img
      className="avatar"
      src={src || fallback}
      alt=""
      width={size}
      height={size}
      decoding="async"
      onError={(e) => {
        if (!e.currentTarget.src.endsWith(fallback)) e.currentTarget.src = fallback
      }}
    />
  )
}
