import type { EventBus, TransactionalEventHandler, TransactionContext } from './context.ts';
import type { DomainEvent, DomainEventName, EventHandler } from './domain-events.ts';

interface EventLogger {
  error(object: object, message: string): void;
}

/**
 * The typed in-process event bus. Events are published only after the transaction that caused them committed
 * (see `inTransaction` in `lib/unit-of-work.ts`), and each handler runs in the background: a failing handler is
 * logged and never undoes, delays or fails the write that published the event.
 *
 * NOTE: one process only. With several instances, an event that must reach the others (cache invalidation) moves to
 * an outbox table or Redis pub/sub behind this same `publish`/`on` surface.
 */
export class InProcessEventBus implements EventBus {
  private readonly handlers = new Map<
    DomainEventName,
    { handler: EventHandler<DomainEventName>; awaited: boolean }[]
  >();
  private readonly transactional = new Map<DomainEventName, TransactionalEventHandler<DomainEventName>[]>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: EventLogger) {}

  /**
   * Registers a handler for one event name. An `awaited` handler (emptying caches) is waited for by `publish`, so
   * that the write's answer goes out only once it has run: the next read sees the change. It must be quick.
   */
  on<K extends DomainEventName>(name: K, handler: EventHandler<K>, options: { awaited?: boolean } = {}): void {
    const list = this.handlers.get(name) ?? [];
    list.push({ handler: handler as EventHandler<DomainEventName>, awaited: options.awaited ?? false });
    this.handlers.set(name, list);
  }

  /**
   * Registers a handler that runs inside the transaction that emitted the event, just before its commit: what it
   * writes commits or rolls back with the change itself, so a crash right after the commit cannot lose it (an
   * order's confirmation e-mail queued with the order). It must only read and write through `tx`; if it fails, the
   * whole transaction fails.
   */
  beforeCommit<K extends DomainEventName>(name: K, handler: TransactionalEventHandler<K>): void {
    const list = this.transactional.get(name) ?? [];
    list.push(handler as unknown as TransactionalEventHandler<DomainEventName>);
    this.transactional.set(name, list);
  }

  /** Runs the `beforeCommit` handlers of the events a transaction emitted, in order, inside that transaction. */
  async runBeforeCommit(events: readonly DomainEvent[], tx: TransactionContext): Promise<void> {
    for (const event of events) {
      for (const handler of this.transactional.get(event.name) ?? []) await handler(event.payload, tx);
    }
  }

  /**
   * Hands the events to their handlers, in order. Resolves once the awaited handlers have run; the others go on in
   * the background. A failing handler is logged, never thrown.
   */
  publish(events: readonly DomainEvent[]): Promise<void> {
    const awaited: Promise<void>[] = [];
    for (const event of events) {
      for (const { handler, awaited: wait } of this.handlers.get(event.name) ?? []) {
        const run = (async () => handler(event.payload))()
          .catch((error: unknown) => this.log.error({ err: error, event: event.name }, 'event handler failed'))
          .finally(() => this.running.delete(run));
        this.running.add(run);
        if (wait) awaited.push(run);
      }
    }
    return Promise.all(awaited).then(() => undefined);
  }

  /** Resolves when every handler started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
