import type { InputHTMLAttributes } from 'react';

type AccountFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
};

/** A labelled, required input of the account forms (login, register, password reset). */
export function AccountField({ id, label, value, onValueChange, ...input }: AccountFieldProps) {
  return (
    <div className="account-form__field">
      <label htmlFor={id}>{label}</label>
      <input id={id} required value={value} onChange={(event) => onValueChange(event.target.value)} {...input} />
    </div>
  );
}
