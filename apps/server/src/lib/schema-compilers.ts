import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

export { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * Replies are serialised by fast-json-stringify from the JSON Schema of the route's zod response
 * schema: fields outside the schema never leave the server, and serialisation stays fast.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const json = z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'any' });
  return fastJson(json as Parameters<typeof fastJson>[0]);
};

export type { FastifySchemaCompiler };
