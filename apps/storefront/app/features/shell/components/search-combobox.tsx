import { isCompletable } from '@platform/contracts/plain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { browserApi } from '../../../lib/browser-api.ts';
import { useMediaUrl } from '../../../lib/media-url.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import {
  type CompletionOption,
  completionOptions,
  completionsAnnouncement,
  emphasizeTyped,
  fetchSearchCompletions,
} from '../../catalog/index.ts';
import { useShownPrices } from '../../tax/index.ts';
import { SearchIcon } from './icons.tsx';
import { SearchForm, type SearchTerm } from './search-form.tsx';

/** How long the text must stay unchanged before the suggestions for it are asked for. */
const COMPLETION_DELAY_MS = 200;

/**
 * The search box as an ARIA 1.2 combobox (loaded after the page, see `SearchBox`): from two letters on, suggestions
 * (products, then categories) come in a list laid over the page, walked with the arrow keys (the input keeps the focus
 * and points at the active one); Enter opens the active suggestion, or searches when there is none; Escape closes
 * the list, and a second Escape clears the text; a live region says how many suggestions came.
 */
export default function SearchCombobox({ term, setTerm, focus }: SearchTerm & { focus: boolean }) {
  // The list is shown unless closed (Escape, Tab, a choice, a search, a click elsewhere) since the last keystroke.
  const [closed, setClosed] = useState(true);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const shown = useShownPrices();
  const mediaUrl = useMediaUrl();
  const boxRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  const wanted = term.trim();
  const completable = isCompletable(wanted);
  const settled = useDebouncedValue(wanted, COMPLETION_DELAY_MS);
  // One query per text: an answer for an older text never shows for a newer one, and the request of a text no longer
  // wanted is aborted through the query's signal.
  const completions = useQuery({
    queryKey: ['search-completions', settled],
    queryFn: ({ signal }) => fetchSearchCompletions(browserApi(), settled, signal),
    enabled: isCompletable(settled),
    // The previous text's suggestions stay in place while the next ones come: the list does not blink.
    placeholderData: keepPreviousData,
  });
  const options = completable && completions.data ? completionOptions(completions.data) : [];
  // The answer is for what is typed now (not a previous text's, nor one the delay has not asked for yet).
  const current = completable && completions.isSuccess && !completions.isPlaceholderData && settled === wanted;
  const showing = completable && !closed;
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

  // It replaces the plain box: the focus and the caret stay where the shopper had them, in the same commit (a key
  // pressed right after the switch, such as Enter, reaches this input and not the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it takes the plain box's place
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!focus || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);

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
    <SearchForm
      boxRef={boxRef}
      inputRef={inputRef}
      term={term}
      setTerm={(value) => {
        setTerm(value);
        setClosed(false);
        setActive(-1);
      }}
      onSubmit={submit}
      input={{
        onKeyDown,
        role: 'combobox',
        'aria-expanded': expanded,
        'aria-controls': listId,
        'aria-autocomplete': 'list',
        'aria-activedescendant': activeId,
      }}
    >
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
                  <span className="search-box__price">
                    {/* Sold in options at several prices: the lowest, as the cards show it. */}
                    {option.product.price_from && 'From '}
                    {shown.price(option.product.price_from ?? option.product.price, option.product.category.slug)}
                  </span>
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
      {/* A live region without the status role: the page's own status messages stay the page's only ones. */}
      <p aria-live="polite" aria-atomic="true" className="visually-hidden">
        {announcement}
      </p>
    </SearchForm>
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
