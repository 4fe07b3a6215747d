import { Typography } from '@mui/material';
import { Login, LoginForm } from 'react-admin';
import { ShopBrand } from './layout/ShopBrand.tsx';

/** The administration's sign-in: the shop's staff and owner accounts (customers are refused). */
export function LoginPage() {
  return (
    <Login>
      <ShopBrand variant="page" />
      <Typography component="h1" variant="h6" align="center" sx={{ mt: 1 }}>
        Administration
      </Typography>
      <LoginForm />
    </Login>
  );
}
