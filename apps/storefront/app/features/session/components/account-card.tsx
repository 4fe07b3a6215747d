import type { FormEvent, ReactNode } from 'react';
import { FormMessage, type FormOutcome } from '../../../components/form-message.tsx';

interface AccountCardProps {
  title: string;
  /** Paragraphs of links under the card. */
  links: ReactNode;
  /** A paragraph above the form. */
  intro?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  outcome: FormOutcome | null;
  /** A success ends the page's task: its message then stands in for the form. */
  successEndsForm?: boolean;
  submitting: boolean;
  /** The submit button's label, and its label while submitting. */
  submitLabel: string;
  submittingLabel: string;
  canSubmit?: boolean;
  /** The form's fields. */
  children: ReactNode;
}

/** The account pages (login, register, password reset): a titled card with its form, its message and its links. */
export function AccountCard(props: AccountCardProps) {
  const { title, links, intro, onSubmit, outcome, submitting, children } = props;
  return (
    <div className="account-card">
      <h1 className="page-title">{title}</h1>
      {props.successEndsForm && outcome?.kind === 'success' ? (
        <FormMessage outcome={outcome} />
      ) : (
        <form className="account-form" onSubmit={onSubmit}>
          {intro}
          <FormMessage outcome={outcome} />
          {children}
          <button type="submit" className="button button--primary" disabled={submitting || props.canSubmit === false}>
            {submitting ? props.submittingLabel : props.submitLabel}
          </button>
        </form>
      )}
      <div className="account-form__links">{links}</div>
    </div>
  );
}
