import { type Theme, useMediaQuery } from '@mui/material';
import type { ReactElement } from 'react';

/** Whether the screen is narrow (a phone, or a small tablet upright): lists show cards instead of tables. */
export function useNarrowScreen(): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
}

/**
 * A list's records as cards (`narrow`, usually react-admin's `SimpleList`) on a narrow screen, where a table would
 * scroll the page sideways, and as its table otherwise.
 */
export function Responsive({ narrow, children }: { narrow: ReactElement; children: ReactElement }) {
  return useNarrowScreen() ? narrow : children;
}
