import type { EventBus, TransactionalEventHandler, TransactionContext } from './context.ts';
import type { DomainEvent, DomainEventName, EventHandler } from './domain-events.ts';
import type { EventRelay } from './event-relay.ts';
import { type DurableEventHandler, writeOutbox } from './outbox.ts';

interface EventLogger {
  error(object: object, message: string): void;
}

/**
 * The typed in-process event bus. Events are published only after the transaction that caused them committed
 * (see `inTransaction` in `lib/unit-of-work.ts`), and each handler runs in the background: a failing handler is
 * logged and never undoes, delays or fails the write that published the event.
 *
 * Handlers run in this process. A handler registered for `everyInstance` (one that empties what an instance keeps in
 * memory) also runs for the relayed events the other instances publish, once a relay connects them (`relayTo`: Redis
 * pub/sub, `lib/event-relay.ts`); the other handlers run once, on the instance whose change it was.
 */
export class InProcessEventBus implements EventBus {
  private readonly handlers = new Map<
    DomainEventName,
    { handler: EventHandler<DomainEventName>; awaited: boolean; everyInstance: boolean }[]
  >();
  private relay: { to: EventRelay; names: ReadonlySet<DomainEventName> } | null = null;
  private readonly transactional = new Map<DomainEventName, TransactionalEventHandler<DomainEventName>[]>();
  private readonly running = new Set<Promise<void>>();
  private readonly durableHandlers = new Map<
    DomainEventName,
    { id: string; handler: DurableEventHandler<DomainEventName> }[]
  >();
  private deliverer: ((tenantId: number) => Promise<unknown>) | null = null;

  constructor(private readonly log: EventLogger) {}

  /**
   * Registers a handler for one event name. An `awaited` handler (emptying caches) is waited for by `publish`, so
   * that the write's answer goes out only once it has run: the next read sees the change. It must be quick.
   */
  on<K extends DomainEventName>(
    name: K,
    handler: EventHandler<K>,
    options: { awaited?: boolean; everyInstance?: boolean } = {},
  ): void {
    const list = this.handlers.get(name) ?? [];
    list.push({
      handler: handler as EventHandler<DomainEventName>,
      awaited: options.awaited ?? false,
      everyInstance: options.everyInstance ?? false,
    });
    this.handlers.set(name, list);
  }

  /**
   * Connects this instance to the others: the events named go out through `relay` once published here, whatever
   * handlers this instance has (another may keep what they change).
   */
  relayTo(relay: EventRelay, names: readonly DomainEventName[]): void {
    this.relay = { to: relay, names: new Set(names) };
  }

  /** An event another instance published: its `everyInstance` handlers run here, in the background. */
  receive(event: DomainEvent): void {
    for (const { handler, everyInstance } of this.handlers.get(event.name) ?? []) {
      if (everyInstance) this.track(event, handler);
    }
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

  /**
   * Registers a handler of an event that must not be lost: the event is written to the outbox inside the transaction
   * that emitted it, and the handler runs after the commit (`deliverWith`), in its own transaction, once per event
   * (`id` and the event's id are its idempotency key), retried with backoff until it succeeds.
   */
  durable<K extends DomainEventName>(name: K, id: string, handler: TransactionalEventHandler<K>): void {
    const list = this.durableHandlers.get(name) ?? [];
    list.push({ id, handler: handler as unknown as DurableEventHandler<DomainEventName> });
    this.durableHandlers.set(name, list);
  }

  /** The durable handlers of an event name (the outbox's deliverer runs them). */
  readonly durableHandlersOf = (name: DomainEventName) => this.durableHandlers.get(name) ?? [];

  /** How committed outbox events of a shop are delivered at once (the app's deliverer); the job sweeps the rest. */
  deliverWith(deliver: (tenantId: number) => Promise<unknown>): void {
    this.deliverer = deliver;
  }

  /**
   * Runs the `beforeCommit` handlers of the events a transaction emitted, in order, inside that transaction, and
   * writes those with durable handlers to the outbox (they commit with the change).
   */
  async runBeforeCommit(events: readonly DomainEvent[], tx: TransactionContext): Promise<void> {
    for (const event of events) {
      for (const handler of this.transactional.get(event.name) ?? []) await handler(event.payload, tx);
      if (this.durableHandlers.has(event.name)) await writeOutbox(tx, event);
    }
  }

  /**
   * Hands the events to their handlers, in order. Resolves once the awaited handlers have run; the others go on in
   * the background. A failing handler is logged, never thrown.
   */
  publish(events: readonly DomainEvent[]): Promise<void> {
    const awaited: Promise<void>[] = [];
    const outboxTenants = new Set<number>();
    for (const event of events) {
      if (this.durableHandlers.has(event.name)) outboxTenants.add((event.payload as { tenantId: number }).tenantId);
      for (const { handler, awaited: wait } of this.handlers.get(event.name) ?? []) {
        const run = this.track(event, handler);
        if (wait) awaited.push(run);
      }
      if (this.relay?.names.has(event.name)) this.relay.to.send(event);
    }
    // The outbox rows just committed are delivered now, in the background; a crash leaves them to the job.
    for (const tenantId of outboxTenants) this.background('outbox delivery', () => this.deliverer?.(tenantId));
    return Promise.all(awaited).then(() => undefined);
  }

  /** Runs one handler of an event in the background, logging its failure; `idle` waits for it. */
  private track(event: DomainEvent, handler: EventHandler<DomainEventName>): Promise<void> {
    const run: Promise<void> = (async () => handler(event.payload))()
      .catch((error: unknown) => this.log.error({ err: error, event: event.name }, 'event handler failed'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
    return run;
  }

  /** Runs `work` in the background, logging its failure; `idle` waits for it. */
  private background(name: string, work: () => Promise<unknown> | undefined): void {
    const run: Promise<void> = (async () => {
      await work();
    })()
      .catch((error: unknown) => this.log.error({ err: error, event: name }, 'event handler failed'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Resolves when every handler started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
