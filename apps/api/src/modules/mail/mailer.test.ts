import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackgroundMailer, createMailer, type MailLogger, type MailTransport } from './mailer.ts';

function recordingLogger() {
  const lines: { level: string; object: Record<string, unknown>; message: string }[] = [];
  const logger: MailLogger = {
    info: (object, message) => lines.push({ level: 'info', object: object as Record<string, unknown>, message }),
    warn: (object, message) => lines.push({ level: 'warn', object: object as Record<string, unknown>, message }),
    error: (object, message) => lines.push({ level: 'error', object: object as Record<string, unknown>, message }),
  };
  return { logger, lines };
}

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

/** The least SMTP server nodemailer talks to (no TLS, no auth): it keeps the DATA of every message. */
async function startSmtpServer() {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 mail.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const command = buffer.slice(0, lineEnd).toUpperCase();
        buffer = buffer.slice(lineEnd + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250 mail.test\r\n');
        else if (command.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('mailer', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-test-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes each message as an .eml file in the outbox without SMTP, and logs its path', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ dataDir, from: 'Shop <no-reply@shop.example>', logger });
    mailer.send({ to: 'ana@example.com', subject: 'Welcome', text: 'Hello Ana', html: '<p>Hello Ana</p>' });
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
      });
      mailer.send({ to: 'bir@example.com', subject: 'Your order', text: 'Namaste Bir' });
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

  it('retries a failed delivery in the background until it succeeds', async () => {
    const { logger, lines } = recordingLogger();
    const flaky = flakyTransport(2);
    const mailer = new BackgroundMailer({ from: 'x@y.z', transport: flaky.transport, logger, backoffMs: 1 });
    expect(() => mailer.send({ to: 'a@b.c', subject: 'Retry me', text: 't' })).not.toThrow();
    await mailer.idle();
    expect(flaky.calls()).toBe(3);
    expect(flaky.delivered).toEqual(['Retry me']);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(2);
  });

  it('gives up after the last attempt with an error in the log, never a thrown error', async () => {
    const { logger, lines } = recordingLogger();
    const flaky = flakyTransport(100);
    const mailer = new BackgroundMailer({
      from: 'x@y.z',
      transport: flaky.transport,
      logger,
      attempts: 3,
      backoffMs: 1,
    });
    mailer.send({ to: 'a@b.c', subject: 'Lost', text: 't' });
    await expect(mailer.idle()).resolves.toBeUndefined();
    expect(flaky.calls()).toBe(3);
    expect(lines.at(-1)?.level).toBe('error');
    expect(lines.at(-1)?.message).toContain('giving up');
  });
});
