import { type ComponentType, lazy, memo, Suspense } from 'react';

type Loaded<P> = { default: ComponentType<P> };

/**
 * A component whose code is no part of its page's first load (`npm run bench:bundle`): its module is asked for as
 * soon as the module that splits it off runs (the server at its start, the browser with the page's route; with
 * `eager: false`, when it first renders or something waits for it), and it
 * renders at once when it is there. When the browser hydrates the page before it has come, the server's markup of it
 * stays in place until it has (its own `Suspense` boundary): the same markup on the server and in the browser. It
 * renders again only when its props change (`memo`), so that its parent's updates do not replace that markup early.
 */
export function splitComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { eager = true }: { eager?: boolean } = {},
): ComponentType<P> & SplitPart {
  let loaded: ComponentType<P> | undefined;
  let ready: Promise<void> | undefined;
  // A failure here is met again, and shown, when the component renders.
  const start = () => {
    ready ??= load().then(
      (component) => {
        loaded = component;
      },
      () => undefined,
    );
    return ready;
  };
  if (eager) start();
  const Lazy = lazy((): Promise<Loaded<P>> => {
    const component = loaded;
    // Already here: answered at once, so that React renders it without suspending.
    if (component) {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that calls back at once is React's way to a lazy component that renders without suspending.
      return { then: (resolve: (module: Loaded<P>) => void) => resolve({ default: component }) } as Promise<Loaded<P>>;
    }
    // Its first load (and, when that failed, another, whose failure the page shows).
    return start().then(() => (loaded ? { default: loaded } : load().then((component) => ({ default: component }))));
  });
  const Split = memo(function Split(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }) as unknown as ComponentType<P>;
  // A client loader waits for it with its data: a page the app goes to shows whole, without its parts popping in.
  return Object.defineProperty(Split, 'ready', { get: start }) as ComponentType<P> & SplitPart;
}

/**
 * What waits for a split component: `ready` settles when its code has come or failed to come (asking for it starts
 * the loading of one made with `eager: false`, which otherwise loads when it first renders).
 */
export interface SplitPart {
  readonly ready: Promise<void>;
}
