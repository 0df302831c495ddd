import type pg from 'pg';

/** The process id of a connection's backend (from BackendKeyData): pg's Client has it, its types do not declare it. */
export function backendPid(client: pg.Client): number | null {
  return (client as unknown as { processID: number | null }).processID;
}
