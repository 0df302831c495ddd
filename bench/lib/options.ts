import { parseArgs } from 'node:util';
import { defaultBenchDatabaseUrl } from '../data/target';

/** The options every HTTP bench takes (bench/run.ts passes its own arguments on). */
export interface BenchOptions {
  /** The generated database (bench/data); the benches use whatever it holds. */
  databaseUrl: string;
  redisUrl: string;
  /** Scenario names (or parts of them) to run; empty: all. */
  only: string[];
  /** Seconds of each measurement. */
  duration: number;
  /** Measurements of each side, alternating (Plaza, baseline, Plaza, ...). */
  repetitions: number;
  /**
   * The CI smoke run: tiny loads, budgets reported but not enforced (a shared machine's figures say
   * nothing), but every scenario must run without errors, non-2xx answers or runs without an answer.
   */
  smoke: boolean;
}

export function benchOptions(argv = process.argv.slice(2)): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      'database-url': { type: 'string' },
      'redis-url': { type: 'string' },
      only: { type: 'string', multiple: true },
      duration: { type: 'string' },
      repetitions: { type: 'string' },
      smoke: { type: 'boolean' },
    },
  });
  const smoke = values.smoke === true;
  const number = (value: unknown, fallback: number) => (typeof value === 'string' ? Number(value) : fallback);
  return {
    databaseUrl:
      typeof values['database-url'] === 'string' ? values['database-url'] : defaultBenchDatabaseUrl,
    redisUrl: typeof values['redis-url'] === 'string' ? values['redis-url'] : 'redis://127.0.0.1:6379',
    only: (values.only ?? []).filter((name): name is string => typeof name === 'string'),
    duration: number(values.duration, smoke ? 0.5 : 10),
    repetitions: number(values.repetitions, smoke ? 1 : 3),
    smoke,
  };
}

/** Connections of a load: as given, or a couple in a smoke run (it proves the calls work, not their speed). */
export function connectionsFor(options: BenchOptions, connections: number): number {
  return options.smoke ? Math.min(connections, 2) : connections;
}

/** Whether a scenario of a group is wanted by `--only` (its own name or its group's, or a part of either). */
export function wanted(options: BenchOptions, group: string, scenario: string): boolean {
  return (
    options.only.length === 0 || options.only.some((name) => scenario.includes(name) || group.includes(name))
  );
}
