import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/*/test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A file spends much of its time waiting on PostgreSQL and its own servers: one file per core keeps
    // the cores busy, where Vitest's default (one fewer) runs a two-core machine's files one by one
    // (decision 67).
    maxWorkers: os.availableParallelism(),
  },
});
