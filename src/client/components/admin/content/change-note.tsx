import { wordDiff } from '@/client/lib/word-diff';

/**
 * What changed in the English since a person wrote this language: each changed field with its
 * removed words struck through and its added words marked, so the editor can update the text.
 */
export function ChangeNote({ changes }: { changes: Array<{ label: string; before: string; after: string }> }) {
  const changed = changes.filter((c) => c.before !== c.after);
  return (
    <section aria-label="What changed in the English" className="rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p className="text-sm font-medium text-amber-900">
        The English changed since this language was written. Update the text below to match, then save it.
      </p>
      {changed.length === 0 ? (
        <p className="mt-2 text-sm text-amber-900">Only other parts of the English changed.</p>
      ) : (
        <dl className="mt-2 flex flex-col gap-2 text-sm">
          {changed.map((change) => (
            <div key={change.label}>
              <dt className="font-medium text-slate-800">{change.label}</dt>
              <dd lang="en" className="whitespace-pre-wrap text-slate-800">
                {wordDiff(change.before, change.after).map((part, index) =>
                  part.kind === 'same' ? (
                    <span key={index}>{part.text}</span>
                  ) : part.kind === 'removed' ? (
                    <del key={index} className="bg-red-100 text-red-900">
                      <span className="sr-only">removed: </span>
                      {part.text}
                    </del>
                  ) : (
                    <ins key={index} className="bg-emerald-100 text-emerald-900 no-underline">
                      <span className="sr-only">added: </span>
                      {part.text}
                    </ins>
                  ),
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
