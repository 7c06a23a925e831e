import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

export { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * zod turns `x.nullable()` into `anyOf: [x, {type: 'null'}]`, which fast-json-stringify serves by
 * validating the value against each branch with Ajv on every reply (tens of µs for an object).
 * Rewritten as `x` with `nullable: true`, the same output is produced without validation.
 */
export function withNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullable);
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as Record<string, unknown>;
  const anyOf = s.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const isNull = (x: unknown) => (x as { type?: unknown })?.type === 'null';
    const other = anyOf.find((x) => !isNull(x));
    if (anyOf.some(isNull) && other && typeof other === 'object' && !('anyOf' in other)) {
      const { anyOf: _drop, ...rest } = s;
      return { ...rest, ...(withNullable(other) as object), nullable: true };
    }
  }
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, withNullable(v)]));
}

/** A fast serialiser of a zod schema: fields outside the schema never leave the server. */
export function compileSerializer(schema: z.ZodType): (value: unknown) => string {
  const json = z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'any' });
  return fastJson(withNullable(json) as Parameters<typeof fastJson>[0]);
}

/**
 * Replies are serialised from the JSON Schema of the route's zod response schema, compiled on the
 * route's first reply rather than at start (about 250 routes: a third of a cold start went there).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let serialize: ((value: unknown) => string) | undefined;
  return (value: unknown) => {
    serialize ??= compileSerializer(schema);
    return serialize(value);
  };
};
