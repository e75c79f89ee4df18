import { defineConfig } from 'vitest/config';

// One config for the add-in build (Vite) and the test suite (Vitest).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
