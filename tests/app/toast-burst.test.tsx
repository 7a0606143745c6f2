import { act, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { Toasts } from '#src/components/ui/toasts.tsx'
import { dismissToast, maxToasts, showToast } from '#src/lib/toast-store.ts'

const shown: number[] = []

afterEach(() => {
  act(() => {
    for (const id of shown.splice(0)) dismissToast(id)
  })
})

describe('a burst of toasts', () => {
  test('the same message again is counted on the one showing', async () => {
    render(<Toasts dismissLabel="Dismiss" />)
    act(() => {
      for (let i = 0; i < 15; i++) shown.push(showToast('Contract payment received', 'info', 0))
    })
    const stack = await screen.findByRole('status')
    expect(within(stack).getAllByRole('button', { name: 'Dismiss' })).toHaveLength(1)
    expect(stack.textContent).toContain('Contract payment received ×15')
  })

  test(`never more than ${maxToasts} show at once, the newest kept`, async () => {
    render(<Toasts dismissLabel="Dismiss" />)
    act(() => {
      for (let i = 1; i <= 6; i++) shown.push(showToast(`Payment ${i} received`, 'info', 0))
    })
    const stack = await screen.findByRole('status')
    expect(within(stack).getAllByRole('button', { name: 'Dismiss' })).toHaveLength(maxToasts)
    expect(stack.textContent).not.toContain('Payment 3 received')
    expect(stack.textContent).toContain('Payment 4 received')
    expect(stack.textContent).toContain('Payment 6 received')
  })
})
