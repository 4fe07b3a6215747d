import { countryChoices, countryName, findCountryCode } from '@platform/contracts/shipping';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { FieldError, fieldErrorProps } from '../../../components/text-field.tsx';
import './country-field.css';

interface CountryFieldProps {
  id: string;
  label: string;
  /** The country as the address holds it: its English name, or what the customer is typing. */
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
}

/** Lower case without accents: how a typed text is compared with the names. */
function comparable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}

/** The countries whose name starts with the text first, then those whose name contains it or whose code it is. */
export function matchingCountries(
  choices: { code: string; name: string }[],
  text: string,
): { code: string; name: string }[] {
  const wanted = comparable(text);
  if (!wanted) return choices;
  const starting = choices.filter((choice) => comparable(choice.name).startsWith(wanted));
  const containing = choices.filter(
    (choice) =>
      !starting.includes(choice) && (comparable(choice.name).includes(wanted) || choice.code.toLowerCase() === wanted),
  );
  return [...starting, ...containing];
}

/**
 * The delivery country, chosen from the list of countries: a combobox that filters the list as the customer types
 * (ARIA combobox with a list box: arrows move, Enter picks, Escape closes). A typed name of a country, in any case,
 * counts as picking it.
 */
export function CountryField({ id, label, value, onValueChange, error }: CountryFieldProps) {
  const choices = useMemo(countryChoices, []);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => (open ? matchingCountries(choices, value) : []), [choices, open, value]);
  const listId = `${id}-list`;
  const activeChoice = matches[active];

  function pick(name: string) {
    onValueChange(name);
    setOpen(false);
  }

  function settle() {
    setOpen(false);
    const code = findCountryCode(value);
    if (code && countryName(code) !== value) onValueChange(countryName(code));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => Math.min(Math.max(current + step, 0), Math.max(matches.length - 1, 0)));
    } else if (event.key === 'Enter' && open && activeChoice) {
      event.preventDefault();
      pick(activeChoice.name);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className="text-field country-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="country"
        type="text"
        role="combobox"
        required
        autoComplete="country-name"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && activeChoice ? `${id}-${activeChoice.code}` : undefined}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setActive(0)}
        onClick={() => setOpen((current) => !current)}
        onBlur={settle}
        onKeyDown={onKeyDown}
        {...fieldErrorProps(id, error)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Countries"
        tabIndex={-1}
        className="country-field__list"
        hidden={!open || matches.length === 0}
      >
        {matches.map((choice, index) => (
          <div
            key={choice.code}
            id={`${id}-${choice.code}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className="country-field__option"
            // Before the input's blur: the click picks the country instead of closing the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(choice.name);
            }}
          >
            {choice.name}
          </div>
        ))}
      </div>
      {open && matches.length === 0 && <p className="country-field__none">No country matches.</p>}
      <FieldError id={id} error={error} />
    </div>
  );
}
