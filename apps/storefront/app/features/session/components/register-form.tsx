import { MIN_PASSWORD_LENGTH } from '@platform/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { accountErrorText, REGISTER_FALLBACK } from '../account-errors.ts';
import { register } from '../api/accounts.ts';
import './account-forms.css';

export const REGISTRATION_SUCCESS = 'Registration successful! You can now log in.';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long.';
/** After a successful registration the customer is sent to /login after this delay (spec section 9). */
export const REDIRECT_TO_LOGIN_MS = 3000;

/** The spec's two password checks, run before any call; null when both pass. */
export function newPasswordProblem(password: string, confirm: string): string | null {
  if (password !== confirm) return PASSWORDS_DO_NOT_MATCH;
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}

/** Spec /register: e-mail, password and its confirmation; on success a message, a cleared form and /login in 3 s. */
export function RegisterForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => navigate('/login'), REDIRECT_TO_LOGIN_MS);
    return () => window.clearTimeout(timer);
  }, [success, navigate]);

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
      await register({ email: email.trim(), password, passwordConfirm: confirm });
      setEmail('');
      setPassword('');
      setConfirm('');
      setSuccess(true);
    } catch (failure) {
      setError(accountErrorText(failure, REGISTER_FALLBACK));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="account-card">
      <h1 className="page-title">Register</h1>
      <form className="account-form" onSubmit={onSubmit}>
        {error && <ErrorBox>{error}</ErrorBox>}
        {success && (
          <div className="success-box" role="status">
            {REGISTRATION_SUCCESS}
          </div>
        )}
        <TextField
          id="register-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
        />
        <TextField
          id="register-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
        />
        <TextField
          id="register-confirm"
          label="Confirm Password"
          name="password_confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onValueChange={setConfirm}
        />
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Registering...' : 'Register'}
        </button>
      </form>
      <div className="account-form__links">
        <p>
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </div>
    </div>
  );
}
