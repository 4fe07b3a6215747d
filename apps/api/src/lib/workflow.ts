// Workflows of named steps with typed inputs and outputs, in the spirit of Medusa's workflows: each step's input is
// built from the workflow's input and the outputs of the steps before it, so no step reads or writes a shared bag.
import type { RequestContext } from './context.ts';

/**
 * One step of a workflow: `run` turns its input into its output, in the context the workflow runs in; `compensate`
 * undoes what `run` did outside the workflow's database transaction (a gateway called, a row committed on its own)
 * when a later step fails, given the step's output and that failure. What `run` wrote inside the transaction needs
 * no compensation: the rollback undoes it (and after an SQL error the transaction takes no more statements).
 */
export interface Step<I, O, C = RequestContext> {
  readonly name: string;
  run(ctx: C, input: I): Promise<O>;
  compensate?: ((ctx: C, output: O, failure: unknown) => Promise<void>) | undefined;
}

/** A step named `name`; with `compensate` when it has an effect outside the transaction to undo. */
export function step<I, O, C = RequestContext>(
  name: string,
  run: (ctx: C, input: I) => Promise<O>,
  compensate?: (ctx: C, output: O, failure: unknown) => Promise<void>,
): Step<I, O, C> {
  return { name, run, compensate };
}

/** Compensations that failed while a workflow was being undone, kept on the error that made it fail. */
export interface CompensationFailure {
  step: string;
  error: unknown;
}

/** The compensations that failed while undoing the workflow that threw `error` (none for any other error). */
export function compensationFailuresOf(error: unknown): CompensationFailure[] {
  const failures = typeof error === 'object' && error !== null ? (error as { compensationFailures?: unknown }) : {};
  return Array.isArray(failures.compensationFailures) ? (failures.compensationFailures as CompensationFailure[]) : [];
}

type Done = Record<string, unknown>;
type Node<C> =
  | { key: string; step: Step<unknown, unknown, C>; inputOf: (done: Done) => unknown }
  | { end: (done: Done) => unknown };

/** A workflow ready to run (`runWorkflow`): the same definition serves every run, which share nothing. */
export interface Workflow<In, Out, C> {
  readonly name: string;
  /** Its steps and early ends, in order. */
  readonly nodes: readonly Node<C>[];
  /** What it answers once every step has run. */
  readonly output: (done: Done & { input: In }) => Out;
}

/**
 * A workflow being defined: `done` holds its `input` and, under each step's key, the output of every step added so
 * far, with their types.
 */
export class WorkflowBuilder<In, Out, C, R> {
  constructor(
    private readonly name: string,
    private readonly nodes: readonly Node<C>[],
  ) {}

  /** Adds `next`, whose input `inputOf` builds from what is done; its output is kept under `key`. */
  step<K extends string, I, O>(
    key: K,
    next: Step<I, O, C>,
    inputOf: (done: R) => I,
  ): WorkflowBuilder<In, Out, C, R & { readonly [P in K]: O }> {
    if (key === 'input' || this.nodes.some((node) => 'key' in node && node.key === key)) {
      throw new Error(`workflow ${this.name}: "${key}" is already taken`);
    }
    const node: Node<C> = {
      key,
      step: next as Step<unknown, unknown, C>,
      inputOf: inputOf as (done: Done) => unknown,
    };
    return new WorkflowBuilder(this.name, [...this.nodes, node]);
  }

  /**
   * Ends the workflow early when `answer` gives one (anything but null or undefined): the steps after it do not run,
   * and the steps before it stand (an idempotent repeat answering what an earlier request did).
   */
  endIf(answer: (done: R) => Out | null | undefined): WorkflowBuilder<In, Out, C, R> {
    return new WorkflowBuilder(this.name, [...this.nodes, { end: answer as (done: Done) => unknown }]);
  }

  /** Completes the definition: what the workflow answers once every step has run. */
  returns(output: (done: R) => Out): Workflow<In, Out, C> {
    return { name: this.name, nodes: this.nodes, output: output as (done: Done & { input: In }) => Out };
  }
}

/** Starts defining a workflow that takes `In` and answers `Out`, its steps running in a context of type `C`. */
export function workflow<In, Out, C = RequestContext>(
  name: string,
): WorkflowBuilder<In, Out, C, { readonly input: In }> {
  return new WorkflowBuilder(name, []);
}

/**
 * Runs the workflow's steps in order, each on the input built from what is done before it. When one fails, the steps
 * done before it are compensated in reverse order, then the failure is rethrown as it was (so that its HTTP status
 * and text reach the client); a compensation that fails too is recorded under `compensationFailures` on that error
 * and never hides it. An early end (`endIf`) answers at once and compensates nothing.
 */
export async function runWorkflow<In, Out, C>(flow: Workflow<In, Out, C>, ctx: C, input: In): Promise<Out> {
  const done: Done & { input: In } = { input };
  const ran: { step: Step<unknown, unknown, C>; output: unknown }[] = [];
  try {
    for (const node of flow.nodes) {
      if ('end' in node) {
        const answer = node.end(done);
        if (answer !== null && answer !== undefined) return answer as Out;
        continue;
      }
      const output = await node.step.run(ctx, node.inputOf(done));
      ran.push({ step: node.step, output });
      done[node.key] = output;
    }
    return flow.output(done);
  } catch (error) {
    const failures: CompensationFailure[] = [];
    for (const { step: undo, output } of ran.reverse()) {
      try {
        await undo.compensate?.(ctx, output, error);
      } catch (compensationError) {
        failures.push({ step: undo.name, error: compensationError });
      }
    }
    if (failures.length > 0 && typeof error === 'object' && error !== null) {
      Object.assign(error, { compensationFailures: failures });
    }
    throw error;
  }
}
