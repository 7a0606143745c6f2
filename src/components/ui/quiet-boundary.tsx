import { Component, type ReactNode } from 'react'

/**
 * Shows nothing in place of a part that failed (its code could not load, offline after a
 * new version, say), so the rest of the page stays: for extras such as the member centre's
 * cards, whose absence loses nothing the page cannot do without.
 */
export class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children
  }
}
