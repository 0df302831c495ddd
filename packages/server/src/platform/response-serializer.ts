import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type Serialize = (data: unknown) => string;

/**
 * A serializer compiled from the answer's JSON Schema (fast-json-stringify, what Fastify uses by
 * default): like zod's encoding it writes only the declared fields, but in one pass instead of a zod
 * run over the whole answer first, which was a fifth of a stream request's time in the server. A schema
 * JSON Schema cannot express stays with zod. Null when there is none to compile.
 */
function compileFast(schema: ZodType): Serialize | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJson(json as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return null;
  }
}

/**
 * The answers' serializer compiler. Each route's serializer is compiled on its first answer (a start
 * compiles none). With `verify` (the API tests) every answer is also encoded by zod and the two must
 * agree, so that the fast path never writes other fields or values than the contract's schema.
 */
export function responseSerializerCompiler(options: { verify: boolean }): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const zod = zodSerializerCompiler(route as never) as Serialize;
    let fast: Serialize | null | undefined;
    return (data: unknown) => {
      if (fast === undefined) fast = compileFast(route.schema);
      if (!fast) return zod(data);
      if (!options.verify) return fast(data);
      const expected = zod(data);
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url}: the fast serializer wrote ${written}, zod ${expected}`,
        );
      }
      return written;
    };
  };
}
