import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSubmission } from '../../../components/form-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { confirmPasswordReset, requestPasswordReset } from '../api/accounts.ts';
import { AccountCard } from './account-card.tsx';
import { NewPasswordFields, newPasswordProblem } from './new-password.tsx';
import './account-forms.css';

const RESET_FALLBACK = 'Could not reset the password. Please try again.';
const MISSING_TOKEN = 'This password reset link is invalid or has expired.';

const resetErrorText = (error: unknown) => errorText(error, RESET_FALLBACK);

function LoginLink({ children }: { children: string }) {
  return (
    <p>
      <Link to="/login">{children}</Link>
    </p>
  );
}

/** /forgot-password: asks for a reset link by e-mail; the answer never tells whether the address has an account. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const { outcome, submitting, submit } = useSubmission();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(() => requestPasswordReset(email.trim()), resetErrorText);
  }

  return (
    <AccountCard
      title="Forgot Password"
      intro={<p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>}
      links={<LoginLink>Back to login</LoginLink>}
      onSubmit={onSubmit}
      outcome={outcome}
      successEndsForm
      submitting={submitting}
      submitLabel="Send reset link"
      submittingLabel="Sending..."
    >
      <TextField
        id="forgot-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
      />
    </AccountCard>
  );
}

/** /reset-password?token=…: the page of the mailed link; sets the new password once. */
export function ResetPasswordForm() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { outcome, setOutcome, submitting, submit } = useSubmission({
    initial: token ? null : { kind: 'error', text: MISSING_TOKEN },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    if (problem) return setOutcome({ kind: 'error', text: problem });
    void submit(async () => {
      const done = await confirmPasswordReset({ token, password, passwordConfirm: confirm });
      setPassword('');
      setConfirm('');
      return done;
    }, resetErrorText);
  }

  return (
    <AccountCard
      title="Choose a New Password"
      links={<LoginLink>Go to login</LoginLink>}
      onSubmit={onSubmit}
      outcome={outcome}
      successEndsForm
      submitting={submitting}
      submitLabel="Set new password"
      submittingLabel="Saving..."
      canSubmit={Boolean(token)}
    >
      <NewPasswordFields
        idPrefix="reset"
        label="New Password"
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
      />
    </AccountCard>
  );
}
