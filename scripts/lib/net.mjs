// Network helpers of the scripts and the journeys that start the built servers as processes: a free port, and a
// round-robin balancer standing for nginx in front of several instances.
import http from 'node:http';
import net from 'node:net';

/** A free TCP port on loopback (for a server that must know its address before it listens). */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A balancer that sends each request to the next of `backends` (base URLs) in turn, as it came; `onForward` hears
 * which backend took each request. A backend that does not answer gives 502.
 */
export function roundRobin(backends, onForward = () => {}) {
  let next = 0;
  return http.createServer((request, response) => {
    const backend = backends[next++ % backends.length];
    onForward(backend);
    const forwarded = http.request(
      new URL(request.url ?? '/', backend),
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
}
