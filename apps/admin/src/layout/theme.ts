import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's default theme with darker blues: white text on its app bar (#2196f3, 3.1:1) and its blue text buttons
 * on the page (#1976d2, 4.4:1) fall short of WCAG AA's 4.5:1; these reach 5.7:1 and more.
 */
export const adminTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { main: '#0d47a1' },
    // Chips with white text: an order's status ("Awaiting payment", "Paid").
    warning: { main: '#b45309' },
    info: { main: '#01579b' },
    // Delete buttons: red text on a toolbar's grey (#e0e0e0).
    error: { main: '#b71c1c' },
  },
  components: {
    ...defaultTheme.components,
    // Long words (an e-mail address, an audit summary's JSON) break rather than widen a table or a card past the
    // screen.
    MuiTableCell: { styleOverrides: { root: { overflowWrap: 'anywhere' } } },
    MuiListItemText: { styleOverrides: { root: { overflowWrap: 'anywhere' } } },
    // A spinner is named for assistive technology (react-admin's loading indicator in the app bar has no name of its
    // own); one that says more names itself.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    // A list's line (an attribute, an option, a currency) shows its Remove and reorder buttons at all times: hidden
    // until the pointer reaches the line, they could not be reached from the keyboard nor seen on a touch screen.
    RaSimpleFormIterator: {
      styleOverrides: { root: { '& .RaSimpleFormIterator-action': { visibility: 'visible' } } },
    },
  },
};
