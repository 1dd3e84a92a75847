import { offlineAnalysis, type AiProvider } from '../ai';
import { AiError } from '../ai/errors';
import type { AiFailureCode } from '../../shared/ai-failures';

/**
 * A photo's title, summary, article and description by the configured AI provider; when it fails,
 * the offline writer's, with the failure's code and a warning the admin reads (uploads, and a
 * gallery photo made a place). `writtenBy`: who wrote the text, the model or the photo's data (the
 * offline writer), for what visitors are told (docs/decisions/032-three-origins.md). A place written
 * offline after a failure is kept as a draft whatever "new uploads" says, so the offline text is
 * never published as the model's: the warning says so (docs/decisions/033-model-failures.md).
 */
export async function analyzePhoto(ai: AiProvider, input: Parameters<AiProvider['analyzeImage']>[0]) {
  try {
    const writtenBy = ai.name === 'offline' ? ('data' as const) : ('model' as const);
    return { analysis: await ai.analyzeImage(input), aiWarning: null, writtenBy, failure: null };
  } catch (error) {
    const failure: AiFailureCode = error instanceof AiError ? error.code : 'ai_unavailable';
    const what = (error instanceof AiError ? error : new AiError(failure)).what;
    return {
      analysis: offlineAnalysis(input),
      aiWarning: `${what} The photo was saved as a draft with text written offline from its place and date: check it in Edit Places, then publish it.`,
      writtenBy: 'data' as const,
      failure,
    };
  }
}
