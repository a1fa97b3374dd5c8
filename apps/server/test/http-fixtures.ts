import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { TestApp } from './helpers.ts';

/** An answer read over HTTP: its status, its JSON and its text. */
export interface Answer {
  status: number;
  body: { message?: string; errors?: Record<string, string> };
  text: string;
}

/**
 * The test app listening on a port of its own (closed with it), and a POST to it over real HTTP:
 * `body` is sent as it is when a string, else as JSON.
 */
export async function overHttp(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return async function post(call: string, body: unknown, token: string): Promise<Answer> {
    const res = await fetch(`${base}/api/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) as Answer['body'], text };
  };
}
export type Post = Awaited<ReturnType<typeof overHttp>>;

/** A sentence for a person ('field: ' before it at most): no zod wording, no SQL, no stack. */
const PLAIN = /^(\w+: )?[A-Z][^\n]*$/;
const RAW = /invalid input|expected|received|NaN|violat|constraint|relation|syntax|at .*\.ts/i;

/** The answer is one of `statuses`, with a plain message. */
export function expectRefusal(answer: Answer, statuses: number[], what: string) {
  expect(statuses, `${what}: ${answer.text}`).toContain(answer.status);
  expect(answer.body.message, `${what}: ${answer.text}`).toMatch(PLAIN);
  expect(answer.text, what).not.toMatch(RAW);
}

export const noServerErrors = (answers: Answer[]) =>
  expect(answers.filter((a) => a.status >= 500).map((a) => `${a.status} ${a.text}`)).toEqual([]);
