import { Card, CardContent, CardHeader } from '@mui/material';
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
