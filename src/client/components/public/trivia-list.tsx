import { useId, useState } from 'react';
import type { TriviaFact } from '@/shared/api/public';
import { useUiText } from '../../lib/i18n';
import { Icon } from './icons';

/**
 * Trivia questions whose answers open one by one or all at once. docs/product.md §4.4: the control shows
 * "reveal all" until everything was revealed with it; collapsing any single question clears that.
 */
export function TriviaList({ facts, controlsLang }: { facts: TriviaFact[]; controlsLang?: string }) {
  const t = useUiText();
  const baseId = useId();
  const [open, setOpen] = useState<boolean[]>(() => facts.map(() => false));
  const [allRevealed, setAllRevealed] = useState(false);

  const toggle = (i: number) => {
    const collapsing = open[i];
    setOpen((state) => state.map((value, j) => (j === i ? !value : value)));
    if (collapsing) setAllRevealed(false);
  };
  const toggleAll = () => {
    const next = !allRevealed;
    setOpen(facts.map(() => next));
    setAllRevealed(next);
  };

  return (
    <div>
      {/* the page's language, in a section whose facts are shown in English */}
      <div className="mb-5 flex justify-end" lang={controlsLang}>
        <button type="button" onClick={toggleAll} className="button-outline">
          {allRevealed ? t('placeDetail.hideAll') : t('placeDetail.revealAll')}
        </button>
      </div>
      <ul className="space-y-3">
        {facts.map((fact, i) => {
          const answerId = `${baseId}-answer-${i}`;
          return (
            <li key={i} className="panel">
              <h3>
                <button
                  type="button"
                  aria-expanded={open[i] ?? false}
                  aria-controls={answerId}
                  onClick={() => toggle(i)}
                  className="trivia-question"
                >
                  <span>{fact.question}</span>
                  <Icon
                    name="chevron-down"
                    className={`shrink-0 text-brand-700 transition ${open[i] ? 'rotate-180' : ''}`}
                  />
                </button>
              </h3>
              <div id={answerId} hidden={!open[i]} className="trivia-answer">
                {fact.answer}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
