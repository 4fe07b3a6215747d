import type { InputHTMLAttributes } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
};

/** A labelled, required input: the account forms (login, register, password reset) and the delivery address. */
export function TextField({ id, label, value, onValueChange, ...input }: TextFieldProps) {
  return (
    <div className="text-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} required value={value} onChange={(event) => onValueChange(event.target.value)} {...input} />
    </div>
  );
}
