import { defineConfig } from 'vitest/config';
import { addinConfig } from './addin/vite/addin-config.ts';

// One config for the add-in build (Vite) and the test suite (Vitest). The add-in part (root
// addin/taskpane, output dist/addin, dev server https://localhost:3000) is left out when Vitest
// runs: its root would hide test/ from the suite.
export default defineConfig(async ({ command, mode }) => ({
  ...(mode === 'test' || process.env.VITEST ? {} : await addinConfig(command)),
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Threads: about 10% faster than forks here; every test passes in them (none changes the working directory).
    pool: 'threads',
    // Four workers on two cores: many tests wait on a sandbox's latency or a Retry-After, and others use
    // the CPU meanwhile (137 s with two workers, 76 s with four).
    maxWorkers: 4,
  },
}));
