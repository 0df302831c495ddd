// Runs every benchmark in turn, each with the arguments given (e.g. `--dist <dir>`), and exits
// non-zero when any of them is over its budget.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const benches = ['sign-in-route.ts', 'directory-search.ts'];

let failed = 0;
for (const bench of benches) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, bench), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) failed += 1;
}
process.exitCode = failed ? 1 : 0;
