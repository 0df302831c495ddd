import fc from 'fast-check';
import type { z } from 'zod';

/*
 * Reads the contract's zod 4 schemas from their definitions (`schema._zod.def`) to build requests the
 * schemas accept, and to know, at each place of such a request, which type and limits apply there.
 * Nothing here knows an endpoint: whatever the contract declares is read the same way.
 */

type Schema = z.ZodType;
interface CheckDef {
  check: string;
  [key: string]: unknown;
}
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [key: string]: unknown;
}

export function defOf(schema: Schema): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function bagOf(schema: Schema): Record<string, unknown> {
  return (schema as unknown as { _zod: { bag?: Record<string, unknown> } })._zod.bag ?? {};
}

/** What a schema's checks allow: lengths (strings, arrays), bounds (numbers), patterns and formats. */
export interface Rules {
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  int: boolean;
  patterns: RegExp[];
  format?: string;
}

export function rulesOf(schema: Schema): Rules {
  const rules: Rules = { int: false, patterns: [] };
  for (const check of defOf(schema).checks ?? []) {
    const d = check._zod.def;
    if (d.check === 'min_length') rules.minLength = d.minimum as number;
    else if (d.check === 'max_length') rules.maxLength = d.maximum as number;
    else if (d.check === 'length_equals') rules.minLength = rules.maxLength = d.length as number;
    else if (d.check === 'greater_than') {
      const value = d.value as number;
      rules.min = d.inclusive ? value : value + (rules.int ? 1 : Number.EPSILON);
    } else if (d.check === 'less_than') {
      const value = d.value as number;
      rules.max = d.inclusive ? value : value - (rules.int ? 1 : Number.EPSILON);
    } else if (d.check === 'number_format') {
      rules.int = ['safeint', 'int32', 'uint32'].includes(d.format as string);
      if (d.format === 'int32') {
        rules.min = Math.max(rules.min ?? -(2 ** 31), -(2 ** 31));
        rules.max = Math.min(rules.max ?? 2 ** 31 - 1, 2 ** 31 - 1);
      }
    } else if (d.check === 'string_format') {
      if (d.format && d.format !== 'regex') rules.format = d.format as string;
      if (d.pattern instanceof RegExp) rules.patterns.push(d.pattern);
    }
  }
  // `.int()` may come before `.positive()`: an exclusive bound of an integer is the next integer.
  if (rules.int && rules.min !== undefined) rules.min = Math.ceil(rules.min);
  if (rules.int && rules.max !== undefined) rules.max = Math.floor(rules.max);
  return rules;
}

/** The schema under the wrappers that do not change the JSON type a request carries there. */
export interface Core {
  schema: Schema;
  type: string;
  optional: boolean;
  nullable: boolean;
  /** The value may be left out: optional, or filled in by a default. */
  omittable: boolean;
  /** `z.stringbool()`: the strings it takes. */
  stringbool?: string[];
}

export function core(schema: Schema): Core {
  let current = schema;
  let optional = false;
  let nullable = false;
  let omittable = false;
  for (let guard = 0; guard < 50; guard += 1) {
    const def = defOf(current);
    const bag = bagOf(current);
    if (def.type === 'pipe' && Array.isArray(bag.truthy)) {
      const words = [...(bag.truthy as string[]), ...((bag.falsy as string[]) ?? [])];
      return { schema: current, type: 'stringbool', optional, nullable, omittable, stringbool: words };
    }
    switch (def.type) {
      case 'optional':
        optional = true;
        omittable = true;
        current = def.innerType as Schema;
        continue;
      case 'nullable':
        nullable = true;
        current = def.innerType as Schema;
        continue;
      case 'default':
      case 'prefault':
        omittable = true;
        current = def.innerType as Schema;
        continue;
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        current = def.innerType as Schema;
        continue;
      case 'lazy':
        current = (def.getter as () => Schema)();
        continue;
      case 'pipe':
        // The request carries the input side; a transform only shapes what the handler gets.
        current = def.in as Schema;
        continue;
      default:
        return { schema: current, type: def.type, optional, nullable, omittable };
    }
  }
  return { schema: current, type: 'unknown', optional, nullable, omittable };
}

/** Object keys and their schemas (an object's shape, or the keys of a record over an enum). */
export function shapeOf(schema: Schema): Record<string, Schema> | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape as Record<string, Schema>;
  return undefined;
}

export function enumValues(schema: Schema): unknown[] {
  const def = defOf(schema);
  if (def.type === 'enum') return Object.values(def.entries as Record<string, unknown>);
  if (def.type === 'literal') return [...(def.values as unknown[])];
  return [];
}

/** How values travel: JSON bodies keep their types, query strings and path parameters are strings. */
export type Mode = 'json' | 'query' | 'params';

export interface GenContext {
  /** Ids of rows that exist, so generated ids often name real things. */
  ids: number[];
}

const safeMax = Number.MAX_SAFE_INTEGER;

function numberArb(rules: Rules, ctx: GenContext): fc.Arbitrary<number> {
  if (rules.int) {
    const min = Math.max(rules.min ?? -safeMax, -safeMax);
    const max = Math.min(rules.max ?? safeMax, safeMax);
    const known = ctx.ids.filter((id) => id >= min && id <= max);
    const any = fc.integer({ min, max });
    return known.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, any) : any;
  }
  return fc.double({
    min: rules.min ?? -1e6,
    max: rules.max ?? 1e6,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function stringArb(rules: Rules): fc.Arbitrary<string> {
  const min = rules.minLength ?? 0;
  const max = rules.maxLength ?? 60;
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (rules.format === 'email') {
    return fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), fc.constantFrom('example.org', 'plaza.test'))
      .map(([local, domain]) => `${local}@${domain}`);
  }
  const pattern = rules.patterns[0];
  if (pattern) {
    const fallback = 'x'.repeat(Math.max(min, 1));
    return fc
      .stringMatching(pattern)
      .map((s) => (fits(s) ? s : fits(s.slice(0, max)) ? s.slice(0, max) : fallback));
  }
  const room = Math.min(max, min + 40);
  return (
    fc
      .oneof(
        { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: room }), weight: 4 },
        fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, Math.floor(room / 3)) }),
      )
      // A trimmed minimum counts what is left after trimming: lead with enough letters, then cut at the maximum.
      .map((s) => (s.trim().length < min ? `${'a'.repeat(min)}${s}` : s).slice(0, max))
  );
}

/**
 * Values the schema accepts (mostly: anything the schema refuses is caught by the test's oracle, which
 * runs the same schema over what was sent). Numbers stay numbers here; the caller turns query and path
 * values into strings.
 */
export function validArb(schema: Schema, ctx: GenContext, depth = 0): fc.Arbitrary<unknown> {
  const c = core(schema);
  const inner = baseArb(c, ctx, depth);
  return c.nullable ? fc.oneof({ arbitrary: inner, weight: 5 }, fc.constant(null)) : inner;
}

function baseArb(c: Core, ctx: GenContext, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const def = defOf(c.schema);
  const rules = rulesOf(c.schema);
  switch (c.type) {
    case 'stringbool':
      return fc.constantFrom(...(c.stringbool ?? ['true']));
    case 'string':
      return stringArb(rules);
    case 'number':
      return numberArb(rules, ctx);
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 1000n }).map(Number);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
    case 'literal':
      return fc.constantFrom(...enumValues(c.schema));
    case 'array': {
      const element = validArb(def.element as Schema, ctx, depth + 1);
      const minLength = rules.minLength ?? 0;
      const maxLength = Math.min(rules.maxLength ?? minLength + 3, minLength + 3);
      return fc.array(element, { minLength, maxLength });
    }
    case 'tuple':
      return fc.tuple(...(def.items as Schema[]).map((item) => validArb(item, ctx, depth + 1)));
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const arbs: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [key, value] of Object.entries(shape)) {
        arbs[key] = validArb(value, ctx, depth + 1);
        if (!core(value).omittable) required.push(key);
      }
      return fc.record(arbs, { requiredKeys: required });
    }
    case 'record': {
      const keyCore = core(def.keyType as Schema);
      const value = validArb(def.valueType as Schema, ctx, depth + 1);
      if (keyCore.type === 'enum' || keyCore.type === 'literal') {
        const keys = enumValues(keyCore.schema).map(String);
        const arbs = Object.fromEntries(keys.map((key) => [key, value]));
        return fc.record(arbs, { requiredKeys: def.partial ? [] : keys });
      }
      const key = stringArb({ ...rulesOf(keyCore.schema), minLength: 1, maxLength: 20 });
      return fc.dictionary(key, value, { maxKeys: 3 });
    }
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map((option) => validArb(option, ctx, depth + 1)));
    case 'intersection':
      return validArb(def.left as Schema, ctx, depth + 1);
    case 'never':
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    default:
      // unknown, any and whatever else: small JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** One place in a request value: its path, the schema that rules it there, and what it holds now. */
export interface Spot {
  path: (string | number)[];
  core: Core | undefined;
  value: unknown;
  /** The key can be removed (the value sits in an object). */
  inObject: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every place of a value, walking the schema alongside (unions: the first option that accepts the value). */
export function spotsOf(schema: Schema | undefined, value: unknown, path: (string | number)[] = []): Spot[] {
  let c = schema ? core(schema) : undefined;
  if (c && c.type === 'union') {
    const options = defOf(c.schema).options as Schema[];
    const match = options.find((option) => option.safeParse(value).success) ?? options[0];
    c = match ? core(match) : undefined;
  }
  const spots: Spot[] = [{ path, core: c, value, inObject: typeof path[path.length - 1] === 'string' }];
  if (Array.isArray(value)) {
    const element = c?.type === 'array' ? (defOf(c.schema).element as Schema) : undefined;
    value.slice(0, 2).forEach((item, index) => {
      spots.push(...spotsOf(element, item, [...path, index]));
    });
  } else if (isPlainObject(value)) {
    const def = c ? defOf(c.schema) : undefined;
    for (const [key, item] of Object.entries(value)) {
      let child: Schema | undefined;
      if (def?.type === 'object') child = (def.shape as Record<string, Schema>)[key];
      else if (def?.type === 'record') child = def.valueType as Schema;
      spots.push(...spotsOf(child, item, [...path, key]));
    }
  }
  return spots;
}

/** A copy of `root` with `path` set to `value`, or removed when `value` is `remove`. */
export const remove = Symbol('remove');
export function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value === remove ? undefined : value;
  const [head, ...rest] = path;
  const copy: Record<string | number, unknown> | unknown[] = Array.isArray(root)
    ? [...root]
    : { ...(root as Record<string, unknown>) };
  const next = setAt((copy as Record<string | number, unknown>)[head as string], rest, value);
  if (rest.length === 0 && value === remove) {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete (copy as Record<string, unknown>)[head as string];
  } else {
    (copy as Record<string | number, unknown>)[head as string] = next;
  }
  return copy;
}
