/**
 * The money mutation hooks keep the Idempotency-Key themselves: a retry of the same input
 * (the first answer may have been lost) sends the same key, so the money moves once; a
 * success or another input starts a new key. A success refreshes the money queries.
 */
import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { balancesQueryOptions } from '#src/features/money/api/get-balances.ts'
import { useSweepWallets } from '#src/features/money/api/sweep-wallets.ts'
import { useTransferFund, type TransferFundInput } from '#src/features/money/api/transfer-fund.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { createQueryClient } from '#src/lib/query-client.ts'
import { endSession } from '#src/lib/session.ts'
import { balances, logIn, moneyAnswers, stubMoneyApi } from './fixtures'

beforeEach(() => logIn())
afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const transferPath = '/wps/relay/GCS_walletTransfer'

function renderWithClient<T>(hook: () => T) {
  const queryClient = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  return { queryClient, ...renderHook(hook, { wrapper }) }
}

const input: TransferFundInput = { fromAccountTypeId: 2, toAccountTypeId: 100, amount: '20' }

describe('useTransferFund', () => {
  test('a retry of the same input reuses the key; a success starts a new one', async () => {
    const answers: unknown[] = ['network', balances, balances]
    const sent = stubMoneyApi(moneyAnswers(), { [transferPath]: () => answers.shift() })
    const { result } = renderWithClient(() => useTransferFund())

    await act(() => result.current.mutateAsync(input).catch(() => undefined))
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError))
    expect((result.current.error as ApiError).errorCode).toBe('network_error')

    await act(() => result.current.mutateAsync(input))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))

    await act(() => result.current.mutateAsync(input))

    const keys = sent.filter((s) => s.path === transferPath).map((s) => s.headers['Idempotency-Key'])
    expect(keys).toHaveLength(3)
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,128}$/)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[1])
  })

  test('another input after a failure gets a new key, which a retry of it reuses', async () => {
    const sent = stubMoneyApi(moneyAnswers(), { [transferPath]: () => 'network' })
    const { result } = renderWithClient(() => useTransferFund())

    await act(() => result.current.mutateAsync(input).catch(() => undefined))
    await act(() => result.current.mutateAsync({ ...input, amount: '30' }).catch(() => undefined))
    await act(() => result.current.mutateAsync({ ...input, amount: '30' }).catch(() => undefined))

    const keys = sent.filter((s) => s.path === transferPath).map((s) => s.headers['Idempotency-Key'])
    expect(keys[1]).not.toBe(keys[0])
    expect(keys[2]).toBe(keys[1])
  })

  test("a success refreshes the balance through the money queries' key", async () => {
    stubMoneyApi(moneyAnswers({ [transferPath]: balances }))
    const { result, queryClient } = renderWithClient(() => useTransferFund())
    const balanceKey = balancesQueryOptions().queryKey
    await queryClient.fetchQuery(balancesQueryOptions())
    expect(queryClient.getQueryState(balanceKey)?.isInvalidated).toBe(false)

    await act(() => result.current.mutateAsync(input))

    expect(queryClient.getQueryState(balanceKey)?.isInvalidated).toBe(true)
  })

  test("a refusal leaves the money queries as they are and runs the caller's onSuccess only on success", async () => {
    const onSuccess = vi.fn()
    stubMoneyApi(moneyAnswers(), {
      [transferPath]: () => ({ fail: { status: 400, errorCode: 'insufficient_balance' } }),
    })
    const { result, queryClient } = renderWithClient(() => useTransferFund({ mutationConfig: { onSuccess } }))
    const balanceKey = balancesQueryOptions().queryKey
    await queryClient.fetchQuery(balancesQueryOptions())

    await act(() => result.current.mutateAsync(input).catch(() => undefined))

    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError))
    expect((result.current.error as ApiError).errorCode).toBe('insufficient_balance')
    expect(onSuccess).not.toHaveBeenCalled()
    expect(queryClient.getQueryState(balanceKey)?.isInvalidated).toBe(false)
  })
})

describe('useSweepWallets', () => {
  test('keeps a key of its own: a sweep retried after a network error sends it again', async () => {
    const sweepPath = '/wps/relay/GCS_walletReturn'
    const answers: unknown[] = ['network', balances]
    const sent = stubMoneyApi(moneyAnswers(), {
      [transferPath]: () => 'network',
      [sweepPath]: () => answers.shift(),
    })
    const { result } = renderWithClient(() => ({ transfer: useTransferFund(), sweep: useSweepWallets() }))

    await act(() => result.current.transfer.mutateAsync(input).catch(() => undefined))
    await act(() => result.current.sweep.mutateAsync({}).catch(() => undefined))
    await act(() => result.current.sweep.mutateAsync({}))

    const transferKeys = sent.filter((s) => s.path === transferPath).map((s) => s.headers['Idempotency-Key'])
    const sweepKeys = sent.filter((s) => s.path === sweepPath).map((s) => s.headers['Idempotency-Key'])
    expect(sweepKeys).toHaveLength(2)
    expect(sweepKeys[1]).toBe(sweepKeys[0])
    expect(sweepKeys[0]).not.toBe(transferKeys[0])
  })
})
