import { defineConfig } from '@lingui/cli'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['km', 'en', 'zh', 'th', 'vi'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        '**/node_modules/**',
        '<rootDir>/src/sw/**',
        '<rootDir>/src/contract/**',
        '<rootDir>/src/features/money/**',
        '<rootDir>/src/features/lottery/components/**',
        '<rootDir>/src/features/lottery/labels.ts',
      ],
    },
    // The lottery pages load lazily, and so do their messages (src/features/lottery/lottery-catalog.ts);
    // the home page's draw row (src/features/lottery/home) stays in the main catalog.
    {
      path: '<rootDir>/src/locales/{locale}/lottery',
      include: ['<rootDir>/src/features/lottery/components', '<rootDir>/src/features/lottery/labels.ts'],
    },
    // The money pages load lazily, and so do their messages (src/lib/i18n.ts loadSectionCatalog).
    {
      path: '<rootDir>/src/locales/{locale}/money',
      include: ['<rootDir>/src/features/money'],
    },
  ],
})
