// The servers' logs: one line per request, JSON for a log collector or readable text for a person at a terminal.
import net from 'node:net';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';
import type { Config } from '../config.ts';

// NOTE: no redaction pass on every line: a request's line holds no header or body (Fastify's request serializer: method,
// URL, host, remote address), and errors go through `errorForLog`.
const NOT_LOGGED = '[not logged]';
/** A failed statement's parameters as its error's message and stack give them (`params: …` to the line's end). */
const STATEMENT_PARAMETERS = /^params: .*$/gm;

/**
 * An error as the log writes it: pino's form, without the parameters of a failed statement (a password's hash, a
 * gateway key being saved), which the database layer's error carries in a field and in its message and stack, and may
 * pass on as another error's cause.
 */
export function errorForLog(error: Error): pino.SerializedError {
  const serialized = pino.stdSerializers.err(error);
  if ((serialized as unknown) !== error) withoutParameters(serialized as unknown as Record<string, unknown>);
  return serialized;
}

function withoutParameters(entry: Record<string, unknown>): void {
  if ('params' in entry) entry.params = NOT_LOGGED;
  for (const key of ['message', 'stack']) {
    const text = entry[key];
    if (typeof text === 'string') entry[key] = text.replace(STATEMENT_PARAMETERS, `params: ${NOT_LOGGED}`);
  }
  const cause = entry.cause;
  if (cause !== null && typeof cause === 'object') withoutParameters(cause as Record<string, unknown>);
}

/** A request made inside the process (the storefront rendering a page through `inject`): it has no socket. */
export function isInProcessRequest(request: FastifyRequest): boolean {
  return !(request.raw.socket instanceof net.Socket);
}

/**
 * One line per request, when it is answered (method, path, status, time), instead of Fastify's two. The storefront's
 * own calls to the API in the same process are logged at debug level only: the page's line says it all.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.trace({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      req: request,
      res: reply,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      ...(error ? { err: error } : {}),
    };
    if (error) reply.log.error(line, 'request errored');
    else if (isInProcessRequest(request)) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

/** Where log lines go; JSON lines, one per call. */
export interface LogStream {
  write(line: string): void;
}

const LEVELS: Record<number, [string, string]> = {
  10: ['TRACE', '\u001b[90m'],
  20: ['DEBUG', '\u001b[36m'],
  30: ['INFO ', '\u001b[32m'],
  40: ['WARN ', '\u001b[33m'],
  50: ['ERROR', '\u001b[31m'],
  60: ['FATAL', '\u001b[35m'],
};
const RESET = '\u001b[0m';
const DIM = '\u001b[2m';
/** Fields every line has, or that the readable form shows otherwise. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

/** A JSON log line as one readable line (`12:04:05 INFO  GET /products 200 12.3 ms`), an error with its stack. */
export function formatLogLine(json: string, colors = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json);
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const paint = (code: string, text: string) => (colors ? `${code}${text}${RESET}` : text);
  const [levelName, levelColor] = LEVELS[Number(entry.level)] ?? ['LOG  ', ''];
  const time = new Date(Number(entry.time) || Date.now()).toTimeString().slice(0, 8);
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  let text: string;
  if (req?.method && res?.statusCode !== undefined) {
    const status = res.statusCode >= 500 ? paint(LEVELS[50]?.[1] ?? '', String(res.statusCode)) : res.statusCode;
    text = `${req.method} ${req.url} ${status} ${entry.responseTime ?? '?'} ms`;
  } else {
    text = String(entry.msg ?? '');
  }
  const extra = Object.entries(entry).filter(([key]) => !SHOWN.has(key));
  if (extra.length > 0) {
    text += paint(DIM, ` ${extra.map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(' ')}`);
  }
  const err = entry.err as { stack?: string; message?: string } | undefined;
  if (err) text += `\n  ${(err.stack ?? err.message ?? '').split('\n').join('\n  ')}`;
  return `${paint(DIM, time)} ${paint(levelColor, levelName)} ${text}\n`;
}

/** Writes each JSON line readably to `out` (colours when it is a terminal and NO_COLOR is not set). */
export function readableLogStream(out: NodeJS.WriteStream = process.stdout): LogStream {
  const colors = Boolean(out.isTTY) && !process.env.NO_COLOR;
  return { write: (line) => void out.write(formatLogLine(line, colors)) };
}

/**
 * The log format: `LOG_FORMAT`, else readable text in development or at a terminal and JSON otherwise (a service
 * manager, a container or a log collector reads the output).
 */
export function logFormat(config: Config, out: { isTTY?: boolean } = process.stdout): 'json' | 'pretty' {
  if (config.LOG_FORMAT) return config.LOG_FORMAT;
  return config.NODE_ENV === 'development' || out.isTTY ? 'pretty' : 'json';
}

/** The logger and request logging of a server (the API, or the storefront alone); `stream` takes the JSON lines. */
export function serverLogging(
  config: Config,
  stream?: LogStream,
): { logger: NonNullable<FastifyServerOptions['logger']>; logController: LogController } {
  const out = stream ?? (logFormat(config) === 'pretty' ? readableLogStream() : processStdout());
  return {
    logger: { level: config.LOG_LEVEL, serializers: { err: errorForLog }, stream: out },
    logController: new RequestLogController({ disableRequestLogging: config.NODE_ENV === 'test' }),
  };
}

/** How long a JSON line may wait in the batch before it is written, ms. */
const LOG_BATCH_MS = 250;

/** How much of the log (UTF-16 code units: bytes, for the log's ASCII lines) is gathered before it is written. */
const LOG_BATCH_SIZE = 16_384;

type BatchedStream = LogStream & { flush(done: (error?: Error) => void): void };

let stdoutBatches: BatchedStream | undefined;

/**
 * The process's one batched standard output: every app built in the process writes its JSON lines to it (a process
 * has one standard output, and one timer and one exit handler for it; one per app was never removed when the app
 * closed, hundreds in a test process that builds an app per file).
 */
function processStdout(): BatchedStream {
  stdoutBatches ??= batchedStdout();
  return stdoutBatches;
}

/**
 * Standard output for JSON lines, in batches (16 KiB, or what came in the last 250 ms) rather than one write per
 * request. The lines are gathered here and each batch is written at once, in one call: given each line, pino's
 * asynchronous destination measured the bytes of all it held on every write (6 % of a cached answer's CPU time at
 * 16 KiB), and a write it still had under way when the process exited was lost. What is left is written out when the
 * app closes (`flushLog`) or the process exits.
 */
function batchedStdout(): BatchedStream {
  const destination = pino.destination({ dest: 1, sync: true });
  let lines: string[] = [];
  let size = 0;
  const writeOut = () => {
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    size = 0;
    destination.write(text);
  };
  const timer = setInterval(() => {
    try {
      writeOut();
    } catch {
      // Standard output is gone (the process is ending): nothing more to write.
      clearInterval(timer);
    }
  }, LOG_BATCH_MS);
  timer.unref();
  process.on('exit', () => {
    try {
      writeOut();
    } catch {
      // Standard output is gone: nowhere to write.
    }
  });
  return {
    write(line) {
      lines.push(line);
      size += line.length;
      if (size >= LOG_BATCH_SIZE) writeOut();
    },
    flush(done) {
      writeOut();
      done();
    },
  };
}

/** Writes out the log lines still gathered in a batch, before the server stops. */
export function flushLog(log: unknown): Promise<void> {
  const flush = (log as { flush?: (done: (error?: Error) => void) => void }).flush;
  if (typeof flush !== 'function') return Promise.resolve();
  return new Promise((resolve) => flush.call(log, () => resolve()));
}
