import { Info } from 'lucide-react';

/** The id the disabled AI-only buttons of a screen point to (aria-describedby): one note per screen. */
export const NO_MODEL_NOTE_ID = 'no-model-note';

/**
 * Without an AI model the AI-only actions are shown disabled, and this one sentence says how to
 * connect a model (docs/decisions/037-no-dead-ai-buttons.md). `actions` names them: "Translate,
 * Fetch History and Generate Trivia".
 */
export function NoModelNote({ actions }: { actions: string }) {
  return (
    <p
      id={NO_MODEL_NOTE_ID}
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {actions} {actions.includes(' and ') ? 'need' : 'needs'} an AI model, and none is connected: whoever runs the
        site sets <code>AI_PROVIDER</code> and its key as the README’s “Configuration” section describes, then restarts
        it.
      </span>
    </p>
  );
}
