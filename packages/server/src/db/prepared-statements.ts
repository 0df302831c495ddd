import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * How many statements one connection keeps prepared; later new ones run unnamed. The hot queries run
 * first and often, so they are among them, and a connection's memory in PostgreSQL stays bounded even
 * though lists of ids make queries of many shapes.
 */
export const PREPARED_PER_CONNECTION = 200;

/** A statement's name: a hash of its text, so one text has one name on every connection. */
function nameOf(text: string): string {
  return `plaza_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown[] };

/**
 * Makes a connection prepare the parameterised statements it runs (named statements of node-postgres):
 * PostgreSQL then parses and plans a statement once per connection instead of on every call, which was
 * most of the database's time for the streams' short queries (their planning took longer than their
 * execution). Statements without parameters stay unnamed: they may hold several commands (migrations),
 * which a prepared statement cannot.
 */
export function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = new Set<string>();
  const named = (config: QueryConfig, values: unknown): QueryConfig => {
    if (typeof config.text !== 'string' || config.name !== undefined) return config;
    const parameters = config.values ?? (Array.isArray(values) ? values : undefined);
    if (!parameters || parameters.length === 0) return config;
    const name = nameOf(config.text);
    if (!prepared.has(name)) {
      if (prepared.size >= PREPARED_PER_CONNECTION) return config;
      prepared.add(name);
    }
    return { ...config, name };
  };
  client.query = ((config: unknown, ...rest: unknown[]) =>
    query(
      config !== null && typeof config === 'object' ? named(config as QueryConfig, rest[0]) : config,
      ...rest,
    )) as typeof client.query;
}
