import { Box, Typography } from '@mui/material';
import { useShopIdentity } from './useShopIdentity.ts';

/** The shop's logo and name, as the app bar and the sign-in page show them. */
export function ShopBrand({ variant = 'bar' }: { variant?: 'bar' | 'page' }) {
  const identity = useShopIdentity();
  if (!identity) return null;
  const page = variant === 'page';
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, justifyContent: page ? 'center' : 'start' }}
      data-testid="shop-brand"
    >
      {identity.logoUrl ? (
        <Box
          component="img"
          src={identity.logoUrl}
          alt=""
          sx={{ height: page ? 48 : 32, maxWidth: page ? 160 : 96, objectFit: 'contain', flexShrink: 0 }}
        />
      ) : null}
      <Typography
        component={page ? 'p' : 'span'}
        variant={page ? 'h6' : 'subtitle1'}
        noWrap
        sx={{ fontWeight: 600, display: page ? 'block' : { xs: 'none', sm: 'block' } }}
      >
        {identity.name}
      </Typography>
    </Box>
  );
}
