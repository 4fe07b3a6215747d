import { useEffect, useState } from 'react';
import { ArrowUpIcon } from './icons.tsx';

const THRESHOLD_PX = 300;

/** Appears once the page is scrolled more than 300px; takes the reader back to the top. */
export function ScrollTopButton() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;
  return (
    <button type="button" className="scroll-top-button" aria-label="Scroll to top" onClick={scrollToTop}>
      <ArrowUpIcon />
    </button>
  );
}

function scrollToTop() {
  // Browsers do not tone down a scripted smooth scroll for readers who asked for less motion.
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
}
