import type { InputHTMLAttributes } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** What is wrong with the value: the input is marked invalid and the text shown under it. */
  error?: string | undefined;
};

/**
 * A labelled, required input: the account forms (login, register, password reset) and the delivery address. With
 * an `error`, the input is `aria-invalid` and described by the message under it.
 */
export function TextField({ id, label, value, onValueChange, error, ...input }: TextFieldProps) {
  return (
    <div className="text-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        required
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...fieldErrorProps(id, error)}
        {...input}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The attributes of an input with an error: marked invalid, described by its message. */
export function fieldErrorProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}

/** The message under an invalid input (`fieldErrorProps` points to it). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="text-field__error">
      {error}
    </p>
  ) : null;
}
