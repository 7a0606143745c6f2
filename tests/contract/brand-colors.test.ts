/**
 * A brand's themeColor becomes --brand with the text colour that reads on it (white on a
 * dark colour, black on a light one) and a link colour that reads on white, never below
 * 4.5:1; a value that is not a colour changes nothing.
 */
import { describe, expect, test } from 'vitest'
import { brandColors, brandStyle, contrastRatio } from '#contract/brand-colors'

describe('brand colours', () => {
  test('white text on a dark brand, dark text on a light one', () => {
    expect(brandColors('#0e7c66')).toEqual({ brand: '#0e7c66', brandFg: '#ffffff', brandText: '#0e7c66' })
    expect(brandColors('#FFD400')).toMatchObject({ brand: '#ffd400', brandFg: '#000000' })
    expect(brandColors('#fff')).toMatchObject({ brand: '#ffffff', brandFg: '#000000' })
  })

  test('as link text on white it stays the brand when it reads, else darkens just enough', () => {
    expect(brandColors('#0e7c66')?.brandText).toBe('#0e7c66')
    for (const c of ['#ffd400', '#ffffff', '#00ff00', '#7fdbff', '#ff851b']) {
      const text = brandColors(c)?.brandText ?? ''
      expect(contrastRatio(text, '#ffffff'), `${c} -> ${text}`).toBeGreaterThanOrEqual(4.5)
      // Darkened, not replaced: the red, green and blue keep their proportions.
      expect(text, c).not.toBe('#000000')
    }
  })

  test('the chosen text reaches 4.5:1 on any colour', () => {
    for (const c of [
      '#000000',
      '#777777',
      '#808080',
      '#ff0000',
      '#00ff00',
      '#0000ff',
      '#e91e63',
      '#7a7a7a',
    ]) {
      const colours = brandColors(c)
      expect(colours, c).not.toBeNull()
      expect(contrastRatio(colours?.brand ?? '', colours?.brandFg ?? ''), c).toBeGreaterThanOrEqual(4.5)
    }
  })

  test('a value that is not a hex colour changes nothing', () => {
    for (const bad of ['red', '', '#12345', '#gggggg', 'url(x)', '#0e7c66;color:red', undefined]) {
      expect(brandColors(bad), String(bad)).toBeNull()
      expect(brandStyle(bad)).toBe('')
    }
    expect(brandStyle('#ffd400')).toBe('--brand:#ffd400;--brand-fg:#000000;--brand-text:#8c7500')
  })
})
