import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import S3rver from 's3rver';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

/** An S3-protocol server for the media tests run against a bucket (TEST_MEDIA_STORE=s3, test/s3/). */
async function startS3(project: TestProject) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-test-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  project.provide('s3Endpoint', `http://127.0.0.1:${port}`);
  project.provide('s3Directory', directory);
  return async () => {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    /** The S3-protocol server of the run (s3rver, on the loopback) and the folder it serves from. */
    s3Endpoint: string;
    s3Directory: string;
  }
}

/**
 * One PostgreSQL server for the run: the one in DATABASE_URL when set, otherwise an embedded one in a
 * temporary directory. Each test file creates its own fresh database on it.
 */
export default async function setup(project: TestProject) {
  const stopS3 = await startS3(project);
  if (process.env.DATABASE_URL) {
    project.provide('serverUrl', process.env.DATABASE_URL);
    return stopS3;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-test-pg-'));
  fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as the postgres user and must reach its directory
  const embedded = await startEmbeddedPostgres(path.join(dir, 'postgres'));
  project.provide('serverUrl', embedded.url);
  return async () => {
    await stopS3();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
