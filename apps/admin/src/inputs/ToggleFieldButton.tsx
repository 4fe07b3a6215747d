import { Button, type ButtonProps } from '@mui/material';
import { type RaRecord, useNotify, useRecordContext, useResourceContext, useUpdate } from 'react-admin';
import { errorText } from '../lib/errors.ts';

interface Action {
  /** The button's text. */
  label: string;
  /** The notification once done. */
  done: string;
  /** A question to confirm first, if any. */
  confirm?: (record: RaRecord) => string;
}

interface ToggleFieldButtonProps {
  /** The boolean field the button flips (`is_approved`, `is_hidden`, `is_archived`, `is_active`). */
  field: string;
  /** What the button does when the field is false (sets it true), and when it is true (sets it false). */
  setTrue: Action;
  setFalse: Action;
  variant?: ButtonProps['variant'];
}

/** A button that flips one boolean field of the record in context, saved at once, with its notification. */
export function ToggleFieldButton({ field, setTrue, setFalse, variant = 'text' }: ToggleFieldButtonProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record || !resource) return null;
  const next = record[field] !== true;
  const action = next ? setTrue : setFalse;
  return (
    <Button
      size="small"
      variant={variant}
      disabled={isPending}
      onClick={(event) => {
        // Inside a row or card that opens its record (a link on a phone's list): the button acts, the row stays.
        event.stopPropagation();
        event.preventDefault();
        if (action.confirm && !window.confirm(action.confirm(record))) return;
        void update(
          resource,
          { id: record.id, data: { [field]: next }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify(action.done, { type: 'success' }),
            onError: (error) => notify(errorText(error), { type: 'error' }),
          },
        );
      }}
    >
      {action.label}
    </Button>
  );
}
