// The workflow runner on its own: typed steps fed from earlier outputs, compensation in reverse order of what ran,
// the failure rethrown as it was, and early ends.
import { describe, expect, it } from 'vitest';
import { compensationFailuresOf, runWorkflow, step, workflow } from './workflow.ts';

/** What a run did, in order: each step's run and compensation, with what it was given. */
type Journal = string[];

/** A step that records its run and, when it has one, its compensation (with its output and the failure's message). */
function recorded<I, O>(name: string, run: (input: I) => O, options: { compensates?: boolean } = {}) {
  return step(
    name,
    async (journal: Journal, input: I) => {
      journal.push(`run ${name} ${JSON.stringify(input)}`);
      return run(input);
    },
    options.compensates === false
      ? undefined
      : async (journal: Journal, output: O, failure: unknown) => {
          journal.push(`undo ${name} ${JSON.stringify(output)} (${(failure as Error).message})`);
        },
  );
}

const double = recorded('double', (n: number) => n * 2);
const describeIt = recorded(
  'describe',
  (input: { doubled: number; label: string }) => `${input.label}=${input.doubled}`,
);
const refuse = recorded('refuse', (_: string): string => {
  throw new Error('refused');
});

describe('runWorkflow', () => {
  it('runs the steps in order, each on an input built from the workflow input and earlier outputs', async () => {
    const flow = workflow<{ n: number; label: string }, string, Journal>('describe a number')
      .step('doubled', double, ({ input }) => input.n)
      .step('text', describeIt, ({ input, doubled }) => ({ doubled, label: input.label }))
      .returns(({ text, doubled }) => `${text} (${doubled})`);
    const journal: Journal = [];
    expect(await runWorkflow(flow, journal, { n: 21, label: 'x' })).toBe('x=42 (42)');
    expect(journal).toEqual(['run double 21', 'run describe {"doubled":42,"label":"x"}']);
  });

  it('shares nothing between runs of one definition', async () => {
    const flow = workflow<number, number, Journal>('double')
      .step('doubled', double, ({ input }) => input)
      .returns(({ doubled }) => doubled);
    const [one, two] = await Promise.all([runWorkflow(flow, [], 1), runWorkflow(flow, [], 2)]);
    expect([one, two]).toEqual([2, 4]);
  });

  it('compensates the steps done, in reverse order, with their outputs and the failure, then rethrows it unchanged', async () => {
    const flow = workflow<number, string, Journal>('fails third')
      .step('doubled', double, ({ input }) => input)
      .step('text', describeIt, ({ doubled }) => ({ doubled, label: 'n' }))
      .step('refused', refuse, ({ text }) => text)
      .step(
        'never',
        recorded('never', (n: number) => n),
        ({ doubled }) => doubled,
      )
      .returns(({ refused }) => refused);
    const journal: Journal = [];
    const failure = await runWorkflow(flow, journal, 5).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('refused');
    expect(compensationFailuresOf(failure)).toEqual([]);
    expect(journal).toEqual([
      'run double 5',
      'run describe {"doubled":10,"label":"n"}',
      'run refuse "n=10"',
      'undo describe "n=10" (refused)',
      'undo double 10 (refused)',
    ]);
  });

  it('skips steps without a compensation, and rethrows the very error object the step threw', async () => {
    const thrown = new Error('gateway down');
    const flow = workflow<number, number, Journal>('plain steps')
      .step(
        'doubled',
        recorded('plain', (n: number) => n * 2, { compensates: false }),
        ({ input }) => input,
      )
      .step(
        'failed',
        step('fail', async (): Promise<number> => Promise.reject(thrown)),
        () => undefined,
      )
      .returns(({ failed }) => failed);
    const journal: Journal = [];
    await expect(runWorkflow(flow, journal, 1)).rejects.toBe(thrown);
    expect(journal).toEqual(['run plain 1']);
  });

  it('runs every compensation even when one fails, and keeps the failures on the original error', async () => {
    const undoFailure = new Error('could not undo');
    const failing = step(
      'hold',
      async (journal: Journal, n: number) => {
        journal.push(`run hold ${n}`);
        return n;
      },
      async () => {
        throw undoFailure;
      },
    );
    const flow = workflow<number, string, Journal>('undo fails')
      .step('doubled', double, ({ input }) => input)
      .step('held', failing, ({ doubled }) => doubled)
      .step('refused', refuse, () => 'x')
      .returns(({ refused }) => refused);
    const journal: Journal = [];
    const failure = await runWorkflow(flow, journal, 2).catch((error: unknown) => error);
    expect((failure as Error).message).toBe('refused');
    expect(compensationFailuresOf(failure)).toEqual([{ step: 'hold', error: undoFailure }]);
    expect(journal).toEqual(['run double 2', 'run hold 4', 'run refuse "x"', 'undo double 4 (refused)']);
  });

  it('ends early with the answer of `endIf`: the later steps do not run and nothing is compensated', async () => {
    const flow = workflow<number, string, Journal>('repeat')
      .step('doubled', double, ({ input }) => input)
      .endIf(({ doubled }) => (doubled > 10 ? `known ${doubled}` : null))
      .step('refused', refuse, () => 'x')
      .returns(({ refused }) => refused);
    const journal: Journal = [];
    expect(await runWorkflow(flow, journal, 6)).toBe('known 12');
    expect(journal).toEqual(['run double 6']);
    // Without an answer the workflow goes on.
    await expect(runWorkflow(flow, [], 1)).rejects.toThrow('refused');
  });

  it('refuses a key used twice when the workflow is defined', () => {
    const builder = workflow<number, number, Journal>('twice').step('doubled', double, ({ input }) => input);
    expect(() => builder.step('doubled', double, ({ doubled }) => doubled)).toThrow('"doubled" is already taken');
    expect(() => builder.step('input', double, ({ doubled }) => doubled)).toThrow('"input" is already taken');
  });
});

describe('compensationFailuresOf', () => {
  it('reads none from anything that is not an error a workflow undid', () => {
    expect(compensationFailuresOf(new Error('x'))).toEqual([]);
    expect(compensationFailuresOf('text')).toEqual([]);
    expect(compensationFailuresOf(null)).toEqual([]);
  });
});
