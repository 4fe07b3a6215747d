import fs from 'node:fs';
import path from 'node:path';

/** A mail of the outbox folder, its body decoded (quoted-printable soft breaks and escapes undone). */
export interface OutboxMail {
  file: string;
  raw: string;
  body: string;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Every `.eml` of `<dataDir>/outbox` addressed to `to`, oldest first. */
export function mailsTo(dataDir: string, to: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(dir, name), 'utf8');
      return { file: path.join(dir, name), raw, body: decodeQuotedPrintable(raw) };
    })
    .filter((mail) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(mail.raw));
}

/** The reset token of the last password reset mail sent to `to`. */
export function lastResetToken(dataDir: string, to: string): string | undefined {
  const mail = mailsTo(dataDir, to).at(-1);
  return mail?.body.match(/\/reset-password\?token=([\w-]+)/)?.[1];
}
