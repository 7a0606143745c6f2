/**
 * Remembered devices ("Stay signed in", decision 034): the device's trade of its cookie for a
 * tab session, the security centre's list of devices, and signing one or all of them out.
 * Part of the identity area on the wire (src/contract/endpoints.ts).
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { entrances, LoginResponseSchema } from './identity'
import { text } from './text'

/** A remembered device's trade of its cookie for a tab session: the login's answer and who. */
export const DeviceSessionResponseSchema = z.object({
  ...LoginResponseSchema.shape,
  account: z.string(),
  entrance: z.enum(entrances),
})
export type DeviceSessionResponse = z.infer<typeof DeviceSessionResponseSchema>

/** One remembered device in the security centre's list. */
export const DeviceSchema = z.object({
  /** Opaque; what a sign-out names. */
  id: z.string(),
  /** "Chrome on Android". */
  name: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number(),
  /** The address it was last used from. */
  lastIp: z.string(),
  /** The device this list is read on. */
  current: z.boolean(),
})
export type Device = z.infer<typeof DeviceSchema>

/** The cookie that holds a remembered device's refresh token (HttpOnly; never read by the app). */
export const deviceCookie = 'portal_device'
/** The paths that cookie travels to: the session calls only. */
export const deviceCookiePath = '/wps/session'

export const deviceEndpoints = {
  deviceSession: defineEndpoint({
    name: 'identity.deviceSession',
    method: 'POST',
    path: '/wps/session/device',
    auth: 'public',
    encrypted: false,
    response: DeviceSessionResponseSchema,
    errors: ['device_session_ended', 'account_disabled', 'TOO_MANY_REQUESTS'],
  }),
  devices: defineEndpoint({
    name: 'identity.devices',
    method: 'GET',
    path: '/wps/session/devices',
    auth: 'member',
    encrypted: false,
    response: z.object({ devices: z.array(DeviceSchema) }),
    errors: [],
  }),
  deviceSignOut: defineEndpoint({
    name: 'identity.deviceSignOut',
    method: 'POST',
    path: '/wps/session/devices/signOut',
    auth: 'member',
    encrypted: false,
    body: z.object({ id: text(64) }),
    response: z.null(),
    errors: ['device_not_found'],
  }),
  signOutEverywhere: defineEndpoint({
    name: 'identity.signOutEverywhere',
    method: 'POST',
    path: '/wps/session/devices/signOutAll',
    auth: 'member',
    encrypted: false,
    response: z.null(),
    errors: [],
  }),
} as const
