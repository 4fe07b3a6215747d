/**
 * One step of a workflow: `run` does its part of the work on the shared state; `compensate` undoes it when a later
 * step fails. A step that returns `'complete'` ends the workflow early with its state as the result.
 */
export interface WorkflowStep<S> {
  name: string;
  run(state: S): Promise<undefined | 'complete'>;
  compensate?(state: S): Promise<void>;
}

/** Compensations that failed while a workflow was being undone, kept on the error that made it fail. */
export interface CompensationFailure {
  step: string;
  error: unknown;
}

/**
 * Runs the steps in order. When one fails, the steps done before it are compensated in reverse order, then the
 * failure is rethrown as it was (so that its HTTP status and text reach the client); a compensation that fails too is
 * recorded under `compensationFailures` on that error and never hides it.
 */
export async function runWorkflow<S>(steps: readonly WorkflowStep<S>[], state: S): Promise<S> {
  const done: WorkflowStep<S>[] = [];
  try {
    for (const step of steps) {
      const outcome = await step.run(state);
      done.push(step);
      if (outcome === 'complete') break;
    }
    return state;
  } catch (error) {
    const failures: CompensationFailure[] = [];
    for (const step of done.reverse()) {
      try {
        await step.compensate?.(state);
      } catch (compensationError) {
        failures.push({ step: step.name, error: compensationError });
      }
    }
    if (failures.length > 0 && typeof error === 'object' && error !== null) {
      Object.assign(error, { compensationFailures: failures });
    }
    throw error;
  }
}
