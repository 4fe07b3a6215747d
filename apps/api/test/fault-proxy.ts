// A TCP proxy for fault tests (as toxiproxy would be): the app reaches a server (PostgreSQL, Redis, SMTP, a gateway)
// through it, and the test switches the way down and back up without touching the shared server itself.
import net from 'node:net';

/**
 * `up` forwards every byte both ways; `down` cuts every open connection and refuses new ones (a stopped server);
 * `silent` accepts new connections and never answers (a server or network that hangs), open ones are left as they are.
 */
export type ProxyState = 'up' | 'down' | 'silent';

export interface FaultProxy {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  /** Where the proxy forwards to (its target may be set after it started, for a server that needs the proxy's port). */
  target: { host: string; port: number };
  state(): ProxyState;
  up(): void;
  down(): void;
  silent(): void;
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port to `target`, up. */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let state: ProxyState = 'up';
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    // A peer cut by `down` errors out; that is the point, not a failure of the test.
    socket.on('error', () => undefined);
  };
  const server = net.createServer((client) => {
    track(client);
    if (state === 'down') return void client.destroy();
    if (state === 'silent') return;
    const upstream = net.connect(proxy.target.port, proxy.target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: FaultProxy = {
    port: (server.address() as net.AddressInfo).port,
    target,
    through(url) {
      const address = new URL(url);
      address.hostname = '127.0.0.1';
      address.port = String(proxy.port);
      return address.toString();
    },
    state: () => state,
    up() {
      state = 'up';
    },
    down() {
      state = 'down';
      for (const socket of open) socket.destroy();
    },
    silent() {
      state = 'silent';
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return proxy;
}

/** The host and port of a `postgres://` or `redis://` URL. */
export function hostAndPort(url: string, defaultPort: number): { host: string; port: number } {
  const address = new URL(url);
  return { host: address.hostname || '127.0.0.1', port: Number(address.port || defaultPort) };
}
