// Inputs no handler should ever see: strings with NUL characters (PostgreSQL refuses them in text, so they would
// surface as a server error) anywhere in a request's path parameters, query string or JSON body.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { BadRequestError, ValidationError } from '../lib/errors.ts';

export const NULL_CHARACTER_MESSAGE = 'Null characters are not allowed.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Query parameters that are a shopper's free search text: a NUL character in them reads as a space (search keeps
     * letters and digits only), so that a search answers instead of refusing what was pasted into the box.
     */
    searchText?: readonly string[];
  }
}

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

/**
 * A `preValidation` hook: 400 naming the field when a parameter, query value or body string holds a NUL, except in a
 * route's `searchText` parameters, where it is a space.
 */
export async function rejectNullCharacters(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown> | undefined;
  for (const name of request.routeOptions.config.searchText ?? []) {
    if (query && typeof query[name] === 'string') query[name] = query[name].replaceAll('\u0000', ' ');
  }
  for (const part of [request.params, query, request.body]) {
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

/** The host most recently found well-formed: nearly every request names the same one, checked once. */
let lastGoodHost: string | undefined;

function isGoodHost(host: unknown): boolean {
  if (typeof host !== 'string') return true;
  if (host === lastGoodHost) return true;
  if (!isWellFormedHost(host)) return false;
  lastGoodHost = host;
  return true;
}

/** An `onRequest` hook for the whole server: a malformed `Host` answers 400 before routing, tenants or handlers. */
export function rejectMalformedHost(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const { host } = request.headers;
  const seen = request.host;
  const named = typeof host === 'string' || typeof seen === 'string';
  if (named && isGoodHost(host) && (seen === host || isGoodHost(seen))) {
    done();
    return;
  }
  reply.code(400).send({ detail: 'Bad Request: malformed Host header.', code: 'bad_host' });
}

/** How deeply a JSON body may nest objects and arrays (every body the API takes is a few levels deep). */
export const JSON_MAX_DEPTH = 32;

/** The deepest nesting of objects and arrays in a JSON text, read without parsing it (strings are skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x7d || char === 0x5d) depth--;
  }
  return deepest;
}

/**
 * The API's JSON body parser: Fastify's own (prototype poisoning refused), after a check that the body does not nest
 * deeper than `JSON_MAX_DEPTH` (400 otherwise), so that no validator or handler walks an absurdly deep value.
 */
export function guardedJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) => {
    if (jsonDepth(body) > JSON_MAX_DEPTH) {
      done(new BadRequestError(`The JSON body nests deeper than ${JSON_MAX_DEPTH} levels.`, 'json_too_deep'));
      return;
    }
    parse(request, body, done);
  };
}
