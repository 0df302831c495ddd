// The `setup` project: every member in `savedMembers` signs in once through the API, and the
// session is saved as a storageState file (see `stateOf`). The test projects depend on it, so the
// files belong to this run's server; tests that are not about signing in start from these files
// instead of the sign-in page (sign-in.spec.ts keeps signing in through the page).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { savedMembers, saveSession, stateOf } from '../fixtures/plaza';

for (const member of savedMembers) {
  test(`${member.username} signs in once and the session is saved`, async () => {
    const file = stateOf(member);
    mkdirSync(path.dirname(file), { recursive: true });
    await saveSession(member, file);
  });
}
