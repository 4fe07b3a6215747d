import { MIN_PASSWORD_LENGTH } from '@platform/contracts';
import { TextField } from '../../../components/text-field.tsx';

const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long.';

/** The spec's two password checks, run before any call; null when both pass. */
export function newPasswordProblem(password: string, confirm: string): string | null {
  if (password !== confirm) return PASSWORDS_DO_NOT_MATCH;
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}

interface NewPasswordFieldsProps {
  /** Prefix of the two inputs' ids: `{idPrefix}-password` and `{idPrefix}-confirm`. */
  idPrefix: string;
  label: string;
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
}

/** A new password and its confirmation (registration, password reset). */
export function NewPasswordFields({
  idPrefix,
  label,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-password`}
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onValueChange={onPasswordChange}
      />
      <TextField
        id={`${idPrefix}-confirm`}
        label="Confirm Password"
        name="password_confirm"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onValueChange={onConfirmChange}
      />
    </>
  );
}
