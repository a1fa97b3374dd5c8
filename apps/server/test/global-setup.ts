import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
  }
}

/**
 * One PostgreSQL server for the run: the one in DATABASE_URL when set, otherwise an embedded one in a
 * temporary directory. Each test file creates its own fresh database on it.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('serverUrl', process.env.DATABASE_URL);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-test-pg-'));
  fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as the postgres user and must reach its directory
  const embedded = await startEmbeddedPostgres(path.join(dir, 'postgres'));
  project.provide('serverUrl', embedded.url);
  return async () => {
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
