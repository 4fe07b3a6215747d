import { type FormEvent, useState } from 'react';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { NewPasswordFields, newPasswordProblem } from '../../session/index.ts';
import { changePassword } from '../api/account.ts';

const FALLBACK = 'Could not change your password. Please try again.';

/** A new password, given the current one: this browser stays signed in, every other sign-in ends. */
export function PasswordChangeForm() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { outcome, setOutcome, submitting, submit } = useSubmission();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = current ? newPasswordProblem(password, confirm) : 'Please enter your current password.';
    if (problem) return setOutcome({ kind: 'error', text: problem });
    void submit(
      async () => {
        const done = await changePassword(browserApi(), {
          currentPassword: current,
          password,
          passwordConfirm: confirm,
        });
        setCurrent('');
        setPassword('');
        setConfirm('');
        return done;
      },
      (error) => errorText(error, FALLBACK, { fields: 'first' }),
    );
  }

  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      <p className="account-panel__intro">Changing it signs you out everywhere else; this browser stays signed in.</p>
      <FormMessage outcome={outcome} />
      <TextField
        id="account-current-password"
        label="Current Password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        value={current}
        onValueChange={setCurrent}
      />
      <NewPasswordFields
        idPrefix="account"
        label="New Password"
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
      />
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? 'Changing...' : 'Change Password'}
      </button>
    </form>
  );
}
