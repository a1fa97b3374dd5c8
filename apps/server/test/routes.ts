import { z } from 'zod';
import { calls } from '../src/calls/index.ts';
import type { AnyCall } from '../src/calls/registry.ts';
import type { Access } from '../src/lib/access.ts';
import { notificationRoutes } from '../src/lib/notification-hub.ts';

/** One route of the API: a call's own, a list's export, or a plain route declared beside the registry. */
export interface Route {
  method: 'GET' | 'POST';
  url: string;
  access: Access;
  call?: AnyCall;
}

export const routesOf = (call: AnyCall): Route[] => [
  { method: call.method, url: `/api/${call.name}`, access: call.access, call },
  ...(call.list
    ? [{ method: 'GET' as const, url: `/api/${call.name}/export`, access: call.access, call }]
    : []),
];

/** Every route the API serves behind the call registry and the modules' plain routes. */
export const allRoutes: Route[] = [...calls.flatMap(routesOf), ...notificationRoutes];

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** The top-level parameters of a call, from its zod input schema: each with its schema, and which are required. */
export function parametersOf(call: AnyCall): { schemas: Map<string, JsonSchema>; required: Set<string> } {
  const root = z.toJSONSchema(call.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const schemas = new Map<string, JsonSchema>();
  const required = new Set<string>();
  const walk = (s: JsonSchema) => {
    for (const [key, value] of Object.entries(s.properties ?? {}))
      if (!schemas.has(key)) schemas.set(key, value);
    for (const key of s.required ?? []) required.add(key);
    for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(branch);
  };
  walk(root);
  return { schemas, required };
}
