import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { propertyApi, type ApiCall } from '@app/contract';
import type { Env } from './entity-fixtures.ts';

/**
 * The listing and media tests read each answer against the call's declaration (decision 36): it parses
 * with the declaration made strict at every level (no field the declaration leaves out, none missing,
 * each of its declared type), and its fields come in the declared order (the required fields in schema
 * order, then the optional ones, as the serializer writes them), whatever writes the answer.
 */
export function expectAnswer(schema: z.ZodType, answer: unknown) {
  expect(strictly(schema).safeParse(answer).error).toBeUndefined();
  expect(outOfOrder(schema, answer)).toEqual([]);
}

/** The schema with every object in it strict. */
function strictly(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject)
    return z.strictObject(
      Object.fromEntries(Object.entries(schema.shape).map(([k, v]) => [k, strictly(v as z.ZodType)])),
    );
  if (schema instanceof z.ZodArray) return z.array(strictly(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strictly(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strictly(schema.unwrap() as z.ZodType).optional();
  return schema;
}

/** Where the answer's keys are not in the order the serializer writes the schema's fields. */
function outOfOrder(schema: z.ZodType, value: unknown, at = '$'): string[] {
  if (value === null || value === undefined) return [];
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional)
    return outOfOrder(schema.unwrap() as z.ZodType, value, at);
  if (schema instanceof z.ZodArray && Array.isArray(value))
    return value.flatMap((v, i) => outOfOrder(schema.element as z.ZodType, v, `${at}[${i}]`));
  if (!(schema instanceof z.ZodObject) || typeof value !== 'object') return [];
  const fields = Object.entries(schema.shape as Record<string, z.ZodType>);
  const optional = (s: z.ZodType) => s instanceof z.ZodOptional;
  const order = [...fields.filter(([, s]) => !optional(s)), ...fields.filter(([, s]) => optional(s))].map(
    ([k]) => k,
  );
  const keys = Object.keys(value);
  const problems =
    keys.join() === order.filter((k) => keys.includes(k)).join() ? [] : [`${at}: ${keys.join()}`];
  return [
    ...problems,
    ...fields.flatMap(([k, s]) => outOfOrder(s, (value as Record<string, unknown>)[k], `${at}.${k}`)),
  ];
}

const declared: Partial<Record<string, ApiCall>> = propertyApi;

/** Checks the answer (when 200) of a listing or media call at `url` against its declaration. */
export function checkAnswer<R extends LightMyRequestResponse>(url: string, res: R): R {
  const call = declared[new URL(url, 'http://server').pathname.replace(/^\/api\//, '')];
  if (call && res.statusCode === 200) expectAnswer(call.response, res.json());
  return res;
}

/** The test app's `get` and `post`, each answer of a listing or media call checked by checkAnswer. */
export function checkingAnswers(env: Env): Env {
  const { get, post } = env;
  env.get = async (url, token) => checkAnswer(url, await get(url, token));
  env.post = async (call, payload, token) => checkAnswer(`/api/${call}`, await post(call, payload, token));
  return env;
}
