import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * How many statements one connection keeps prepared; later new ones run unnamed. The hot queries run
 * first and often, so they are among them, and a connection's memory in PostgreSQL stays bounded even
 * though lists of ids make queries of many shapes.
 */
export const PREPARED_PER_CONNECTION = 200;

/** Names of texts seen lately: hashing a long text on every call cost more than a map lookup. */
const names = new Map<string, string>();
const maxNames = 2_000;

/** A statement's name: a hash of its text, so one text has one name on every connection. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= maxNames) names.clear();
    name = `plaza_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    names.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: string; values?: unknown[] };

/**
 * Makes a connection prepare the parameterised statements it runs (named statements of node-postgres):
 * PostgreSQL then parses and plans a statement once per connection instead of on every call, which was
 * most of the database's time for the streams' short queries (their planning took longer than their
 * execution). Statements without parameters stay unnamed: they may hold several commands (migrations),
 * which a prepared statement cannot. A statement named by its caller (`db/prepared-query.ts`) keeps its
 * name, within the same bound.
 */
export function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = new Set<string>();
  const named = (config: QueryConfig, values: unknown): QueryConfig => {
    if (typeof config.text !== 'string') return config;
    let name = config.name;
    if (name === undefined) {
      const parameters = config.values ?? (Array.isArray(values) ? values : undefined);
      if (!parameters || parameters.length === 0) return config;
      name = nameOf(config.text);
    }
    if (!prepared.has(name)) {
      if (prepared.size >= PREPARED_PER_CONNECTION) return { ...config, name: undefined };
      prepared.add(name);
    }
    return name === config.name ? config : { ...config, name };
  };
  client.query = ((config: unknown, ...rest: unknown[]) =>
    query(
      config !== null && typeof config === 'object' ? named(config as QueryConfig, rest[0]) : config,
      ...rest,
    )) as typeof client.query;
}
