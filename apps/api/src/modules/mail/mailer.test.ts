import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import type { Tenant } from '../../lib/context.ts';
import { systemContext } from '../../lib/context.ts';
import { createTenant } from '../tenants/index.ts';
import { createMailer, type Mailer, type MailLogger, type MailTransport, QueuedMailer, queueMail } from './mailer.ts';

function recordingLogger() {
  const lines: { level: string; object: Record<string, unknown>; message: string }[] = [];
  const logger: MailLogger = {
    info: (object, message) => lines.push({ level: 'info', object: object as Record<string, unknown>, message }),
    warn: (object, message) => lines.push({ level: 'warn', object: object as Record<string, unknown>, message }),
    error: (object, message) => lines.push({ level: 'error', object: object as Record<string, unknown>, message }),
  };
  return { logger, lines };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A transport that fails its first `failures` deliveries. */
function flakyTransport(failures: number) {
  const delivered: string[] = [];
  let calls = 0;
  const transport: MailTransport = {
    kind: 'smtp',
    async deliver(message) {
      calls += 1;
      if (calls <= failures) throw new Error('connection refused');
      delivered.push(message.subject);
      return {};
    },
  };
  return { transport, delivered, calls: () => calls };
}

describe('mail', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-test-'));
  let testDb: TestDatabase;
  let shop: Tenant;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  // Each test its own shop: a message one test leaves queued is not another's.
  beforeEach(async () => {
    shop = await createTenant(testDb.database.db, { name: 'Mail shop' });
  });
  afterAll(async () => {
    await testDb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Queues a message for the shop through `mailer` (a service context with it, as the features have). */
  async function queue(mailer: Mailer, message: { to: string; subject: string; text: string; html?: string }) {
    const deps = { mailer } as Parameters<typeof systemContext>[0];
    await queueMail(systemContext(deps, testDb.database, shop), message);
  }

  async function rowsOf(subject: string) {
    return testDb.database.raw.query<{
      status: string;
      attempts: number;
      body_text: string;
      last_error: string | null;
    }>('select status, attempts, body_text, last_error from mail_queue where tenant_id = $1 and subject = $2', [
      shop.id,
      subject,
    ]);
  }

  it('writes each message as an .eml file in the outbox without SMTP, logs its path, and keeps no body', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ dataDir, from: 'Shop <no-reply@shop.example>', logger, database: testDb.database });
    await queue(mailer, { to: 'ana@example.com', subject: 'Welcome', text: 'Hello Ana', html: '<p>Hello Ana</p>' });
    await mailer.idle();
    const files = fs.readdirSync(path.join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: ana@example.com');
    expect(eml).toContain('Subject: Welcome');
    expect(eml).toContain('From: Shop <no-reply@shop.example>');
    expect(eml).toContain('Hello Ana');
    expect(eml).toContain('text/html');
    const sent = lines.find((line) => line.message === 'mail sent');
    expect(sent?.object.path).toBe(path.resolve(dataDir, 'outbox', files[0] ?? ''));
    expect(JSON.stringify(lines)).not.toContain('Hello Ana');
    expect(await rowsOf('Welcome')).toEqual([{ status: 'sent', attempts: 1, body_text: '', last_error: null }]);
  });

  it('sends through the SMTP server of SMTP_URL, and writes nothing to the outbox then', async () => {
    const smtp = await startSmtpServer();
    const smtpDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-smtp-'));
    try {
      const { logger, lines } = recordingLogger();
      const mailer = createMailer({
        smtpUrl: smtp.url,
        dataDir: smtpDataDir,
        from: 'Shop <no-reply@shop.example>',
        logger,
        database: testDb.database,
      });
      await queue(mailer, { to: 'bir@example.com', subject: 'Your order', text: 'Namaste Bir' });
      await mailer.idle();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('To: bir@example.com');
      expect(smtp.received[0]).toContain('Subject: Your order');
      expect(smtp.received[0]).toContain('Namaste Bir');
      expect(lines.find((line) => line.message === 'mail sent')?.object.transport).toBe('smtp');
      expect(fs.existsSync(path.join(smtpDataDir, 'outbox'))).toBe(false);
    } finally {
      await smtp.close();
      fs.rmSync(smtpDataDir, { recursive: true, force: true });
    }
  });

  it('keeps a message while the mail server is down, through a restart, and sends it once it is back', async () => {
    const { logger, lines } = recordingLogger();
    const down = flakyTransport(100);
    const first = new QueuedMailer({
      from: 'x@y.z',
      transport: down.transport,
      logger,
      database: testDb.database,
      backoffMs: 100,
    });
    await queue(first, { to: 'a@b.c', subject: 'Survives', text: 'Still here' });
    await first.idle();
    // Not due again before its delay: a pass now sends nothing.
    expect(await first.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await sleep(150);
    expect(await first.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(down.calls()).toBe(2);
    expect(lines.filter((line) => line.message.includes('retrying'))).toHaveLength(2);
    const [queued] = await rowsOf('Survives');
    expect(queued).toMatchObject({ status: 'queued', attempts: 2, last_error: 'connection refused' });

    // Another process (the first one is gone) finds it in the database once the server is back.
    await sleep(250);
    const back = flakyTransport(0);
    const second = new QueuedMailer({ from: 'x@y.z', transport: back.transport, logger, database: testDb.database });
    expect(await second.deliverDue()).toMatchObject({ sent: 1 });
    expect(back.delivered).toEqual(['Survives']);
    expect(await rowsOf('Survives')).toEqual([{ status: 'sent', attempts: 3, body_text: '', last_error: null }]);
  });

  it('gives up after the last attempt with an error in the log, never a thrown error', async () => {
    const { logger, lines } = recordingLogger();
    const down = flakyTransport(100);
    const mailer = new QueuedMailer({
      from: 'x@y.z',
      transport: down.transport,
      logger,
      database: testDb.database,
      attempts: 3,
      backoffMs: 1,
    });
    await queue(mailer, { to: 'a@b.c', subject: 'Lost', text: 't' });
    for (let pass = 0; pass < 3; pass++) {
      await mailer.idle();
      await sleep(5);
    }
    await mailer.deliverDue();
    expect(down.calls()).toBe(3);
    expect(lines.at(-1)?.level).toBe('error');
    expect(lines.at(-1)?.message).toContain('giving up');
    expect(await rowsOf('Lost')).toEqual([
      { status: 'failed', attempts: 3, body_text: '', last_error: 'connection refused' },
    ]);
  });

  it('two instances delivering at the same moment send each message once', async () => {
    const { logger } = recordingLogger();
    const slow = (delivered: string[]): MailTransport => ({
      kind: 'smtp',
      async deliver(message) {
        await sleep(2);
        delivered.push(message.subject);
        return {};
      },
    });
    const a: string[] = [];
    const b: string[] = [];
    const one = new QueuedMailer({ from: 'x@y.z', transport: slow(a), logger, database: testDb.database });
    const two = new QueuedMailer({ from: 'x@y.z', transport: slow(b), logger, database: testDb.database });
    const subjects = Array.from({ length: 30 }, (_, index) => `Once ${index}`);
    const scope = new TenantScope(testDb.database.db, shop.id);
    for (const subject of subjects) {
      await scope.db.execute(
        // Queued straight into the table, as many requests would have left them.
        sql`insert into mail_queue (tenant_id, recipient, subject, body_text) values (${shop.id}, 'o@n.ce', ${subject}, 'x')`,
      );
    }
    await Promise.all([one.deliverDue(), two.deliverDue(), one.deliverDue()]);
    expect([...a, ...b].sort()).toEqual([...subjects].sort());
  });
});
