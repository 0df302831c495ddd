import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildSubscription } from '../../../test/billing-fixture';
import { buyer, testCreditorId } from '../../../test/order-fixture';
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp';
import { renewDueSubscriptions } from '.';

/** The invoice mails of subscriptions: at the start and at a renewal, by invoice (PDF) and by debit. */
describe('subscription invoice mails', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, SEPA_CREDITOR_ID: testCreditorId } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails the first invoice with its PDF, and the renewal invoice after the run', async () => {
    const now = new Date('2026-01-31T09:00:00Z');
    const { user } = await buyer(t);
    const { number } = await buildSubscription(t, user.id, { now });
    const first = await smtp.waitForMail(user.email);
    expect(first.subject).toBe(`Your invoice ${number}-20260131 for the subscription ${number}`);
    expect(first.text).toContain('period 2026-01-31 to 2026-02-28: €9.90');
    expect(first.attachments).toHaveLength(1);
    expect(first.attachments[0]).toMatchObject({
      filename: `Invoice-${number}-20260131.pdf`,
      contentType: 'application/pdf',
    });
    expect(first.attachments[0]!.content.toString('latin1')).toContain(`${number}-20260131`);

    smtp.messages.length = 0;
    const renewal = await renewDueSubscriptions(t.db, new Date('2026-02-28T03:00:00Z'));
    await renewal.afterCommit();
    const second = await smtp.waitForMail(user.email);
    expect(second.subject).toBe(`Your invoice ${number}-20260228 for the subscription ${number}`);
  });

  it('pre-notifies a debit with the mandate, without a PDF', async () => {
    const { user } = await buyer(t);
    const { number } = await buildSubscription(t, user.id, { method: 'sepa' });
    const mail = await smtp.waitForMail(user.email);
    expect(mail.text).toContain(`mandate reference: PLAZA-S${number}`);
    expect(mail.text).toContain(`Creditor identifier: ${testCreditorId}`);
    expect(mail.text).toContain('IBAN ending in 3000');
    expect(mail.attachments).toEqual([]);
  });
});
