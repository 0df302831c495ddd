// Starts Plaza for the end-to-end tests: a fresh PGlite data folder, the demo content, the test
// members created through the operator CLI, the local link preview site (its port written to
// `previewSiteFile`, its name mapped to 127.0.0.1 by LINK_PREVIEW_HOSTS), the Stripe fake (its address in
// `stripeFakeFile`, the server's Stripe API), then the compiled server (`npm run build`) on PLAZA_E2E_PORT.
// The site and the fake stop when the server does.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStripeFake } from '../server/test/stripe-fake';
import { dataDir, members, port } from './fixtures/members';
import { previewHost, previewSiteFile } from './fixtures/preview-site';
import { e2eStripeKeys, stripeFakeFile } from './fixtures/shop';
import { startPreviewSite } from './preview-site';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '' };

rmSync(dataDir, { recursive: true, force: true });

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ['packages/server/bin/plaza.mjs', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error(`plaza ${args[0]} failed`);
  }
}

cli('seed');
for (const member of Object.values(members)) {
  const flags = ['--username', member.username, '--email', member.email, '--password', member.password];
  flags.push('--firstname', member.firstname, '--lastname', member.lastname);
  if ('superadmin' in member) flags.push('--superadmin');
  if ('agb' in member && !member.agb) flags.push('--no-agb');
  cli('user:create', ...flags);
}

const site = await startPreviewSite();
writeFileSync(previewSiteFile, JSON.stringify({ port: site.port }));
const stripe = await startStripeFake();
writeFileSync(stripeFakeFile, JSON.stringify({ url: stripe.url }));

// `PLAZA_SERVER_MAIN` names another build of the server (one of several in the same checkout).
const server = spawn(process.execPath, [process.env.PLAZA_SERVER_MAIN ?? 'packages/server/dist/main.js'], {
  cwd: root,
  env: {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    LINK_PREVIEW_HOSTS: `${previewHost}=127.0.0.1`,
    // The dashboard is drawn by the server however busy the parallel walks keep it (the load rule has its
    // own API test): the walks then meet the rendered page every time.
    FIRST_SCREEN_MAX_LOAD: '1',
    // Card payments through Stripe Checkout, the SDK talking to the local fake (shop.spec.ts).
    STRIPE_SECRET_KEY: e2eStripeKeys.secretKey,
    STRIPE_WEBHOOK_SECRET: e2eStripeKeys.webhookSecret,
    STRIPE_API_URL: stripe.url,
  },
  stdio: 'inherit',
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on(
  'exit',
  (code) => void Promise.all([site.close(), stripe.close()]).finally(() => process.exit(code ?? 0)),
);
