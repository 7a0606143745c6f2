import { render, screen } from '@testing-library/react'
import { lazy, Suspense } from 'react'
import { expect, it, vi } from 'vitest'
import { QuietBoundary } from '#src/components/ui/quiet-boundary.tsx'

it('leaves out a part whose code cannot load, and keeps the rest of the page', async () => {
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const Card = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
  render(
    <div>
      <QuietBoundary>
        <Suspense fallback={<p>loading</p>}>
          <Card />
        </Suspense>
      </QuietBoundary>
      <nav aria-label="Member centre menu">pages</nav>
    </div>,
  )
  expect(await screen.findByRole('navigation', { name: 'Member centre menu' })).toBeTruthy()
  await vi.waitFor(() => expect(screen.queryByText('loading')).toBeNull())
  expect(screen.getByRole('navigation').parentElement?.childElementCount).toBe(1)
  quiet.mockRestore()
})
