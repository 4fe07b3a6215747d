import { useEffect, useState } from 'react';
import { ErrorBox } from './error-box.tsx';

/** What became of a form's last submit, in the spec's words. */
export interface FormOutcome {
  kind: 'error' | 'success';
  text: string;
}

/** How long an outcome stays when it clears itself (spec section 9): a success 3 s, an error 5 s. */
const FLEETING_MS: Record<FormOutcome['kind'], number> = { success: 3000, error: 5000 };

/**
 * Every form's message: an error in the error box (announced as an alert), a success as a status line; nothing
 * without an outcome.
 */
export function FormMessage({ outcome }: { outcome: FormOutcome | null }) {
  if (!outcome) return null;
  if (outcome.kind === 'error') return <ErrorBox>{outcome.text}</ErrorBox>;
  return (
    <p className="form-success" role="status">
      {outcome.text}
    </p>
  );
}

/**
 * A form's submits: `submit` clears the last outcome, runs the call, then keeps the success text it gives (none for
 * null) or the text of its failure, for FormMessage to show. A `fleeting` outcome clears itself after its time (the
 * product page's add to cart and reviews).
 */
export function useSubmission({
  initial = null,
  fleeting = false,
}: {
  initial?: FormOutcome | null;
  fleeting?: boolean;
} = {}) {
  const [outcome, setOutcome] = useState<FormOutcome | null>(initial);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!fleeting || !outcome) return;
    const timer = setTimeout(() => setOutcome(null), FLEETING_MS[outcome.kind]);
    return () => clearTimeout(timer);
  }, [fleeting, outcome]);

  async function submit(run: () => Promise<string | null>, failureText: (error: unknown) => string): Promise<void> {
    setOutcome(null);
    setSubmitting(true);
    try {
      const text = await run();
      if (text) setOutcome({ kind: 'success', text });
    } catch (error) {
      setOutcome({ kind: 'error', text: failureText(error) });
    } finally {
      setSubmitting(false);
    }
  }

  return { outcome, setOutcome, submitting, submit };
}
