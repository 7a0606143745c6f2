/** The remembered devices in My account: the list, signing one out, and everywhere. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { deviceEndpoints } from '#contract/devices'
import { api } from '../../../lib/api'
import { memberKey } from '../../../lib/member-keys'

export const devicesKey = () => [...memberKey, 'devices'] as const

export const devicesQueryOptions = () =>
  queryOptions({
    queryKey: devicesKey(),
    queryFn: ({ signal }) => api.call(deviceEndpoints.devices, undefined, { signal }),
  })

export function useDeviceSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.call(deviceEndpoints.deviceSignOut, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey() }),
  })
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => api.call(deviceEndpoints.signOutEverywhere) })
}
