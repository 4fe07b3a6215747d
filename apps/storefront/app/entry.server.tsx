// The server render of a page: React Router's own Node entry, with the request's CSP nonce on every inline script
// React emits and a Content-Security-Policy header that allows exactly those.
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { contentSecurityPolicy } from './lib/content-security-policy.ts';
import { storefrontLoadContext } from './lib/load-context.ts';

// The storefront server makes each request's router context with the server build's own copy of the context key.
export { createLoadContext } from './lib/load-context.ts';

export const streamTimeout = 5_000;

/** Whether the shop's settings (the root loader's answer) turn Google Analytics on. */
function usesAnalytics(routerContext: EntryContext): boolean {
  const root = routerContext.staticHandlerContext.loaderData?.root as
    | { settings?: { google_analytics_id?: string } }
    | undefined;
  return Boolean(root?.settings?.google_analytics_id);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The development server renders without the storefront server (no nonce) and injects scripts of its own.
  const given = loadContext.get(storefrontLoadContext);
  const nonce = given?.nonce || undefined;
  if (given && nonce) {
    responseHeaders.set(
      'Content-Security-Policy',
      contentSecurityPolicy({ nonce, mediaHost: given.mediaHost, analytics: usesAnalytics(routerContext) }),
    );
  }
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A finished Suspense boundary is written in its place however large it is: React would otherwise move a large
        // one (the parts of a page split off its first load, `lib/split-component.tsx`) behind the page's scripts, to
        // be put in place by one of them.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
