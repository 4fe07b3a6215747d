import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state of a menu that closes by itself on every navigation: the open state belongs to the location
 * it was opened at, so a new location reads as closed without an effect.
 */
export function useDisclosure() {
  const { key } = useLocation();
  const [state, setState] = useState({ open: false, key });
  const open = state.open && state.key === key;
  const setOpen = useCallback((next: boolean) => setState({ open: next, key }), [key]);
  const toggle = useCallback(
    () => setState((previous) => ({ open: !(previous.open && previous.key === key), key })),
    [key],
  );
  return { open, setOpen, toggle };
}
