import { offlineAnalysis, type AiProvider, type ImageAnalysis } from '../ai';

interface PhotoText {
  analysis: ImageAnalysis;
  aiWarning: string | null;
  writtenBy: 'model' | 'data';
}

/**
 * A photo's title, summary, article and description by the configured AI provider; when it fails,
 * the offline writer's, with a warning the admin reads (uploads, and a gallery photo made a place).
 * `writtenBy` says who wrote the text, for what visitors are told (decision 032): the model, or the
 * photo's data (the offline writer, configured or as the fallback).
 */
export async function analyzePhoto(
  ai: AiProvider,
  input: Parameters<AiProvider['analyzeImage']>[0],
): Promise<PhotoText> {
  try {
    return {
      analysis: await ai.analyzeImage(input),
      aiWarning: null,
      writtenBy: ai.name === 'offline' ? 'data' : 'model',
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'The AI provider failed';
    return {
      analysis: offlineAnalysis(input),
      aiWarning: `${reason.replace(/\.$/, '')}. The photo was saved with text written offline; you can edit it in Edit Places.`,
      writtenBy: 'data',
    };
  }
}
