import { z } from 'zod';
import { limits } from './constants';
import { listParam } from './list-param';
import { text } from './text';

/** One choosable value of a filter: `id` is what the list call sends back, `value` the localized text. */
export const filterPropertySchema = z.object({
  id: z.string(),
  value: z.string(),
  /** `value`: a free-text value members entered; `option`: an option of a select field. */
  type: z.enum(['value', 'option']),
});

/** A filter of a list (`GET {resource}.filters`): `identifier` is the key under `filters[...]` of the list call. */
export const filterOptionSchema = z.object({
  id: z.string(),
  identifier: z.string(),
  label: z.string(),
  properties: z.array(filterPropertySchema),
});
export type FilterOption = z.infer<typeof filterOptionSchema>;

/** Most values one facet may carry in a list call. */
export const maxFilterValues = 50;

/** Chosen filter values by facet identifier: ANDed across facets, ORed within one. */
export const filterValuesSchema = z.record(
  text().regex(/^[a-z][a-z0-9_]{0,63}$/, 'an unknown filter'),
  listParam(text().trim().min(1).max(limits.directorySearchMaxLength), {
    max: maxFilterValues,
    freeText: true,
  }),
);
export type FilterValues = z.infer<typeof filterValuesSchema>;

const bracketKey = /^filters\[([^\]]*)\](?:\[\])?$/;

/**
 * Collects filters of a query object: `filters[<facet>]=<value>` keys (repeatable, or a
 * `filters` object) become `filters: { facet: [values] }`; the rest stays. Used by a `.loose()` query
 * schema's transform so the query string needs no JSON.
 */
function collectQueryFilters(
  input: Record<string, unknown>,
  ctx: z.core.$RefinementCtx,
): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  const raw: Record<string, unknown[]> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === 'filters' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [facet, values] of Object.entries(value)) {
        raw[facet] = [...(raw[facet] ?? []), ...(Array.isArray(values) ? values : [values])];
      }
      continue;
    }
    const match = bracketKey.exec(key);
    if (!match) {
      rest[key] = value;
      continue;
    }
    const facet = match[1] ?? '';
    raw[facet] = [...(raw[facet] ?? []), ...(Array.isArray(value) ? value : [value])];
  }
  const parsed = filterValuesSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['filters', ...issue.path] });
    }
    return z.NEVER;
  }
  return { ...rest, filters: parsed.data };
}

/**
 * A list query with filters: the object's keys plus `filters` (a `{ facet: values }` object, or
 * `filters[<facet>]=<value>` keys of the query string); the parsed value always has `filters`.
 */
export function withQueryFilters<S extends z.ZodObject>(schema: S) {
  return schema
    .extend({ filters: filterValuesSchema.optional() })
    .loose()
    .transform(collectQueryFilters) as unknown as z.ZodType<
    Omit<z.output<S>, 'filters'> & { filters: FilterValues },
    z.input<S> & { filters?: z.input<typeof filterValuesSchema> }
  >;
}
