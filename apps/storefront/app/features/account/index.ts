// The account feature's public surface: the choice of a saved address (the checkout offers it).
export { SavedAddressPicker } from './components/saved-address-picker.tsx';
