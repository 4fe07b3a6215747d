import { type FormEvent, useState } from 'react';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { useIsSignedIn } from '../../session/index.ts';
import { askStockAlert } from '../stock-alerts-api.ts';

const FALLBACK = 'Could not set the alert. Please try again.';

/**
 * "Email me when it's back", under a sold-out product or variant (issue 49): a signed-in customer's account address is
 * used; a guest gives one and confirms it by the link mailed to it. Keyed by the variant, so another choice starts over.
 */
export function StockAlertForm({ slug, variantId }: { slug: string; variantId: number | null }) {
  const signedIn = useIsSignedIn();
  const [email, setEmail] = useState('');
  const { outcome, submitting, submit } = useSubmission();
  const done = outcome?.kind === 'success';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(
      async () => {
        const answer = await askStockAlert(browserApi(), slug, {
          ...(variantId === null ? {} : { variant_id: variantId }),
          ...(signedIn ? {} : { email: email.trim() }),
        });
        return answer.detail;
      },
      (error) => errorText(error, FALLBACK, { fields: 'first' }),
    );
  }

  return (
    <form className="stock-alert" onSubmit={onSubmit} noValidate aria-label="Back-in-stock alert">
      <FormMessage outcome={outcome} />
      {!done && (
        <>
          {!signedIn && (
            <TextField
              id="stock-alert-email"
              label="Your e-mail address"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              value={email}
              onValueChange={setEmail}
            />
          )}
          <button type="submit" className="button button--ghost" disabled={submitting}>
            {submitting ? 'Sending...' : "Email me when it's back"}
          </button>
        </>
      )}
    </form>
  );
}
