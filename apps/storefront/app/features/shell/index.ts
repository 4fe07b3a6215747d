// The shell feature's public surface: the layout around every page (header with logo, search, account and cart
// links and menus; footer; test-mode banner) and the help a page that is not found offers. It sits above the features
// whose pieces it shows; no feature imports it.
export { NotFoundHelp } from './components/not-found-help.tsx';
export { Shell } from './components/shell.tsx';
