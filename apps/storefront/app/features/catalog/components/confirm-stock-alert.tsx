import { useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { confirmStockAlert } from '../stock-alerts-api.ts';

const INVALID = 'This link is not valid, or the alert was already confirmed or sent.';

/** A guest's confirmation link of a back-in-stock alert (issue 49): one button confirms it. */
export function ConfirmStockAlert() {
  const [params] = useSearchParams();
  const alert = Number(params.get('alert'));
  const key = params.get('key') ?? '';
  const { outcome, submitting, submit } = useSubmission();
  if (!Number.isSafeInteger(alert) || alert <= 0 || !key) return <ErrorBox>{INVALID}</ErrorBox>;
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
              async () => (await confirmStockAlert(browserApi(), { alert, key })).detail,
              (error) => errorText(error, INVALID),
            )
          }
        >
          {submitting ? 'Confirming...' : 'Confirm the alert'}
        </button>
      )}
    </div>
  );
}
