import { type ReactNode, useId, useState } from 'react';
import { ChevronDownIcon } from '../../ui/icons.tsx';

export type FaqEntry = { q: string; a: ReactNode };

/** A disclosure list: each question is a real button controlling its answer; several may be open. */
export function FaqAccordion({ items }: { items: FaqEntry[] }) {
  const base = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (i: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return (
    <div className="faq">
      {items.map((item, i) => {
        const expanded = open.has(i);
        const panelId = `${base}-a${i}`;
        return (
          <div key={item.q} className="faq-item">
            <h3>
              <button
                type="button"
                className="faq-q"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(i)}
              >
                {item.q}
                <ChevronDownIcon size={18} />
              </button>
            </h3>
            <div id={panelId} className="faq-a" hidden={!expanded}>
              {item.a}
            </div>
          </div>
        );
      })}
    </div>
  );
}
