import { render, screen } from '@testing-library/react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, test } from 'vitest'
import { drawingClass, Staged, takeOverScreen, takeoverStage } from '#src/lib/takeover-stages.tsx'

function Page() {
  return (
    <main>
      <h1>Frame</h1>
      <Staged at={takeoverStage.header}>
        <p>Header</p>
      </Staged>
      <Staged at={takeoverStage.page}>
        <p>Page</p>
      </Staged>
      <Staged at={takeoverStage.lead}>
        <p>Banners</p>
      </Staged>
      <Staged at={takeoverStage.main}>
        <p>Notices</p>
      </Staged>
      <Staged at={takeoverStage.more}>
        <p>More</p>
      </Staged>
      <Staged at={takeoverStage.rest}>
        <p>Rows</p>
      </Staged>
    </main>
  )
}

/** Tasks the test ends one at a time, so each stage can be looked at before the next. */
function taskQueue() {
  const waiting: (() => void)[] = []
  return {
    next: () => new Promise<void>((resolve) => waiting.push(resolve)),
    async end() {
      const resolve = waiting.shift()
      if (!resolve) throw new Error('no task is waiting')
      resolve()
      // The stage's redraw (a microtask) lands before the test looks.
      for (let i = 0; i < 5; i++) await Promise.resolve()
    },
  }
}

const texts = (el: Element) => [...el.querySelectorAll('h1, p')].map((p) => p.textContent)

afterEach(() => {
  document.body.innerHTML = ''
})

describe('taking over the server’s first screen', () => {
  test('outside a takeover, every staged part draws at once', () => {
    render(<Page />)
    expect(screen.getByText('Rows')).toBeTruthy()
    expect(screen.getByText('Header')).toBeTruthy()
  })

  test('draws the frame, then one stage per task, the server’s screen showing until the last', async () => {
    document.body.innerHTML = '<div id="root"><p>Server screen</p></div>'
    const server = document.getElementById('root')!
    let root: ReturnType<typeof createRoot> | undefined
    const tasks = taskQueue()
    let done = false
    const running = takeOverScreen(
      server,
      (container) => {
        root = createRoot(container)
        root.render(<Page />)
      },
      tasks.next,
    ).then(() => {
      done = true
    })

    // The app's page is #root from the start, hidden after the server's screen.
    const app = document.getElementById('root')!
    expect(app).not.toBe(server)
    expect(app.classList.contains(drawingClass)).toBe(true)
    expect(server.nextElementSibling).toBe(app)
    expect(texts(app)).toEqual(['Frame'])
    await tasks.end()
    expect(texts(app)).toEqual(['Frame', 'Header'])
    await tasks.end()
    expect(texts(app)).toEqual(['Frame', 'Header', 'Page'])
    await tasks.end()
    expect(texts(app)).toEqual(['Frame', 'Header', 'Page', 'Banners'])
    await tasks.end()
    expect(texts(app)).toEqual(['Frame', 'Header', 'Page', 'Banners', 'Notices'])
    await tasks.end()
    expect(texts(app)).toEqual(['Frame', 'Header', 'Page', 'Banners', 'Notices', 'More'])
    // Every part is drawn, still out of sight; the swap is a task of its own.
    await tasks.end()
    expect(texts(app)).toEqual(['Frame', 'Header', 'Page', 'Banners', 'Notices', 'More', 'Rows'])
    expect(server.isConnected).toBe(true)
    expect(screen.getByText('Server screen')).toBeTruthy()
    expect(app.classList.contains(drawingClass)).toBe(true)

    await tasks.end()
    await running
    expect(done).toBe(true)
    expect(document.querySelectorAll('#root')).toHaveLength(1)
    expect(server.isConnected).toBe(false)
    expect(screen.queryByText('Server screen')).toBeNull()
    expect(app.classList.contains(drawingClass)).toBe(false)

    // A part mounted after the takeover draws at once.
    root!.render(
      <>
        <Page />
        <Staged at={takeoverStage.rest}>
          <p>Later</p>
        </Staged>
      </>,
    )
    await Promise.resolve()
    expect(screen.getByText('Later')).toBeTruthy()
    root!.unmount()
  })

  test('a frame that cannot be drawn leaves the server’s screen as it was', async () => {
    document.body.innerHTML = '<div id="root"><p>Server screen</p></div>'
    const server = document.getElementById('root')!
    const tasks = taskQueue()
    const running = takeOverScreen(
      server,
      () => {
        throw new Error('no route')
      },
      tasks.next,
    )
    await expect(running).rejects.toThrow('no route')
    expect(document.querySelectorAll('#root')).toHaveLength(1)
    expect(document.getElementById('root')).toBe(server)
    expect(screen.getByText('Server screen')).toBeTruthy()
    // What draws after it is not held back by a stage.
    render(<Page />)
    expect(screen.getByText('Rows')).toBeTruthy()
  })
})
