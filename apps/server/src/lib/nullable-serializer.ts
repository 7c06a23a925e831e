// The app-wide serializer compiler now serves nullable values without Ajv; kept as an alias until
// the IoT scopes stop setting it explicitly.
export { compileSerializer, serializerCompiler as nullableSerializerCompiler, withNullable } from './schema-compilers.ts';
