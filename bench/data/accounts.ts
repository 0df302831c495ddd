/**
 * The accounts of a generated community that the benchmarks sign in with. Every member has the same
 * known password (hashed once, stored for all), so any member can be signed in; the superadmin comes
 * after the members. This is test data for a benchmark database, never for a real deployment.
 */
export const benchPassword = 'Bench-pass-2026!';

/** Member `n` (1 to the member count) has user id `n` and this username. */
export const memberUsername = (n: number) => `member${n}`;

export const superadminUsername = 'bench.admin';
