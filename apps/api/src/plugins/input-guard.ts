// Inputs no handler should ever see: strings with NUL characters (PostgreSQL refuses them in text, so they would
// surface as a server error) anywhere in a request's path parameters, query string or JSON body.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from '../lib/errors.ts';

export const NULL_CHARACTER_MESSAGE = 'Null characters are not allowed.';

/**
 * The path (`delivery_address.street`, `items.0`) of the first string holding a NUL character in a value, or null.
 * Walks the value without recursion, so a deeply nested body cannot overflow the stack.
 */
export function pathOfNullCharacter(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

/** A `preValidation` hook: 400 naming the field when a parameter, query value or body string holds a NUL. */
export async function rejectNullCharacters(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const path = pathOfNullCharacter(part);
    if (path !== null) throw new ValidationError({ [path || 'non_field_errors']: [NULL_CHARACTER_MESSAGE] });
  }
}

const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
const IPV6_LITERAL = /^\[[0-9A-Fa-f:.]{2,45}\]$/;

/**
 * Whether a `Host` (or forwarded host) value is a well-formed host name, IPv4 or bracketed IPv6 address, with an
 * optional port from 1 to 65535. Anything else cannot name a shop and is refused before any work.
 */
export function isWellFormedHost(value: string): boolean {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return false;
  const [, name = '', port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false;
  if (name.startsWith('[')) return IPV6_LITERAL.test(name);
  if (name.length === 0 || name.length > 253) return false;
  return name
    .replace(/\.$/, '')
    .split('.')
    .every((label) => HOST_LABEL.test(label));
}

/** An `onRequest` hook for the whole server: a malformed `Host` answers 400 before routing, tenants or handlers. */
export async function rejectMalformedHost(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const hosts = [request.headers.host, request.host].filter((host): host is string => typeof host === 'string');
  if (hosts.length > 0 && hosts.every(isWellFormedHost)) return;
  await reply.code(400).send({ detail: 'Bad Request: malformed Host header.', code: 'bad_host' });
}
