import { offlineAnalysis, type AiProvider } from '../ai';

/**
 * A photo's title, summary, article and description by the configured AI provider; when it fails,
 * the offline writer's, with a warning the admin reads (uploads, and a gallery photo made a place).
 * `writtenBy`: who wrote the text, the model or the photo's data (the offline writer), for what
 * visitors are told (docs/decisions/032-three-origins.md).
 */
export async function analyzePhoto(ai: AiProvider, input: Parameters<AiProvider['analyzeImage']>[0]) {
  try {
    const writtenBy = ai.name === 'offline' ? ('data' as const) : ('model' as const);
    return { analysis: await ai.analyzeImage(input), aiWarning: null, writtenBy };
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'The AI provider failed';
    return {
      analysis: offlineAnalysis(input),
      aiWarning: `${reason.replace(/\.$/, '')}. The photo was saved with text written offline; you can edit it in Edit Places.`,
      writtenBy: 'data' as const,
    };
  }
}
