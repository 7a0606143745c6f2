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
      ],
    },
    // The money pages load lazily, and so do their messages (src/lib/i18n.ts loadSectionCatalog).
    {
      path: '<rootDir>/src/locales/{locale}/money',
      include: ['<rootDir>/src/features/money'],
    },
  ],
})
