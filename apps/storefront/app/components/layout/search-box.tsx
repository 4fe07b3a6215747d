import {
  type FormEvent,
  type InputHTMLAttributes,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from './icons.tsx';

/** The text of the search box, kept by `SearchBox` so that it survives the switch to the combobox. */
export interface SearchTerm {
  term: string;
  setTerm: (term: string) => void;
}

const SearchCombobox = lazy(() => import('./search-combobox.tsx'));

/**
 * Product search: goes to /products?search={term}, ignored when the term is blank; a plain GET form without
 * JavaScript. Once the page is interactive (when the browser is idle, or at once when the box takes the focus), its
 * type-ahead (`search-combobox.tsx`) is loaded and takes the plain box's place, with the same text, focus and
 * layout: its code is no part of any page's first load.
 */
export function SearchBox() {
  const [term, setTerm] = useState('');
  const [enhanced, setEnhanced] = useState(false);
  const focused = useRef(false);
  const started = useRef(false);

  function enhance() {
    if (started.current) return;
    started.current = true;
    void import('./search-combobox.tsx').then(() => setEnhanced(true));
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
  if (!enhanced) return plain;
  return (
    <Suspense fallback={plain}>
      <SearchCombobox term={term} setTerm={setTerm} focus={focused.current} />
    </Suspense>
  );
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

/** The search form both boxes render: a labelled search input and its button, then what the box adds. */
export function SearchForm({
  term,
  setTerm,
  onSubmit,
  input,
  inputRef,
  boxRef,
  children,
}: SearchTerm & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  input: InputHTMLAttributes<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
  boxRef?: Ref<HTMLElement>;
  children?: ReactNode;
}) {
  const inputId = useId();
  return (
    <search className="search-box" ref={boxRef}>
      <form className="search-box__form" action="/products" method="get" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search products
        </label>
        <input
          {...input}
          ref={inputRef}
          id={inputId}
          className="search-box__input"
          type="search"
          name="search"
          placeholder="Search products..."
          autoComplete="off"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <button className="search-box__button" type="submit" aria-label="Search">
          <SearchIcon />
        </button>
      </form>
      {children}
    </search>
  );
}
