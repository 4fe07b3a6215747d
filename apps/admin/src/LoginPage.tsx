import { Typography } from '@mui/material';
import { Login, LoginForm } from 'react-admin';

/** The administration's sign-in: the shop's staff and owner accounts (customers are refused). */
export function LoginPage() {
  return (
    <Login>
      <Typography component="h1" variant="h6" align="center" sx={{ mt: 1 }}>
        Shop administration
      </Typography>
      <LoginForm />
    </Login>
  );
}
