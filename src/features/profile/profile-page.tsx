/**
 * The member's profile (spec sections 3 and 5) in the member centre: each field the brand
 * shows, with its required mark and its rule's message, checked here by the contract's
 * checkProfileUpdate exactly as the server checks it; a field the brand locks once set shows
 * its value with a lock and the way to customer service; the birthday by the phone's own
 * date picker; the e-mail and mobile number bound with a code sent to them. What the member
 * typed stays when a save is refused.
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import {
  checkProfileUpdate,
  editableFields,
  storedValue,
  type BoundField,
  type EditableField,
  type Profile,
  type ProfileField,
  type ProfileFieldRule,
  type ProfileProblem,
} from '#contract/profile'
import { FormError } from '../../components/ui/form-error'
import { QueryState } from '../../components/ui/query-state'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { ApiError } from '../../lib/api-client'
import { useCustomerService } from '../../lib/customer-service'
import { errorText } from '../../lib/error-messages'
import { fieldProblemText } from '../../lib/field-messages'
import {
  countriesQueryOptions,
  profileQueryOptions,
  sendBindCode,
  useBindVerify,
  useUpdateProfile,
} from './api'
import { ProfileStyles } from './profile-styles'

const labels = {
  nickname: msg`Nickname`,
  realName: msg`Real name`,
  birthday: msg`Birthday`,
  email: msg`Email`,
  mobile: msg`Mobile number`,
  telegram: msg`Telegram`,
  zalo: msg`Zalo`,
  line: msg`LINE`,
  nationality: msg`Nationality`,
  placeOfBirth: msg`Place of birth`,
  permanentAddress: msg`Permanent address`,
  currentAddress: msg`Current address`,
  occupation: msg`Occupation`,
  sourceOfIncome: msg`Source of income`,
} satisfies Record<ProfileField, ReturnType<typeof msg>>

/** A problem in words: the rule's message, or the birthday's own. */
export function profileProblemText(i18n: I18n, p: ProfileProblem): string {
  if (p.kind === 'date') return i18n._(msg`Enter a real date of birth, not in the future.`)
  if (p.kind === 'age') {
    const age = p.minimumAge
    return i18n._(msg`You must be at least ${age} years old.`)
  }
  return fieldProblemText(i18n, p)
}

/** The latest birthday the brand's minimum age allows (YYYY-MM-DD), for the date picker's max. */
function latestBirthday(today: string, minimumAge: number): string {
  const [y, m, d] = today.split('-')
  const day = m === '02' && d === '29' ? '28' : d
  return `${String(Number(y) - minimumAge).padStart(4, '0')}-${m}-${day}`
}

type Typed = Partial<Record<EditableField, string>>

export function ProfilePage() {
  const query = useQuery(profileQueryOptions())
  return (
    <section className="profile-page">
      <ProfileStyles />
      <QueryState query={query} lines={8}>
        {(profile) => <ProfileForm profile={profile} />}
      </QueryState>
    </section>
  )
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui()
  const [typed, setTyped] = useState<Typed>({})
  const [invalid, setInvalid] = useState<Partial<Record<ProfileField, string>>>({})
  const [saved, setSaved] = useState(false)
  const save = useUpdateProfile()
  const rules = useMemo(() => profile.rules.filter((r) => r.enabled), [profile.rules])
  const ruleOf = (f: ProfileField) => rules.find((r) => r.field === f)

  const valueOf = (f: EditableField) => typed[f] ?? profile.values[f] ?? ''
  const changes = (): Typed => {
    const out: Typed = {}
    for (const f of editableFields) {
      const v = typed[f]
      if (v !== undefined && storedValue(v) !== storedValue(profile.values[f])) out[f] = v
    }
    return out
  }

  const refusal: Partial<Record<ProfileField, string>> = {}
  if (save.error instanceof ApiError) {
    for (const f of save.error.value?.fields ?? [])
      refusal[f.path as ProfileField] = errorText(i18n, save.error)
    if (save.error.errorCode.startsWith('birthday_')) refusal.birthday = errorText(i18n, save.error)
  }
  const errors = { ...refusal, ...invalid }

  function submit(e: FormEvent) {
    e.preventDefault()
    setSaved(false)
    save.reset()
    const body = changes()
    const problems = checkProfileUpdate(profile.rules, profile.values, body, profile)
    const next: Partial<Record<ProfileField, string>> = {}
    for (const [f, p] of Object.entries(problems)) next[f as ProfileField] = profileProblemText(i18n, p)
    setInvalid(next)
    if (Object.keys(next).length > 0) return
    if (Object.keys(body).length === 0) {
      setSaved(true)
      return
    }
    save.mutate(body, {
      onSuccess: () => {
        setTyped({})
        setSaved(true)
      },
    })
  }

  const field = (f: EditableField) => {
    const rule = ruleOf(f)
    if (!rule) return null
    const label = i18n._(labels[f])
    if (profile.locked.includes(f))
      return <LockedField key={f} label={label} value={profile.values[f] ?? ''} />
    const common = {
      label: rule.required ? `${label} *` : label,
      name: f,
      value: valueOf(f),
      onChange: (e: { target: { value: string } }) => {
        const v = e.target.value
        setTyped((old) => ({ ...old, [f]: v }))
        setSaved(false)
      },
      error: errors[f],
      required: rule.required,
      maxLength: rule.maxLength > 0 ? rule.maxLength : 200,
    }
    if (f === 'birthday') {
      return (
        <TextField
          key={f}
          {...common}
          type="date"
          min="1900-01-01"
          max={latestBirthday(profile.today, profile.minimumAge)}
          hint={rule.locked ? t`Set once: check it before you save.` : undefined}
        />
      )
    }
    return (
      <TextField
        key={f}
        {...common}
        placeholder={label}
        hint={rule.locked ? t`Set once: check it before you save.` : undefined}
        {...(f === 'zalo' ? { inputMode: 'numeric' as const } : {})}
        {...(f === 'realName' || f === 'nickname'
          ? { autoComplete: f === 'realName' ? 'name' : 'nickname' }
          : {})}
      />
    )
  }

  return (
    <>
      <p className="profile-progress" role="note">
        {profile.complete ? (
          <Trans>Your profile is complete.</Trans>
        ) : (
          <Trans>Complete your profile to finish the newbie task.</Trans>
        )}
      </p>
      <form className="form profile-form" onSubmit={submit} noValidate aria-busy={save.isPending}>
        <fieldset className="profile-group">
          <legend>
            <Trans>About you</Trans>
          </legend>
          {field('nickname')}
          {field('realName')}
          {field('birthday')}
          {field('nationality')}
          {field('placeOfBirth')}
        </fieldset>
        <fieldset className="profile-group">
          <legend>
            <Trans>Contacts</Trans>
          </legend>
          {field('telegram')}
          {field('zalo')}
          {field('line')}
        </fieldset>
        <fieldset className="profile-group">
          <legend>
            <Trans>Address and work</Trans>
          </legend>
          {field('permanentAddress')}
          {field('currentAddress')}
          {field('occupation')}
          {field('sourceOfIncome')}
        </fieldset>
        <p role="status" className="profile-saved">
          {saved ? <Trans>Your profile has been saved.</Trans> : null}
        </p>
        <FormError
          text={
            save.isError
              ? errorText(i18n, save.error)
              : Object.keys(invalid).length > 0
                ? t`Some details need your attention.`
                : undefined
          }
        />
        <button type="submit" className="button button-primary button-block" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
        </button>
      </form>
      <section className="profile-group profile-bound" aria-label={t`Email and mobile`}>
        {ruleOf('email') ? <BoundRow field="email" rule={ruleOf('email')} profile={profile} /> : null}
        {ruleOf('mobile') ? <BoundRow field="mobile" rule={ruleOf('mobile')} profile={profile} /> : null}
      </section>
    </>
  )
}

/** A field the member cannot change: its value, a lock, and the way to customer service. */
function LockedField({ label, value }: { label: string; value: string }) {
  const service = useCustomerService()
  const first = service?.[0]
  return (
    <div className="field profile-locked">
      <span className="profile-locked-label">{label}</span>
      <p className="profile-locked-value">
        <svg className="profile-lock" aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
          <path
            fill="currentColor"
            d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm-2 6V4.5a2 2 0 1 1 4 0V7H6Z"
          />
        </svg>
        <span>{value}</span>
        <span className="visually-hidden">
          <Trans>(locked)</Trans>
        </span>
      </p>
      <p className="field-hint">
        <Trans>Set once. To correct it,</Trans>{' '}
        {first ? (
          <a href={first.url} target="_blank" rel="noopener noreferrer">
            <Trans>contact customer service</Trans>
          </a>
        ) : (
          <Trans>contact customer service</Trans>
        )}
        .
      </p>
    </div>
  )
}

/** The e-mail or mobile number: what is bound, and binding a new one with the code sent to it. */
function BoundRow({
  field,
  rule,
  profile,
}: {
  field: BoundField
  rule: ProfileFieldRule | undefined
  profile: Profile
}) {
  const { t, i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const [value, setValue] = useState('')
  const [chosen, setDialing] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const verify = useBindVerify()
  const countries = useQuery({ ...countriesQueryOptions(), enabled: open && field === 'mobile' })
  const current = profile.values[field]
  const label = i18n._(labels[field])
  // The first country until the member picks one.
  const dialing = chosen || countries.data?.[0]?.countryDialingCode || ''

  const body = () => ({
    field,
    value: value.trim(),
    ...(field === 'mobile' ? { countryDialingCode: dialing } : {}),
  })

  async function send(): Promise<number | null> {
    setError(null)
    await sendBindCode(body())
    return 60
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    setError(null)
    if (!code.trim()) {
      setError(t`Enter the verification code.`)
      return
    }
    verify.mutate(
      { ...body(), verificationCode: code.trim() },
      {
        onSuccess: () => {
          setOpen(false)
          setCode('')
          setValue('')
          setDone(true)
        },
        onError: (err) => setError(errorText(i18n, err)),
      },
    )
  }

  return (
    <div className="profile-bound-row">
      <div className="profile-bound-head">
        <div>
          <span className="profile-locked-label">{rule?.required ? `${label} *` : label}</span>
          <p className="profile-bound-value">{current ?? <Trans>Not bound</Trans>}</p>
        </div>
        <button
          type="button"
          className="button"
          aria-expanded={open}
          onClick={() => {
            setOpen((o) => !o)
            setDone(false)
          }}
        >
          {current ? <Trans>Change</Trans> : <Trans>Bind</Trans>}
        </button>
      </div>
      {done ? (
        <p role="status" className="profile-saved">
          {field === 'email' ? (
            <Trans>Your email is bound.</Trans>
          ) : (
            <Trans>Your mobile number is bound.</Trans>
          )}
        </p>
      ) : null}
      {open ? (
        <form className="form profile-bind" onSubmit={submit} noValidate aria-busy={verify.isPending}>
          {field === 'mobile' ? (
            <div className="profile-mobile">
              <SelectField
                label={t`Country code`}
                value={dialing}
                onChange={(e) => setDialing(e.target.value)}
                options={(countries.data ?? []).map((c) => ({
                  value: c.countryDialingCode,
                  label: `+${c.countryDialingCode}`,
                }))}
              />
              <TextField
                label={t`New mobile number`}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={20}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            </div>
          ) : (
            <TextField
              label={t`New email`}
              type="email"
              autoComplete="email"
              maxLength={128}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          )}
          <div className="profile-code-row">
            <TextField
              label={t`Verification code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={16}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <SendCodeButton send={send} disabled={!value.trim()} onError={setError} />
          </div>
          <FormError text={error ?? undefined} />
          <button type="submit" className="button button-primary button-block" disabled={verify.isPending}>
            {verify.isPending ? <Trans>Verifying…</Trans> : <Trans>Verify and bind</Trans>}
          </button>
        </form>
      ) : null}
    </div>
  )
}

/** "Send code": ready, sending, a countdown until it may send again (the server's wait when it says one). */
function SendCodeButton({
  send,
  disabled,
  onError,
}: {
  send: () => Promise<number | null>
  disabled: boolean
  onError: (text: string) => void
}) {
  const { i18n } = useLingui()
  const [state, setState] = useState<
    { kind: 'ready' } | { kind: 'loading' } | { kind: 'countdown'; left: number }
  >({
    kind: 'ready',
  })
  useEffect(() => {
    if (state.kind !== 'countdown') return
    const left = state.left - 1
    const timer = setTimeout(() => setState(left > 0 ? { kind: 'countdown', left } : { kind: 'ready' }), 1000)
    return () => clearTimeout(timer)
  }, [state])
  return (
    <button
      type="button"
      className="button profile-send"
      disabled={disabled || state.kind !== 'ready'}
      aria-live="polite"
      onClick={async () => {
        setState({ kind: 'loading' })
        try {
          const seconds = await send()
          setState(
            seconds === null || seconds <= 0 ? { kind: 'ready' } : { kind: 'countdown', left: seconds },
          )
        } catch (err) {
          const wait = err instanceof ApiError ? err.retryAfterSeconds : undefined
          setState(wait ? { kind: 'countdown', left: wait } : { kind: 'ready' })
          onError(errorText(i18n, err))
        }
      }}
    >
      {state.kind === 'loading' ? (
        <Trans>Sending…</Trans>
      ) : state.kind === 'countdown' ? (
        <Trans>Send again in {state.left} s</Trans>
      ) : (
        <Trans>Send code</Trans>
      )}
    </button>
  )
}
