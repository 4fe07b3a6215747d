import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSubmission } from '../../../components/form-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { register } from '../api/accounts.ts';
import { keepingRedirect } from '../safe-redirect.ts';
import { AccountCard } from './account-card.tsx';
import { NewPasswordFields, newPasswordProblem } from './new-password.tsx';
import './account-forms.css';

const REGISTER_FALLBACK = 'An unknown error occurred during registration.';
const REGISTRATION_SUCCESS = 'Registration successful! You can now log in.';
/** After a successful registration the customer is sent to /login after this delay (spec section 9). */
const REDIRECT_TO_LOGIN_MS = 3000;

// Spec section 8: the detail; else each field as 'field: messages' joined with '; '; else the message.
const registerErrorText = (error: unknown) => errorText(error, REGISTER_FALLBACK, { fields: 'all' });

/**
 * Spec /register: e-mail, password and its confirmation; on success a message, a cleared form and /login in 3 s. A
 * `redirect` the login page sent along is kept, so that signing in then leads where the shopper was going.
 */
export function RegisterForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = keepingRedirect('/login', searchParams.get('redirect'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // Unticked by default: consent to marketing e-mail is given only by ticking it (issue 49).
  const [marketing, setMarketing] = useState(false);
  const { outcome, setOutcome, submitting, submit } = useSubmission();
  const [registered, setRegistered] = useState(false);

  useEffect(() => {
    if (!registered) return;
    const timer = window.setTimeout(() => navigate(login), REDIRECT_TO_LOGIN_MS);
    return () => window.clearTimeout(timer);
  }, [registered, navigate, login]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    if (problem) return setOutcome({ kind: 'error', text: problem });
    void submit(async () => {
      await register({ email: email.trim(), password, passwordConfirm: confirm, marketingConsent: marketing });
      setEmail('');
      setPassword('');
      setConfirm('');
      setMarketing(false);
      setRegistered(true);
      return REGISTRATION_SUCCESS;
    }, registerErrorText);
  }

  return (
    <AccountCard
      title="Register"
      links={
        <p>
          Already have an account? <Link to={login}>Login</Link>
        </p>
      }
      onSubmit={onSubmit}
      outcome={outcome}
      submitting={submitting}
      submitLabel="Register"
      submittingLabel="Registering..."
    >
      <TextField
        id="register-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
      />
      <NewPasswordFields
        idPrefix="register"
        label="Password"
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
      />
      <label className="consent-field">
        <input type="checkbox" checked={marketing} onChange={(event) => setMarketing(event.target.checked)} />
        <span>Send me e-mail about my cart and the shop's news (you can stop it at any time)</span>
      </label>
    </AccountCard>
  );
}
