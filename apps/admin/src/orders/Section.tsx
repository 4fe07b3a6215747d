import { Box, Card, CardContent, CardHeader } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled part of the order page (a landmark named by its title). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * A table that scrolls sideways inside its box when wider than the screen (a phone), never the page; focusable, so
 * that a keyboard can scroll it too.
 */
export function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="group" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto' }}>
      {children}
    </Box>
  );
}

/** A figure (an amount, a count) that never breaks across lines: on a phone its line wraps before it, not inside it. */
export function Figure({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}
