import { Button } from '@mui/material';
import type { ReactElement } from 'react';

/**
 * A button of the order page that always shows its words, its icon before them: react-admin's `Button` keeps only the
 * icon below 600 px (its words in a tooltip a finger never sees), so a phone showed a row of bare icons.
 */
export function ActionButton({
  label,
  icon,
  onClick,
  disabled,
  color = 'primary',
}: {
  label: string;
  icon?: ReactElement;
  onClick: () => void;
  disabled?: boolean;
  color?: 'primary' | 'error';
}) {
  return (
    <Button
      size="small"
      color={color}
      startIcon={icon}
      onClick={onClick}
      disabled={disabled}
      sx={{ whiteSpace: 'nowrap', flex: 'none' }}
    >
      {label}
    </Button>
  );
}
