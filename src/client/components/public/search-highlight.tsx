import { highlightParts } from '@/shared/search';

/** `text` with the parts that match the query in <mark>; React escapes every part, so no markup gets in. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
