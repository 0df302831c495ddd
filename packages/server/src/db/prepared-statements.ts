import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * How many statements one connection keeps prepared by default (`DB_PREPARED_STATEMENTS`). The hot
 * queries run often, so they stay among the most recently used; a connection's memory in PostgreSQL
 * stays bounded even though lists of ids and page sizes make queries of many shapes.
 */
export const DEFAULT_PREPARED_STATEMENTS = 200;

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

/** What node-postgres's connection remembers of the statements it parsed (not in its types). */
interface ParsedStatements {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  close(message: { type: 'S'; name: string }): void;
  sync(): void;
}

/**
 * Drops a prepared statement from its connection with the protocol's Close message. node-postgres
 * forgets the name when the message is written, in the connection's order: a statement written before
 * still runs by the name, one written after parses it again. Closing a statement the backend does not
 * have is no error (a Parse that failed), so it never aborts the transaction it lands in.
 */
class CloseStatement extends pg.Query {
  constructor(private readonly statement: string) {
    // Its result is nothing to wait for; a lost connection fails the statements after it anyway.
    super({ text: `close ${statement}` }, () => {});
  }

  override submit = ((connection: ParsedStatements) => {
    delete connection.parsedStatements[this.statement];
    delete connection.submittedNamedStatements[this.statement];
    connection.close({ type: 'S', name: this.statement });
    connection.sync();
    return null;
  }) as unknown as pg.Query['submit'];
}

/**
 * Makes a connection prepare the parameterised statements it runs (named statements of node-postgres):
 * PostgreSQL then parses and plans a statement once per connection instead of on every call, which was
 * most of the database's time for the streams' short queries (their planning took longer than their
 * execution). Statements without parameters stay unnamed: they may hold several commands (migrations),
 * which a prepared statement cannot. A statement named by its caller (`db/prepared-query.ts`) keeps its
 * name. At most `capacity` are kept: past it, the least recently used one is closed (0: none prepared).
 */
export function prepareStatements(client: pg.Client, capacity = DEFAULT_PREPARED_STATEMENTS): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  /** The prepared names, least recently used first. */
  const prepared = new Set<string>();
  const named = (config: QueryConfig, values: unknown): QueryConfig => {
    if (typeof config.text !== 'string') return config;
    let name = config.name;
    if (name === undefined) {
      const parameters = config.values ?? (Array.isArray(values) ? values : undefined);
      if (!parameters || parameters.length === 0) return config;
      name = nameOf(config.text);
    }
    if (prepared.has(name)) {
      prepared.delete(name);
    } else {
      if (capacity === 0) return { ...config, name: undefined };
      if (prepared.size >= capacity) {
        const oldest = prepared.values().next().value as string;
        prepared.delete(oldest);
        query(new CloseStatement(oldest));
      }
    }
    prepared.add(name);
    return name === config.name ? config : { ...config, name };
  };
  client.query = ((config: unknown, ...rest: unknown[]) =>
    query(
      config !== null && typeof config === 'object' && !('submit' in config)
        ? named(config as QueryConfig, rest[0])
        : config,
      ...rest,
    )) as typeof client.query;
}
