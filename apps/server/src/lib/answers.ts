import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Compiles a call's declared answer (a zod schema from the contract) into Fastify's schema serializer,
 * fast-json-stringify: it writes only the declared fields, in their declared types (a Date as an ISO
 * timestamp), and is quicker than JSON.stringify because it knows the shape in advance.
 */
export function compileAnswer({ schema }: { schema: unknown }): (data: unknown) => string {
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'output', unrepresentable: 'any' });
  delete json.$schema;
  return fastJson(plainNullables(json) as Parameters<typeof fastJson>[0]);
}

type JsonSchema = { [key: string]: unknown };
const PLAIN_TYPES = new Set(['integer', 'number', 'boolean', 'string']);

/**
 * A nullable number, boolean or plain string comes out of zod as `anyOf: [{type, ...}, {type: 'null'}]`,
 * which fast-json-stringify decides per value by running a validator: most of a wide row's cost, and
 * sometimes slower than JSON.stringify (bench/results/serialization-2026-11-25.md). Written as
 * `type: [type, 'null']` it is decided by a typeof check, with the same output. Formats (a timestamp's
 * date-time turns a Date into text) keep their anyOf.
 */
function plainNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(plainNullables);
  if (node === null || typeof node !== 'object') return node;
  const schema = node as JsonSchema;
  const [first, second] = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : [];
  if (schema.anyOf && (schema.anyOf as unknown[]).length === 2 && second?.type === 'null') {
    const type = first?.type;
    if (typeof type === 'string' && PLAIN_TYPES.has(type) && first!.format === undefined) {
      const { anyOf: _anyOf, ...rest } = schema;
      return { ...rest, type: [type, 'null'] };
    }
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, plainNullables(value)]));
}

/**
 * Why an answer does not match its declaration, or null when it does. The answer is read as the
 * serializer would see it on the wire (a Date as its ISO text); fields the declaration leaves out are
 * fine (the serializer drops them).
 */
export function answerMismatch(schema: z.ZodType, answer: unknown): string | null {
  const result = schema.safeParse(JSON.parse(JSON.stringify(answer ?? null)));
  return result.success ? null : z.prettifyError(result.error);
}
