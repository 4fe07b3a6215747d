import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from './icons.tsx';

/** Product search: goes to /products?search={term}, ignored when the term is blank. */
export function SearchBox() {
  const [term, setTerm] = useState('');
  const navigate = useNavigate();
  const inputId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = term.trim();
    if (trimmed) navigate(`/products?search=${encodeURIComponent(trimmed)}`);
  }

  return (
    <search className="search-box">
      <form className="search-box__form" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search products
        </label>
        <input
          id={inputId}
          className="search-box__input"
          type="search"
          placeholder="Search products..."
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <button className="search-box__button" type="submit" aria-label="Search">
          <SearchIcon />
        </button>
      </form>
    </search>
  );
}
