/**
 * A brand's themeColor becomes --brand with the text colour that reads on it: white on a
 * dark colour, the theme's dark text on a light one, never below 4.5:1; a value that is
 * not a colour changes nothing.
 */
import { describe, expect, test } from 'vitest'
import { brandColors, brandStyle, contrastRatio } from '#contract/brand-colors'

describe('brand colours', () => {
  test('white text on a dark brand, dark text on a light one', () => {
    expect(brandColors('#0e7c66')).toEqual({ brand: '#0e7c66', brandFg: '#ffffff' })
    expect(brandColors('#FFD400')).toEqual({ brand: '#ffd400', brandFg: '#000000' })
    expect(brandColors('#fff')).toEqual({ brand: '#ffffff', brandFg: '#000000' })
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
    expect(brandStyle('#ffd400')).toBe('--brand:#ffd400;--brand-fg:#000000')
  })
})
