// A process that writes log lines to standard output as a server does (`serverLogging`, JSON): `count` lines, then
// `exit` (process.exit at once), `close` (the app's way out: `flushLog`, then exit) or `wait` (stays until killed).
// `src/lib/logging.test.ts` reads what reached its standard output.
import pino from 'pino';
import type { Config } from '../src/config.ts';
import { flushLog, serverLogging } from '../src/lib/logging.ts';

const [count = '0', end = 'exit'] = process.argv.slice(2);
const config = { LOG_FORMAT: 'json', LOG_LEVEL: 'info', NODE_ENV: 'production' } as Config;
const { stream, ...options } = serverLogging(config).logger as pino.LoggerOptions & { stream: pino.DestinationStream };
const log = pino(options, stream);
for (let line = 0; line < Number(count); line++) log.info({ line }, 'a line of the log');
if (end === 'exit') process.exit(0);
if (end === 'close') await flushLog(log).then(() => process.exit(0));
if (end === 'wait') setInterval(() => {}, 60_000);
