/**
 * Toasts never cover a prompt: with the notifications offer where the stack would sit (the
 * bottom of the screen), the stack moves to the top; with prompts at both ends it sits above
 * the bottom ones. jsdom lays nothing out, so the boxes are given.
 */
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { Toasts } from '#src/components/ui/toasts.tsx'
import { dismissToast, showToast } from '#src/lib/toast-store.ts'

const vh = 740
const vw = 360

function box(top: number, height: number): DOMRect {
  return { top, bottom: top + height, left: 0, right: vw, width: vw, height, x: 0, y: top } as DOMRect
}

/** Every `data-prompt` element takes the box its data-top/data-height say; the stack is 48 px tall. */
function layOut() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('toasts')) return box(0, 48)
    if (this.dataset.top) return box(Number(this.dataset.top), Number(this.dataset.height))
    return box(0, 0)
  })
}

let ids: number[] = []
afterEach(() => {
  ids.forEach(dismissToast)
  ids = []
  vi.restoreAllMocks()
})

function toastStack(): HTMLElement {
  return screen.getByRole('status')
}

describe('toasts and prompts', () => {
  test('with no prompt, the stack sits at the bottom', async () => {
    Object.assign(window, { innerHeight: vh, innerWidth: vw })
    layOut()
    render(<Toasts dismissLabel="Dismiss" />)
    act(() => void ids.push(showToast('Withdrawal requested', 'success', 0)))
    await screen.findByText('Withdrawal requested')
    expect(toastStack().dataset.place).toBe('bottom')
    expect(toastStack().style.bottom).toBe('12px')
  })

  test('the notifications offer at the bottom sends the stack to the top', async () => {
    Object.assign(window, { innerHeight: vh, innerWidth: vw })
    layOut()
    render(
      <>
        <section data-prompt="" data-top="600" data-height="120">
          <button type="button">Turn on notifications</button>
        </section>
        <Toasts dismissLabel="Dismiss" />
      </>,
    )
    act(() => void ids.push(showToast('Withdrawal requested', 'success', 0)))
    await screen.findByText('Withdrawal requested')
    await vi.waitFor(() => expect(toastStack().dataset.place).toBe('top'))
    expect(toastStack().style.top).toBe('12px')
  })

  test('a prompt arriving after the toast moves it too', async () => {
    Object.assign(window, { innerHeight: vh, innerWidth: vw })
    layOut()
    const { rerender } = render(<Toasts dismissLabel="Dismiss" />)
    act(() => void ids.push(showToast('Deposit requested', 'success', 0)))
    await screen.findByText('Deposit requested')
    expect(toastStack().dataset.place).toBe('bottom')
    rerender(
      <>
        <section data-prompt="" data-top="650" data-height="80" />
        <Toasts dismissLabel="Dismiss" />
      </>,
    )
    await vi.waitFor(() => expect(toastStack().dataset.place).toBe('top'))
  })

  test('prompts at both ends: the stack sits just above the bottom one', async () => {
    Object.assign(window, { innerHeight: vh, innerWidth: vw })
    layOut()
    render(
      <>
        <div data-prompt="" data-top="0" data-height="80" />
        <div data-prompt="" data-top="680" data-height="60" />
        <Toasts dismissLabel="Dismiss" />
      </>,
    )
    act(() => void ids.push(showToast('Saved', 'info', 0)))
    await screen.findByText('Saved')
    await vi.waitFor(() => expect(toastStack().style.bottom).toBe(`${vh - 680 + 12}px`))
    expect(toastStack().dataset.place).toBe('bottom')
  })
})
