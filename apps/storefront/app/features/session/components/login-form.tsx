import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSubmission } from '../../../components/form-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { login } from '../api/accounts.ts';
import { keepingRedirect, safeRedirect } from '../safe-redirect.ts';
import { AccountCard } from './account-card.tsx';
import './account-forms.css';

const LOGIN_FALLBACK = 'An unknown error occurred during login.';

// Spec section 8: the detail; else each field as 'field: messages' joined with '; '; else the message.
const loginErrorText = (error: unknown) => errorText(error, LOGIN_FALLBACK, { fields: 'all' });

/** Spec /login: e-mail and password; on success to the `redirect` path of this site, else home. */
export function LoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { outcome, submitting, submit } = useSubmission();
  const redirect = searchParams.get('redirect');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(async () => {
      await login({ loginId: email.trim(), password });
      navigate(safeRedirect(redirect, window.location.origin), { replace: true });
      return null;
    }, loginErrorText);
  }

  return (
    <AccountCard
      title="Login"
      links={
        <>
          <p>
            Don't have an account? <Link to={keepingRedirect('/register', redirect)}>Register</Link>
          </p>
          <p>
            <Link to="/forgot-password">Forgot your password?</Link>
          </p>
        </>
      }
      onSubmit={onSubmit}
      outcome={outcome}
      submitting={submitting}
      submitLabel="Login"
      submittingLabel="Logging in..."
    >
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
    </AccountCard>
  );
}
