import { isCompletable } from '@platform/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchSearchCompletions } from '../../features/catalog/api/products.ts';
import {
  type CompletionOption,
  completionOptions,
  completionsAnnouncement,
  emphasizeTyped,
} from '../../features/catalog/search-completions.ts';
import { useFormat, useMediaUrl } from '../../features/site/site-settings.tsx';
import { browserApi } from '../../lib/browser-api.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { SearchIcon } from './icons.tsx';

/** How long the text must stay unchanged before the suggestions for it are asked for. */
const COMPLETION_DELAY_MS = 200;

/**
 * Product search: goes to /products?search={term}, ignored when the term is blank; a plain GET form without
 * JavaScript. In the browser it is an ARIA 1.2 combobox: from two letters on, suggestions (products, then
 * categories) come in a list laid over the page, walked with the arrow keys (the input keeps the focus and points at
 * the active one); Enter opens the active suggestion, or searches when there is none; Escape closes the list, and a
 * second Escape clears the text; a live region says how many suggestions came.
 */
export function SearchBox() {
  const [term, setTerm] = useState('');
  // The list is shown unless closed (Escape, Tab, a choice, a search, a click elsewhere) since the last keystroke.
  const [closed, setClosed] = useState(true);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const format = useFormat();
  const mediaUrl = useMediaUrl();
  const boxRef = useRef<HTMLElement>(null);
  const inputId = useId();
  const listId = useId();

  const wanted = term.trim();
  const completable = isCompletable(wanted);
  const settled = useDebouncedValue(wanted, COMPLETION_DELAY_MS);
  // One query per text: an answer for an older text never shows for a newer one, and the request of a text no longer
  // wanted is aborted through the query's signal.
  const completions = useQuery({
    queryKey: ['search-completions', settled],
    queryFn: ({ signal }) => fetchSearchCompletions(browserApi(), settled, signal),
    enabled: hydrated && isCompletable(settled),
    // The previous text's suggestions stay in place while the next ones come: the list does not blink.
    placeholderData: keepPreviousData,
  });
  const options = completable && completions.data ? completionOptions(completions.data) : [];
  // The answer is for what is typed now (not a previous text's, nor one the delay has not asked for yet).
  const current = completable && completions.isSuccess && !completions.isPlaceholderData && settled === wanted;
  const showing = hydrated && completable && !closed;
  const expanded = showing && options.length > 0;
  const showsNone = showing && current && options.length === 0;
  const activeIndex = expanded && active < options.length ? active : -1;
  const optionId = (index: number) => `${listId}-${index}`;
  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;
  const announcement = showing && current ? completionsAnnouncement(options.length) : '';

  useEffect(() => {
    if (!showing) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setClosed(true);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [showing]);

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function close() {
    setClosed(true);
    setActive(-1);
  }

  function choose(option: CompletionOption) {
    close();
    navigate(option.href);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    close();
    if (wanted) navigate(`/products?search=${encodeURIComponent(wanted)}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        if (!completable) return;
        event.preventDefault();
        if (closed) {
          setClosed(false);
          setActive(options.length > 0 ? 0 : -1);
        } else if (options.length > 0) {
          setActive((activeIndex + 1) % options.length);
        }
        return;
      case 'ArrowUp':
        if (!expanded) return;
        event.preventDefault();
        setActive(activeIndex <= 0 ? options.length - 1 : activeIndex - 1);
        return;
      case 'Enter': {
        const option = options[activeIndex];
        if (!option) return; // The form searches for the text.
        event.preventDefault();
        choose(option);
        return;
      }
      case 'Escape':
        // The list first, then the text (the browser's own clearing of a search field is replaced by this).
        if (showing) {
          event.preventDefault();
          close();
        } else if (term) {
          event.preventDefault();
          setTerm('');
        }
        return;
      case 'Tab':
        close();
        return;
    }
  }

  return (
    <search className="search-box" ref={boxRef}>
      <form className="search-box__form" action="/products" method="get" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search products
        </label>
        <input
          id={inputId}
          className="search-box__input"
          type="search"
          name="search"
          placeholder="Search products..."
          autoComplete="off"
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setClosed(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          {...(hydrated
            ? {
                role: 'combobox',
                'aria-expanded': expanded,
                'aria-controls': listId,
                'aria-autocomplete': 'list' as const,
                'aria-activedescendant': activeId,
              }
            : {})}
        />
        <button className="search-box__button" type="submit" aria-label="Search">
          <SearchIcon />
        </button>
      </form>
      <div
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        tabIndex={-1}
        className="search-box__list"
        hidden={!expanded}
      >
        {expanded &&
          options.map((option, index) => (
            <div
              key={option.key}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              className="search-box__option"
              // The keys work from the input (aria-activedescendant); a press here chooses without taking the focus.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
            >
              {option.kind === 'product' ? (
                <>
                  <span className="search-box__thumb">
                    {option.product.thumbnail && (
                      <img
                        src={mediaUrl(option.product.thumbnail.url)}
                        alt=""
                        width={option.product.thumbnail.width}
                        height={option.product.thumbnail.height}
                        decoding="async"
                      />
                    )}
                  </span>
                  <span className="search-box__text">
                    <Typed text={option.product.name} typed={wanted} />
                    <span className="search-box__detail">{option.product.category.name}</span>
                  </span>
                  <span className="search-box__price">{format.price(option.product.price)}</span>
                </>
              ) : (
                <>
                  <span className="search-box__thumb search-box__thumb--category" aria-hidden="true">
                    <SearchIcon />
                  </span>
                  <span className="search-box__text">
                    <Typed text={option.name} typed={wanted} />
                    <span className="search-box__detail">Category</span>
                  </span>
                </>
              )}
            </div>
          ))}
      </div>
      {showsNone && (
        <p className="search-box__none" aria-hidden="true">
          No suggestions
        </p>
      )}
      <p role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </p>
    </search>
  );
}

/** A suggestion's name, the part of its words the shopper typed emphasized. */
function Typed({ text, typed }: { text: string; typed: string }) {
  return (
    <span className="search-box__name">
      {emphasizeTyped(text, typed).map((piece, index) =>
        piece.typed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order, never reordered.
          <mark key={index}>{piece.text}</mark>
        ) : (
          piece.text
        ),
      )}
    </span>
  );
}
