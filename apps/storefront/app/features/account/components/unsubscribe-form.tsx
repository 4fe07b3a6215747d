import { useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { unsubscribe } from '../api/account.ts';

const INVALID = 'This link is not valid. Sign in and untick the box in your account settings instead.';

/**
 * The link of a marketing e-mail (issue 49): one button withdraws the consent, signed in or not (a link opened by a
 * mail scanner changes nothing until it is pressed).
 */
export function UnsubscribeForm() {
  const [params] = useSearchParams();
  const user = Number(params.get('user'));
  const key = params.get('key') ?? '';
  const { outcome, submitting, submit } = useSubmission();
  if (!Number.isSafeInteger(user) || user <= 0 || !key) return <ErrorBox>{INVALID}</ErrorBox>;
  const done = outcome?.kind === 'success';
  return (
    <div className="link-action">
      <FormMessage outcome={outcome} />
      {!done && (
        <button
          type="button"
          className="button button--primary"
          disabled={submitting}
          onClick={() =>
            void submit(
              () => unsubscribe(browserApi(), { user, key }),
              (error) => errorText(error, INVALID),
            )
          }
        >
          {submitting ? 'Unsubscribing...' : 'Unsubscribe'}
        </button>
      )}
    </div>
  );
}
