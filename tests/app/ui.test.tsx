import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, test, vi } from 'vitest'
import { formatMinor } from '#contract/money'
import { BalanceDisplay } from '#src/components/ui/balance-display.tsx'
import { Modal } from '#src/components/ui/modal.tsx'
import { Pagination, pageItems } from '#src/components/ui/pagination.tsx'
import { NoticePopup } from '#src/features/notify/components/notice-popup.tsx'
import { sanitizeHtml } from '#src/lib/sanitize.ts'
import { notice } from './fixtures'
import { renderUi } from './render'

const labels = {
  nav: 'Pages',
  previous: 'Previous page',
  next: 'Next page',
  page: (n: number) => `Page ${n}`,
}

describe('pagination', () => {
  test('shows a range of 3 around the current page and 1 page at each end, with gaps', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, null, 10])
    expect(pageItems(5, 10)).toEqual([1, null, 4, 5, 6, null, 10])
    expect(pageItems(10, 10)).toEqual([1, null, 8, 9, 10])
    expect(pageItems(3, 4)).toEqual([1, 2, 3, 4])
    expect(pageItems(1, 1)).toEqual([1])
  })

  test('marks the current page and moves by its buttons', async () => {
    const user = userEvent.setup()
    function Harness() {
      const [page, setPage] = useState(1)
      return <Pagination page={page} pageCount={5} onChange={setPage} labels={labels} />
    }
    render(<Harness />)
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page')
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')
    await user.click(screen.getByRole('button', { name: 'Page 5' }))
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true)
  })

  test('renders nothing for a single page', () => {
    const { container } = render(
      <Pagination page={1} pageCount={1} onChange={() => undefined} labels={labels} />,
    )
    expect(container.innerHTML).toBe('')
  })
})

describe('balance display', () => {
  const l = { balance: 'Balance', loading: 'refreshing', hidden: 'hidden' }

  const usd = { symbol: '$', decimals: 2 }
  const vnd = { symbol: '₫', decimals: 0 }

  test("formats minor units exactly with the currency's decimals and thousands separators", () => {
    expect(formatMinor('123456789', usd)).toBe('1,234,567.89')
    expect(formatMinor('5', usd)).toBe('0.05')
    expect(formatMinor('-100000', usd)).toBe('-1,000.00')
    expect(formatMinor('9007199254740993', usd)).toBe('90,071,992,547,409.93')
    expect(formatMinor('1500', vnd)).toBe('1,500')
    expect(formatMinor('123456', { decimals: 3 })).toBe('123.456')
  })

  test('shows the symbol and amount, *** when hidden, a placeholder while refreshing', () => {
    const { rerender } = render(
      <BalanceDisplay amountMinor="1234500" currency={usd} hidden={false} refreshing={false} labels={l} />,
    )
    expect(screen.getByLabelText('Balance: $12,345.00')).toBeTruthy()
    rerender(<BalanceDisplay amountMinor="1234500" currency={usd} hidden refreshing={false} labels={l} />)
    expect(screen.getByLabelText('Balance: hidden').textContent).toBe('***')
    rerender(<BalanceDisplay amountMinor="1234500" currency={usd} hidden={false} refreshing labels={l} />)
    expect(screen.getByRole('status', { name: 'Balance: refreshing' }).textContent).not.toContain('12,345')
    rerender(
      <BalanceDisplay amountMinor="100000" currency={vnd} hidden={false} refreshing={false} labels={l} />,
    )
    expect(screen.getByLabelText('Balance: ₫100,000')).toBeTruthy()
  })
})

describe('modal', () => {
  test('keeps focus inside, makes the page inert, closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup()
    function Harness() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            open
          </button>
          <Modal open={open} onClose={() => setOpen(false)} title="Box" closeLabel="Close">
            <button type="button">first</button>
            <button type="button">second</button>
          </Modal>
        </>
      )
    }
    // The app's page is #root; the dialog is drawn outside it.
    const page = document.body.appendChild(document.createElement('div'))
    page.id = 'root'
    render(<Harness />, { container: page })
    const opener = screen.getByRole('button', { name: 'open' })
    await user.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Box' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(page.contains(dialog)).toBe(false)
    // Focus moves in as the dialog shows (the next frame), onto the dialog itself; the page
    // behind is inert a task after it.
    await waitFor(() => expect(document.activeElement).toBe(dialog))
    await waitFor(() => expect(page.hasAttribute('inert')).toBe(true))
    // Shift+Tab from the dialog itself stays in it, on its last control.
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'second' }))
    dialog.focus()
    await user.tab()
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }))
    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'second' }))
    await user.tab()
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }))
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'second' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(page.hasAttribute('inert')).toBe(false)
    expect(document.activeElement).toBe(opener)
    page.remove()
  })

  /**
   * Runs `body` with animation frames and timers under the test's control, beside a page
   * `#root` that a modal makes inert; both are undone after, whatever happens.
   */
  function withFakeFrames(body: (page: HTMLElement) => void): void {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    })
    const page = document.body.appendChild(document.createElement('div'))
    page.id = 'root'
    try {
      body(page)
    } finally {
      page.remove()
      vi.useRealTimers()
    }
  }

  const quickModal = (open: boolean) => (
    <Modal open={open} onClose={() => undefined} title="Quick" closeLabel="Close">
      <button type="button">inside</button>
    </Modal>
  )

  test('keeps the focus where the player put it inside the dialog before focus moved in', () => {
    withFakeFrames((page) => {
      const { unmount } = render(quickModal(true), { container: page })
      act(() => vi.advanceTimersToNextFrame())
      const inside = screen.getByRole('button', { name: 'inside' })
      inside.focus()
      act(() => vi.advanceTimersToNextFrame())
      expect(screen.getByRole('dialog').getAttribute('data-state')).toBe('shown')
      expect(document.activeElement).toBe(inside)
      unmount()
    })
  })

  test('a modal closed before the page behind it turned inert leaves that page usable', () => {
    withFakeFrames((page) => {
      const { rerender, unmount } = render(quickModal(true), { container: page })
      // The dialog's first frame lays it out, still transparent; focus moves in at the next,
      // and the page turns inert in the task after that.
      act(() => vi.advanceTimersToNextFrame())
      expect(screen.getByRole('dialog').getAttribute('data-state')).toBe('overlay')
      act(() => vi.advanceTimersToNextFrame())
      expect(screen.getByRole('dialog').getAttribute('data-state')).toBe('shown')
      expect(document.activeElement).toBe(screen.getByRole('dialog'))
      expect(page.hasAttribute('inert')).toBe(false)
      rerender(quickModal(false))
      act(() => vi.runAllTimers())
      expect(page.hasAttribute('inert')).toBe(false)
      // Closed after its first frame and opened again: the new dialog gets its own first
      // frame, laid out before focus moves in (the first opening's next frame is cancelled).
      rerender(quickModal(true))
      act(() => vi.advanceTimersToNextFrame())
      rerender(quickModal(false))
      rerender(quickModal(true))
      act(() => vi.advanceTimersToNextFrame())
      expect(screen.getByRole('dialog').getAttribute('data-state')).toBe('overlay')
      rerender(quickModal(false))
      act(() => vi.runAllTimers())
      // Opened again and left open, the page behind does turn inert.
      rerender(quickModal(true))
      act(() => vi.advanceTimersToNextFrame())
      act(() => vi.advanceTimersToNextFrame())
      act(() => vi.runAllTimers())
      expect(page.hasAttribute('inert')).toBe(true)
      unmount()
    })
  })

  test('a modal that must not close on a background click stays open', async () => {
    const onClose = vi.fn()
    render(
      <Modal open onClose={onClose} title="Centre" closeLabel="Close" closeOnBackdrop={false}>
        body
      </Modal>,
    )
    const backdrop = screen.getByRole('dialog').parentElement as HTMLElement
    await act(async () => {
      backdrop.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    })
    expect(onClose).not.toHaveBeenCalled()
  })

  test('a background click closes an ordinary modal', async () => {
    const onClose = vi.fn()
    render(
      <Modal open onClose={onClose} title="Plain" closeLabel="Close">
        body
      </Modal>,
    )
    const backdrop = screen.getByRole('dialog').parentElement as HTMLElement
    await act(async () => {
      backdrop.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    })
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})

describe('notice popup', () => {
  test('numbers 7 notices a page and pages through the rest', async () => {
    const user = userEvent.setup()
    const notices = Array.from({ length: 9 }, (_, i) => notice(i + 1))
    await renderUi(<NoticePopup open notices={notices} onClose={() => undefined} />)
    const dialog = await screen.findByRole('dialog', { name: 'Announcement' })
    const list = within(dialog).getByRole('list')
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `${n}Announcement ${n}`))
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Announcement 1' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Page 2' }))
    const second = within(dialog).getByRole('list')
    expect(
      within(second)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['8Announcement 8', '9Announcement 9'])
    await user.click(within(second).getByRole('button', { name: 'Announcement 9' }))
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Announcement 9' })).toBeTruthy()
  })

  test('opened before its notices came, it shows they are loading, or that they need a connection', async () => {
    const { unmount } = await renderUi(
      <NoticePopup open notices={[]} state="loading" onClose={() => undefined} />,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Announcement' })
    expect(within(within(dialog).getByRole('status')).getByText('Loading')).toBeTruthy()
    expect(within(dialog).queryByText('There are no announcements right now.')).toBeNull()
    unmount()
    await renderUi(<NoticePopup open notices={[]} state="offline" onClose={() => undefined} />)
    const offline = await screen.findByRole('dialog', { name: 'Announcement' })
    expect(within(offline).getByText('You are offline. This needs an internet connection.')).toBeTruthy()
  })

  test('strips scripts, event handlers and javascript: links from the detail', async () => {
    const evil = notice(1, {
      content:
        '<p>Hi<script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"><a href="javascript:alert(1)">x</a><a href="https://example.com" target="_blank">ok</a></p>',
    })
    await renderUi(<NoticePopup open notices={[evil]} onClose={() => undefined} />)
    const dialog = await screen.findByRole('dialog', { name: 'Announcement' })
    const html = dialog.innerHTML
    expect(html).not.toContain('<script')
    expect(html).not.toContain('onerror')
    expect(html).not.toContain('javascript:')
    expect(within(dialog).getByRole('link', { name: 'ok' }).getAttribute('rel')).toBe('noopener noreferrer')
  })

  test('sanitizeHtml keeps ordinary formatting', () => {
    expect(sanitizeHtml('<p><strong>Bold</strong> and <em>em</em></p>')).toBe(
      '<p><strong>Bold</strong> and <em>em</em></p>',
    )
  })
})
