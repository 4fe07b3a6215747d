import type { Faq } from '@platform/contracts';
import { useState } from 'react';
import { RichText } from '../../../components/rich-text.tsx';

/** Expandable questions: a click toggles the answer, and the + and - marker (spec /faq). */
export function FaqList({ faqs }: { faqs: Faq[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ul className="faq-list">
      {faqs.map((faq) => {
        const expanded = open.has(faq.id);
        return (
          <li key={faq.id} className="faq">
            <button
              type="button"
              className="faq__question"
              aria-expanded={expanded}
              aria-controls={`faq-answer-${faq.id}`}
              onClick={() => toggle(faq.id)}
            >
              <span>{faq.question}</span>
              <span className="faq__marker" aria-hidden="true">
                {expanded ? '-' : '+'}
              </span>
            </button>
            <div id={`faq-answer-${faq.id}`} className="faq__answer" hidden={!expanded}>
              <RichText className="rich-text" html={faq.answer} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
