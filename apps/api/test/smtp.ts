// The least SMTP server nodemailer talks to (no TLS, no auth), for tests of delivery through a real SMTP peer.
import net from 'node:net';

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** The DATA of every message it accepted, in order. */
  received: string[];
  close(): Promise<void>;
}

/** Starts the server on a free loopback port; it keeps the DATA of every message. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 mail.test ESMTP\r\n');
    socket.on('error', () => undefined);
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
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
