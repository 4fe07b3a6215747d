import type { FormEvent, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';
import { SearchIcon } from './icons.tsx';

/** The text of the search box, kept by `SearchBox` so that it survives the switch to the combobox. */
export interface SearchTerm {
  term: string;
  setTerm: (term: string) => void;
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
