import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { confirmPasswordReset, requestPasswordReset } from '../api/accounts.ts';
import { newPasswordProblem } from './register-form.tsx';
import './account-forms.css';

const RESET_FALLBACK = 'Could not reset the password. Please try again.';
const MISSING_TOKEN = 'This password reset link is invalid or has expired.';

/** /forgot-password: asks for a reset link by e-mail; the answer never tells whether the address has an account. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      setSent(await requestPasswordReset(email.trim()));
    } catch (failure) {
      setError(errorText(failure, RESET_FALLBACK));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="account-card">
      <h1 className="page-title">Forgot Password</h1>
      {sent ? (
        <div className="success-box" role="status">
          {sent}
        </div>
      ) : (
        <form className="account-form" onSubmit={onSubmit}>
          <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
          {error && <ErrorBox>{error}</ErrorBox>}
          <TextField
            id="forgot-email"
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
          />
          <button type="submit" className="button button--primary" disabled={submitting}>
            {submitting ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
      <div className="account-form__links">
        <p>
          <Link to="/login">Back to login</Link>
        </p>
      </div>
    </div>
  );
}

/** /reset-password?token=…: the page of the mailed link; sets the new password once. */
export function ResetPasswordForm() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : MISSING_TOKEN);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const problem = newPasswordProblem(password, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    setSubmitting(true);
    try {
      setDone(await confirmPasswordReset({ token, password, passwordConfirm: confirm }));
      setPassword('');
      setConfirm('');
    } catch (failure) {
      setError(errorText(failure, RESET_FALLBACK));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="account-card">
      <h1 className="page-title">Choose a New Password</h1>
      {done ? (
        <div className="success-box" role="status">
          {done}
        </div>
      ) : (
        <form className="account-form" onSubmit={onSubmit}>
          {error && <ErrorBox>{error}</ErrorBox>}
          <TextField
            id="reset-password"
            label="New Password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
          />
          <TextField
            id="reset-confirm"
            label="Confirm Password"
            name="password_confirm"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onValueChange={setConfirm}
          />
          <button type="submit" className="button button--primary" disabled={submitting || !token}>
            {submitting ? 'Saving...' : 'Set new password'}
          </button>
        </form>
      )}
      <div className="account-form__links">
        <p>
          <Link to="/login">Go to login</Link>
        </p>
      </div>
    </div>
  );
}
