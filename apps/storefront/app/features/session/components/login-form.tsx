import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { accountErrorText, LOGIN_FALLBACK, safeRedirect } from '../account-errors.ts';
import { login } from '../api/accounts.ts';
import './account-forms.css';

/** Spec /login: e-mail and password; on success to the `redirect` path of this site, else home. */
export function LoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const redirect = searchParams.get('redirect');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await login({ loginId: email.trim(), password });
      navigate(safeRedirect(redirect, window.location.origin), { replace: true });
    } catch (failure) {
      setError(accountErrorText(failure, LOGIN_FALLBACK));
      setSubmitting(false);
    }
  }

  return (
    <div className="account-card">
      <h1 className="page-title">Login</h1>
      <form className="account-form" onSubmit={onSubmit}>
        {error && <ErrorBox>{error}</ErrorBox>}
        <TextField
          id="login-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onValueChange={setEmail}
        />
        <TextField
          id="login-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
        />
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Logging in...' : 'Login'}
        </button>
      </form>
      <div className="account-form__links">
        <p>
          Don't have an account? <Link to="/register">Register</Link>
        </p>
        <p>
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
      </div>
    </div>
  );
}
