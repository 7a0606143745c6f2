/**
 * The money mutation hooks keep the Idempotency-Key themselves: a retry of the same input
 * (the first answer may have been lost), on their own after a transport failure or by the
 * user's hand once those are spent, sends the same key, so the money moves once; a success
 * or another input starts a new key. A business refusal is never retried, nor is a write
 * without a key. A success refreshes the money queries.
 */
import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { balancesQueryOptions } from '#src/features/money/api/get-balances.ts'
import { useSweepWallets } from '#src/features/money/api/sweep-wallets.ts'
import { useTransferFund, type TransferFundInput } from '#src/features/money/api/transfer-fund.ts'
import { useRemoveMessages } from '#src/features/notify/api/inbox.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { idempotentRetries, mutationBackoff, transportFailure } from '#src/lib/mutation-config.ts'
import { endSession } from '#src/lib/session.ts'
import { balances, logIn, moneyAnswers, stubMoneyApi } from './fixtures'
import { testQueryClient } from './render'

beforeEach(() => logIn())
afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const transferPath = '/wps/relay/GCS_walletTransfer'

function renderWithClient<T>(hook: () => T) {
  const queryClient = testQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  return { queryClient, ...renderHook(hook, { wrapper }) }
}

const input: TransferFundInput = { fromAccountTypeId: 2, toAccountTypeId: 100, amount: '20' }

describe('useTransferFund', () => {
  test('one network drop, then success: retried on its own with the same key, the money moves once', async () => {
    // A server that keeps the platform's rule: a key it has seen answers its saved result.
    const moved = new Map<string, unknown>()
    let dropNext = true
    const sent = stubMoneyApi(moneyAnswers(), {
      [transferPath]: (s) => {
        const key = s.headers['Idempotency-Key'] ?? ''
        if (!moved.has(key)) moved.set(key, balances)
        if (dropNext) {
          // The transfer went through; its answer was lost on the way back.
          dropNext = false
          return 'network'
        }
        return moved.get(key)
      },
    })
    const { result } = renderWithClient(() => useTransferFund())

    await act(() => result.current.mutateAsync(input))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.failureCount).toBe(0)

    const keys = sent.filter((s) => s.path === transferPath).map((s) => s.headers['Idempotency-Key'])
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,128}$/)
    expect(keys[1]).toBe(keys[0])
    expect(moved.size).toBe(1)

    // The next transfer, even of the same amount, is a new one.
    await act(() => result.current.mutateAsync(input))
    const after = sent.filter((s) => s.path === transferPath).map((s) => s.headers['Idempotency-Key'])
    expect(after).toHaveLength(3)
    expect(after[2]).not.toBe(keys[0])
    expect(moved.size).toBe(2)
  })

  test('a gateway 502/503/504 and a timeout are retried with the same key', async () => {
    const gateway = (status: number) => new Response('<html>bad gateway</html>', { status })
    const answers: unknown[] = [gateway(502), gateway(503), gateway(504), balances]
    const sent = stubMoneyApi(moneyAnswers(), { [transferPath]: () => answers.shift() })
    const { result } = renderWithClient(() => useTransferFund())

    await act(() => result.current.mutateAsync(input))

    const keys = sent.filter((s) => s.path === transferPath).map((s) => s.headers['Idempotency-Key'])
    expect(keys).toHaveLength(4)
    expect(new Set(keys).size).toBe(1)
  })

  test('a business error is final: sent once, shown at once', async () => {
    const sent = stubMoneyApi(moneyAnswers(), {
      [transferPath]: () => ({ fail: { status: 400, errorCode: 'insufficient_balance' } }),
    })
    const { result } = renderWithClient(() => useTransferFund())

    await act(() => result.current.mutateAsync(input).catch(() => undefined))

    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError))
    expect((result.current.error as ApiError).errorCode).toBe('insufficient_balance')
    expect(sent.filter((s) => s.path === transferPath)).toHaveLength(1)
  })

  test('a 503 that carries a business errorCode is not retried', async () => {
    const sent = stubMoneyApi(moneyAnswers(), {
      [transferPath]: () => ({ fail: { status: 503, errorCode: 'vendor_under_maintenance' } }),
    })
    const { result } = renderWithClient(() => useTransferFund())

    await act(() => result.current.mutateAsync(input).catch(() => undefined))

    await waitFor(() => expect((result.current.error as ApiError).errorCode).toBe('vendor_under_maintenance'))
    expect(sent.filter((s) => s.path === transferPath)).toHaveLength(1)
  })

  test('when the retries are spent the error shows, and a retry by hand sends the same key', async () => {
    let calls = 0
    const sent = stubMoneyApi(moneyAnswers(), {
      [transferPath]: () => (++calls <= 1 + idempotentRetries ? 'network' : balances),
    })
    const { result } = renderWithClient(() => useTransferFund())

    await act(() => result.current.mutateAsync(input).catch(() => undefined))
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError))
    expect((result.current.error as ApiError).errorCode).toBe('network_error')
    expect(calls).toBe(1 + idempotentRetries)

    await act(() => result.current.mutateAsync(input))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))

    const keys = sent.filter((s) => s.path === transferPath).map((s) => s.headers['Idempotency-Key'])
    expect(keys).toHaveLength(2 + idempotentRetries)
    expect(new Set(keys).size).toBe(1)
  })

  test('another input after a failure gets a new key, which a retry of it reuses', async () => {
    const sent = stubMoneyApi(moneyAnswers(), { [transferPath]: () => 'network' })
    const { result } = renderWithClient(() => useTransferFund())

    await act(() => result.current.mutateAsync(input).catch(() => undefined))
    await act(() => result.current.mutateAsync({ ...input, amount: '30' }).catch(() => undefined))
    await act(() => result.current.mutateAsync({ ...input, amount: '30' }).catch(() => undefined))

    const keys = sent.filter((s) => s.path === transferPath).map((s) => s.headers['Idempotency-Key'])
    const tries = 1 + idempotentRetries
    expect(keys).toHaveLength(3 * tries)
    expect(new Set(keys.slice(0, tries)).size).toBe(1)
    expect(keys[tries]).not.toBe(keys[0])
    expect(new Set(keys.slice(tries)).size).toBe(1)
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
    await act(() => result.current.sweep.mutateAsync({}))

    const transferKeys = sent.filter((s) => s.path === transferPath).map((s) => s.headers['Idempotency-Key'])
    const sweepKeys = sent.filter((s) => s.path === sweepPath).map((s) => s.headers['Idempotency-Key'])
    expect(sweepKeys).toHaveLength(2)
    expect(sweepKeys[1]).toBe(sweepKeys[0])
    expect(sweepKeys[0]).not.toBe(transferKeys[0])
  })
})

describe('writes without a key', () => {
  test('are never retried on their own: a network drop shows at once', async () => {
    const removePath = '/wps/relay/CSP_deleteInbox'
    const sent = stubMoneyApi(moneyAnswers(), { [removePath]: () => 'network' })
    const { result } = renderWithClient(() => useRemoveMessages())

    await act(() => result.current.mutateAsync({ ids: [1] }).catch(() => undefined))

    await waitFor(() => expect((result.current.error as ApiError).errorCode).toBe('network_error'))
    expect(sent.filter((s) => s.path === removePath)).toHaveLength(1)
  })
})

describe('the retry rule', () => {
  test('transport failures only', () => {
    expect(transportFailure(new ApiError('network_error', 0, ''))).toBe(true)
    expect(transportFailure(new ApiError('timeout_retry_please', 504, ''))).toBe(true)
    expect(transportFailure(new ApiError('service_unavailable', 502, ''))).toBe(true)
    expect(transportFailure(new ApiError('service_unavailable', 500, ''))).toBe(false)
    expect(transportFailure(new ApiError('insufficient_balance', 400, ''))).toBe(false)
    expect(transportFailure(new Error('boom'))).toBe(false)
  })

  test('backs off 1 s, 2 s, 4 s (up to a quarter more), never past 10 s', () => {
    for (const [attempt, base] of [
      [0, 1000],
      [1, 2000],
      [2, 4000],
    ] as const) {
      const d = mutationBackoff(attempt)
      expect(d).toBeGreaterThanOrEqual(base)
      expect(d).toBeLessThanOrEqual(base * 1.25)
    }
    expect(mutationBackoff(10)).toBeLessThanOrEqual(10_000)
  })
})
