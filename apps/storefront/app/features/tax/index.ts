// The tax feature's public surface: where the shopper delivers to, and prices as that destination shows them, in the
// shopper's currency.
export { type Destination, readDestination, setDestination, useDestination, useShownPrices } from './destination.tsx';

/**
 * The "Deliver to" control with its selects' code, loaded apart from the first load of the page that shows it (a
 * split component): for a view that shows it whole at once (the cart's summary).
 */
export const loadDeliverToWhole = async () => {
  const { DeliverTo, DELIVER_TO_PANEL } = await import('./components/deliver-to.tsx');
  await DELIVER_TO_PANEL.ready;
  return DeliverTo;
};
