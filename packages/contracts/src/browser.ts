// Imported first by the package's index and by every module of it that builds a schema, before any schema exists.
//
// Zod compiles object schemas with `new Function` where it may, and probes whether it may when a schema is built. Pages
// under a strict Content-Security-Policy (no `unsafe-eval`) may not, and the probe itself is reported as a violation:
// in a browser, schemas are built without it. (On the server, where this module is also loaded, nothing changes.)
import { z } from 'zod';
// Every default validation message in a person's words (zod-messages.ts), in the browser and on the server.
import './zod-messages.ts';

if ('document' in globalThis) z.config({ jitless: true });
