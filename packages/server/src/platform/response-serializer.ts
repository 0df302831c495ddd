import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
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

/** Where an answer departs from its schema: the path into the answer and zod's message. */
export interface ContractIssue {
  path: string;
  message: string;
}

/**
 * A sampled check of production answers against the contract: the fast serializer writes what the
 * schema declares and coerces what does not fit (`null` in a number field becomes `0`), so a presenter
 * that breaks the contract would otherwise go unnoticed outside the tests.
 */
export interface ResponseCheck {
  /** The share of answers checked, 0 (none) to 1 (all). */
  sample: number;
  /** Told of each checked answer that does not match its schema (after it was written). */
  mismatch(route: string, issues: ContractIssue[]): void;
  /** Draws a number in [0, 1) per answer; `Math.random` unless a test fixes it. */
  random?: () => number;
}

/** The mismatches counted per app (tests build several in one process). */
const mismatchCounts = new WeakMap<FastifyInstance, { count: number }>();

/**
 * The production check of `app`: checks `sample` of the answers, logs a mismatch as a warning with the
 * route and where in the answer it is, and counts it (`responseContractMismatches`).
 */
export function contractCheck(app: FastifyInstance, sample: number): ResponseCheck {
  const counted = { count: 0 };
  mismatchCounts.set(app, counted);
  return {
    sample,
    mismatch(route, issues) {
      counted.count += 1;
      app.log.warn({ route, issues }, 'an answer does not match its contract');
    },
  };
}

/** How many checked answers of `app` did not match their schema so far (for the metrics). */
export function responseContractMismatches(app: FastifyInstance): number {
  return mismatchCounts.get(app)?.count ?? 0;
}

/** At most this many issues of one answer are reported: a list of wrong items repeats one mistake. */
const maxIssues = 10;

/** Checks `data` against `schema` off the request's path (after the answer is on its way). */
function checkLater(schema: ZodType, data: unknown, route: string, check: ResponseCheck): void {
  setImmediate(() => {
    const result = z.safeEncode(schema, data);
    if (result.success) return;
    check.mismatch(
      route,
      result.error.issues.slice(0, maxIssues).map((issue) => ({
        path: issue.path.map(String).join('.') || '(the answer)',
        message: issue.message,
      })),
    );
  });
}

/**
 * The answers' serializer compiler. Each route's serializer is compiled on its first answer (a start
 * compiles none). With `verify` (the API tests) every answer is also encoded by zod and the two must
 * agree, so that the fast path never writes other fields or values than the contract's schema. Without
 * it, `check` compares a sample of the answers with their schema after they are written.
 */
export function responseSerializerCompiler(options: {
  verify: boolean;
  check?: ResponseCheck | undefined;
}): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const zod = zodSerializerCompiler(route as never) as Serialize;
    const { check } = options;
    const sampled = !options.verify && check !== undefined && check.sample > 0 ? check : undefined;
    const random = sampled?.random ?? Math.random;
    const name = `${route.method} ${route.url}`;
    let fast: Serialize | null | undefined;
    return (data: unknown) => {
      if (fast === undefined) fast = compileFast(route.schema);
      if (!fast) return zod(data);
      if (!options.verify) {
        if (sampled && random() < sampled.sample) checkLater(route.schema, data, name, sampled);
        return fast(data);
      }
      const expected = zod(data);
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`${name}: the fast serializer wrote ${written}, zod ${expected}`);
      }
      return written;
    };
  };
}
