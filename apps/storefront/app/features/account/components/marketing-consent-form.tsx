import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBox } from '../../../components/error-box.tsx';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { useShopperFormat } from '../../site/index.ts';
import { ACCOUNT_QUERY_KEY, accountQueryOptions, updateMarketingConsent } from '../api/account.ts';

const FALLBACK = 'Could not save your choice. Please try again.';

/**
 * Whether the customer gets marketing e-mail (a reminder of a cart left behind, issue 49): a box saved as it is
 * changed, with the date the consent was given. Every such e-mail has a link that withdraws it too.
 */
export function MarketingConsentForm() {
  const account = useQuery(accountQueryOptions(browserApi()));
  const queryClient = useQueryClient();
  const format = useShopperFormat();
  const { outcome, submitting, submit } = useSubmission();
  if (account.isPending) return <Spinner label="Loading your account" />;
  if (account.isError) return <ErrorBox>{errorText(account.error, 'Failed to load your account.')}</ErrorBox>;
  const given = account.data.marketing_consent === true;
  const since = account.data.marketing_consent_at;

  function change(next: boolean) {
    void submit(
      async () => {
        const saved = await updateMarketingConsent(browserApi(), next);
        queryClient.setQueryData(ACCOUNT_QUERY_KEY, saved);
        return next ? 'You will get our e-mail.' : 'You will get no more marketing e-mail.';
      },
      (error) => errorText(error, FALLBACK, { fields: 'first' }),
    );
  }

  return (
    <div className="account-form">
      <FormMessage outcome={outcome} />
      <label className="account-consent">
        <input
          type="checkbox"
          checked={given}
          disabled={submitting}
          onChange={(event) => change(event.target.checked)}
        />
        <span>Send me e-mail about my cart and the shop's news</span>
      </label>
      <p className="account-panel__intro">
        {given && since
          ? `You agreed on ${format.date(since)}. Untick the box, or use the link in any of our e-mails, to stop.`
          : 'Unticked: we send you only what your orders need.'}
      </p>
    </div>
  );
}
