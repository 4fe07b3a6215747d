import PersonIcon from '@mui/icons-material/Person';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef } from 'react';
import { AppBar, Layout, type LayoutProps, Logout, TitlePortal, UserMenu, useUserMenu } from 'react-admin';
import { Link } from 'react-router';
import { ShopBrand } from './ShopBrand.tsx';
import { useLabelledRowCheckboxes } from './useLabelledRowCheckboxes.ts';

/** "My profile" in the user menu: the signed-in member's own name. */
const ProfileMenuItem = forwardRef<HTMLAnchorElement>(function ProfileMenuItem(props, ref) {
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to="/admin/profile" ref={ref} {...props} onClick={() => menu?.onClose()}>
      <ListItemIcon>
        <PersonIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>My profile</ListItemText>
    </MenuItem>
  );
});

function ShopAppBar() {
  return (
    <AppBar
      userMenu={
        <UserMenu>
          <ProfileMenuItem />
          <Logout />
        </UserMenu>
      }
    >
      <ShopBrand />
      {/* The page's title is its one level-one heading. */}
      <TitlePortal component="h1" sx={{ ml: 2, minWidth: 0 }} />
    </AppBar>
  );
}

/**
 * react-admin's layout with the shop's name and logo in the app bar and "My profile" in the user menu. Its content
 * may shrink below its widest table (`minWidth: 0`), which then scrolls inside its own box: the page never scrolls
 * sideways on a phone.
 */
export function ShopLayout(props: LayoutProps) {
  useLabelledRowCheckboxes();
  return (
    <Layout
      {...props}
      appBar={ShopAppBar}
      sx={{ minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } }}
    />
  );
}
