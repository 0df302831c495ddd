import fastQuerystring from 'fast-querystring';
import qs from 'qs';

/*
 * The query string parser of every route. Bracketed keys nest as the spec writes them:
 * `x[]=1&x[]=2` and `x=1&x=2` give an array, `conversation[user_ids][]=5&conversation[name]=A` an object,
 * `filters[location][]=Berlin` a filter. The contract's `listParam` reads each list parameter from an
 * array or a comma list. A query without brackets takes Fastify's own fast parser (same result).
 */

const nestedOptions: qs.IParseOptions = {
  /** `filters[facet][]` and `conversation[user_ids][]` are the deepest the contract has. */
  depth: 2,
  /** Lists as long as the longest the contract takes (a group conversation's members). */
  arrayLimit: 1000,
  parameterLimit: 2000,
  allowPrototypes: false,
};

const bracket = /\[|%5b/i;

export function parseQueryString(query: string): Record<string, unknown> {
  return bracket.test(query) ? qs.parse(query, nestedOptions) : fastQuerystring.parse(query);
}
