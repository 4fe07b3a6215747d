import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { browserApi } from '../../../lib/browser-api.ts';
import { categoriesQueryOptions } from '../../categories/index.ts';
import { ChevronDownIcon } from './icons.tsx';
import { useDisclosure } from './use-disclosure.ts';

/** SHOP: a dropdown of the categories, each opening the product list filtered by it. */
export function ShopMenu() {
  const { open, setOpen, toggle } = useDisclosure();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePointer);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open, setOpen]);

  return (
    <div className="shop-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="main-nav__link shop-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
      >
        SHOP <ChevronDownIcon className="shop-menu__chevron" />
      </button>
      <div id={menuId} className="shop-menu__panel" hidden={!open}>
        {open && <CategoryList />}
      </div>
    </div>
  );
}

function CategoryList() {
  const categories = useQuery(categoriesQueryOptions(browserApi()));
  if (categories.isPending) return <p className="shop-menu__state">Loading...</p>;
  if (categories.isError) return <p className="shop-menu__state shop-menu__state--error">Failed to load categories.</p>;
  if (categories.data.length === 0) return <p className="shop-menu__state">No categories found</p>;
  return (
    <ul className="shop-menu__list">
      {categories.data.map((category) => (
        <li key={category.id}>
          <Link to={`/products?category=${encodeURIComponent(category.slug)}`} className="shop-menu__item">
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
