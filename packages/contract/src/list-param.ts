import { z } from 'zod';
import { idValueSchema } from './entities';
import { text } from './text';

/*
 * A list in a query string, in every form a client writes one: `x[]=1&x[]=2` (the spec's bracketed
 * arrays, also nested: `conversation[user_ids][]=5`, `filters[location][]=Berlin`), `x=1&x=2` and
 * `x=1,2`. The server's query parser turns the bracketed and repeated forms into arrays; this schema
 * takes an array or one string, splits each piece at commas (unless the items are free text), parses
 * every item and keeps each value once. Every list parameter of the contract is built from it.
 */

interface ListParamOptions {
  /** Fewest items (after repeated ones are dropped); 1 unless told. */
  min?: number;
  /** Most items. */
  max: number;
  /** Items are free text that may hold commas (filter values): only the bracketed and repeated forms. */
  freeText?: boolean;
}

/** The pieces of a list parameter as sent: one string or an array of them (a bad one named by its index). */
const sentPieces = z.preprocess((sent) => (typeof sent === 'string' ? [sent] : sent), z.array(text()));

/** A list query parameter whose items `item` parses from their text; repeated values count once. */
export function listParam<T extends z.ZodType<unknown, string>>(item: T, options: ListParamOptions) {
  const { min = 1, max, freeText = false } = options;
  return sentPieces
    .transform((pieces) => (freeText ? pieces : pieces.flatMap((piece) => piece.split(','))))
    .pipe(z.array(item))
    .transform((items) => [...new Set(items)] as z.output<T>[])
    .refine((items) => items.length >= min, { message: `at least ${min} value(s)` })
    .refine((items) => items.length <= max, { message: `at most ${max} values` });
}

/** One id in a query string. */
export const idText = text()
  .regex(/^\d{1,10}$/, 'an id (digits)')
  .transform(Number)
  .pipe(idValueSchema);

/** A list of ids in a query string (see `listParam`). */
export function idListParam(max: number, min = 1) {
  return listParam(idText, { min, max });
}
