import { Box, Typography } from '@mui/material';
import { Link, Title } from 'react-admin';

/**
 * What a member of staff sees on a screen their role may not open (a link kept from an owner, a typed address): why,
 * in the shop's words, and the way back.
 */
export function OwnerOnly() {
  return (
    <Box sx={{ p: 3 }}>
      <Title title="Only the owner" />
      <Typography sx={{ mb: 2 }}>Only the owner can change this.</Typography>
      <Link to="/admin">Back to the dashboard</Link>
    </Box>
  );
}
