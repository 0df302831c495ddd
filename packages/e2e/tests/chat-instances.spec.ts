// The chat across two server instances (issue 17): Wanda's browser talks to instance A, Leo's to
// instance B; the instances share one PostgreSQL database and a Redis bus. Wanda writes, Leo reads live
// and sees her typing; then B is stopped, Wanda writes on while Leo's page has no connection, and B is
// started again: Leo's page reconnects by itself and fetches what it missed. Every message Wanda sent
// is stored once and shown to Leo exactly once, in order, and Leo's answer from B reaches Wanda on A.
// Needs PostgreSQL and Redis (fixtures/instances.ts); without them the test skips, which CI counts as
// a failure.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Locator, test } from '@playwright/test';
import { type Instance, type Instances, instancesUnavailable, startInstances } from '../fixtures/instances';
import { acceptCookies, type Member, members, saveSession } from '../fixtures/plaza';

const { chatWriter: wanda, chatReader: leo } = members;
const ports: [number, number] = [3111, 3112];

let instances: Instances | undefined;
let sessions: string;

test.beforeAll(async () => {
  const unavailable = await instancesUnavailable();
  test.skip(unavailable !== null, unavailable ?? '');
  test.setTimeout(180_000);
  instances = await startInstances([wanda, leo], ports);
  sessions = mkdtempSync(path.join(os.tmpdir(), 'plaza-e2e-instance-sessions-'));
});

test.afterAll(async () => {
  await instances?.close();
  if (sessions) rmSync(sessions, { recursive: true, force: true });
});

/** A member's browser signed in at one instance, on its start page. */
async function memberAt(browser: Browser, member: Member, at: Instance) {
  const file = path.join(sessions, `${member.username}.json`);
  await saveSession(member, file, at.url);
  const context = await browser.newContext({
    baseURL: at.url,
    storageState: file,
    viewport: { width: 1280, height: 800 },
  });
  await acceptCookies(context);
  return { context, page: await context.newPage() };
}

const composer = (dialog: Locator) => dialog.getByRole('textbox', { name: 'Nachricht', exact: true });

/** The numbered messages the dialog shows, in their order on screen. */
async function numbered(dialog: Locator): Promise<string[]> {
  const texts = await dialog
    .getByRole('listitem')
    .filter({ hasText: /Nachricht \d+/ })
    .allTextContents();
  return texts.map((text) => text.match(/Nachricht \d+/)![0]);
}

/** Sends a text and waits until the server took it (the item is no longer pending). */
async function send(dialog: Locator, text: string) {
  await composer(dialog).fill(text);
  await composer(dialog).press('Enter');
  const item = dialog.getByRole('listitem').filter({ hasText: text });
  await expect(item).toHaveCount(1);
  await expect(item).not.toContainText('Wird gesendet');
}

test('two browsers on two instances chat through Redis while one instance is stopped and started again', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const running = instances!;
  const [leoRow] = await running.query<{ id: number }>('select id from users where username = $1', [
    leo.username,
  ]);
  const leoId = leoRow!.id;

  // Wanda opens the direct conversation with Leo on A; Leo opens the same conversation on B.
  const writer = await memberAt(browser, wanda, running.a);
  const opened = await writer.page.request.get(
    `/api/v2/messages/new_direct_message_conversation?user_ids=${leoId}`,
  );
  expect(opened.status()).toBe(200);
  const { conversation_id: conversation } = (await opened.json()) as { conversation_id: number };
  const reader = await memberAt(browser, leo, running.b);
  for (const { page } of [writer, reader]) await page.goto(`/de_DE/?chat=1&conversation_id=${conversation}`);
  const writerDialog = writer.page.getByRole('dialog', { name: 'Leo Leser' });
  const readerDialog = reader.page.getByRole('dialog', { name: 'Wanda Schreiber' });
  await expect(writerDialog).toBeVisible();
  await expect(readerDialog).toBeVisible();

  // Live, A to B: three messages, and Wanda's typing.
  for (const n of [1, 2, 3]) await send(writerDialog, `Nachricht ${n} von Wanda`);
  await expect.poll(() => numbered(readerDialog)).toEqual(['Nachricht 1', 'Nachricht 2', 'Nachricht 3']);
  await composer(writerDialog).pressSequentially('Gleich', { delay: 40 });
  await expect(readerDialog.getByText('Wanda Schreiber schreibt …')).toBeVisible();
  await composer(writerDialog).clear();

  // B stops: Leo's page loses its connection. Wanda writes on through A meanwhile.
  await running.b.stop();
  for (const n of [4, 5, 6]) await send(writerDialog, `Nachricht ${n} von Wanda`);
  await running.b.start();

  // Leo's page reconnects by itself (back-off) and fetches what it missed: each message once, in order.
  const all = ['Nachricht 1', 'Nachricht 2', 'Nachricht 3', 'Nachricht 4', 'Nachricht 5', 'Nachricht 6'];
  await expect.poll(() => numbered(readerDialog), { timeout: 45_000 }).toEqual(all);

  // And live again, B to A: Leo answers, Wanda sees it.
  await send(readerDialog, 'Antwort von Leo');
  await expect(writerDialog.getByText('Antwort von Leo')).toBeVisible();
  expect(await numbered(readerDialog)).toEqual(all);
  expect(await numbered(writerDialog)).toEqual(all);

  // Sent, stored and received agree: 6 from Wanda and 1 from Leo, each stored once.
  const stored = await running.query<{ text: string }>(
    'select text from chat_messages where conversation_id = $1 order by id',
    [conversation],
  );
  expect(stored.map((row) => row.text)).toEqual([...all.map((n) => `${n} von Wanda`), 'Antwort von Leo']);

  await writer.context.close();
  await reader.context.close();
});
