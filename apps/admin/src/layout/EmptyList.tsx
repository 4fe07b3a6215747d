import { Box, Typography } from '@mui/material';
import { CreateButton, useResourceDefinition } from 'react-admin';

/**
 * What a list without any record shows: one line (react-admin's own empty page is a level-four heading in a grey too
 * faint to read) and, where the screen creates records, its Create button.
 */
export function EmptyList({ text = 'Nothing here yet.' }: { text?: string }) {
  const { hasCreate } = useResourceDefinition();
  return (
    <Box sx={{ p: 3, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{text}</Typography>
      {hasCreate ? <CreateButton variant="contained" /> : null}
    </Box>
  );
}
