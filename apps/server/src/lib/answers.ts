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
  return fastJson(json as Parameters<typeof fastJson>[0]);
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
