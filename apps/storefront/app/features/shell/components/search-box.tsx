import { type ComponentType, type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchForm, type SearchTerm } from './search-form.tsx';

/**
 * Product search: goes to /products?search={term}, ignored when the term is blank; a plain GET form without
 * JavaScript. Once the page is interactive (when the browser is idle, or at once when the box takes the focus), its
 * type-ahead (`search-combobox.tsx`) is loaded and takes the plain box's place, with the same text, focus and
 * layout: its code is no part of any page's first load.
 */
export function SearchBox() {
  const [term, setTerm] = useState('');
  // The type-ahead once its module is here: rendered at once, never suspending (a suspended switch would show the
  // plain box again as a fallback, without the focus, and a key pressed meanwhile, such as Enter, would be lost).
  const [SearchCombobox, setSearchCombobox] = useState<ComponentType<SearchTerm & { focus: boolean }> | null>(null);
  const focused = useRef(false);
  const started = useRef(false);

  function enhance() {
    if (started.current) return;
    started.current = true;
    void import('./search-combobox.tsx').then((module) => setSearchCombobox(() => module.default));
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration; `enhance` runs only once anyway
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(enhance, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(enhance, 500);
    return () => window.clearTimeout(timer);
  }, []);

  const plain = <PlainSearchBox term={term} setTerm={setTerm} focused={focused} onFirstFocus={enhance} />;
  if (!SearchCombobox) return plain;
  return <SearchCombobox term={term} setTerm={setTerm} focus={focused.current} />;
}

function PlainSearchBox({
  term,
  setTerm,
  focused,
  onFirstFocus,
}: SearchTerm & { focused: { current: boolean }; onFirstFocus: () => void }) {
  const navigate = useNavigate();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = term.trim();
    if (wanted) navigate(`/products?search=${encodeURIComponent(wanted)}`);
  }
  return (
    <SearchForm
      term={term}
      setTerm={setTerm}
      onSubmit={submit}
      input={{
        onFocus: () => {
          focused.current = true;
          onFirstFocus();
        },
        onBlur: () => {
          focused.current = false;
        },
      }}
    />
  );
}
