import { displayNameProblem } from '@platform/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorBox } from '../../../components/error-box.tsx';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { ACCOUNT_QUERY_KEY, accountQueryOptions, updateDisplayName } from '../api/account.ts';

const SAVED = 'Your display name has been saved.';
const FALLBACK = 'Could not save your display name. Please try again.';

/** The name shown with the customer's reviews and comments (never their e-mail address). */
export function DisplayNameForm() {
  const account = useQuery(accountQueryOptions(browserApi()));
  if (account.isPending) return <Spinner label="Loading your account" />;
  if (account.isError) return <ErrorBox>{errorText(account.error, 'Failed to load your account.')}</ErrorBox>;
  return <DisplayNameFields initial={account.data.display_name} />;
}

function DisplayNameFields({ initial }: { initial: string }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(initial);
  const { outcome, setOutcome, submitting, submit } = useSubmission();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = displayNameProblem(name);
    if (problem) return setOutcome({ kind: 'error', text: problem });
    void submit(
      async () => {
        const saved = await updateDisplayName(browserApi(), name.trim());
        queryClient.setQueryData(ACCOUNT_QUERY_KEY, saved);
        setName(saved.display_name);
        return SAVED;
      },
      (error) => errorText(error, FALLBACK, { fields: 'first' }),
    );
  }

  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      <p className="account-panel__intro">
        Your reviews and comments are shown under this name. It is never your e-mail address.
      </p>
      <FormMessage outcome={outcome} />
      <TextField
        id="account-display-name"
        label="Display Name"
        name="display_name"
        autoComplete="nickname"
        maxLength={50}
        value={name}
        onValueChange={setName}
      />
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? 'Saving...' : 'Save Name'}
      </button>
    </form>
  );
}
