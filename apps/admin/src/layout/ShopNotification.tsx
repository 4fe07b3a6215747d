import { Notification, ToolbarClasses } from 'react-admin';

/**
 * react-admin's notices, above a form's toolbar where a phone shows it (fixed at the bottom of the screen: 16 px of
 * padding around a 36 px button). At the bottom, react-admin's place, a notice covered the toolbar: Save could not be
 * seen or tapped for the four seconds the last notice stayed. Elsewhere (a list, whose Create button floats above the
 * notice) they stay where react-admin puts them.
 */
export function ShopNotification() {
  return <Notification sx={{ [`body:has(.${ToolbarClasses.mobileToolbar}) &`]: { bottom: 76 } }} />;
}
