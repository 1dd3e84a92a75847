import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AppConfig } from '../config';
import { boundedFetch } from './bounded-fetch';
import { createOfflineProvider } from './offline-provider';
import { createSdkProvider, type SdkProviderOptions } from './sdk-provider';
import type { AiProvider } from './types';

export { AiError } from './errors';
export { createOfflineProvider, offlineAnalysis } from './offline-provider';
export { translateCountryName } from '../geo/country-names';
export type { AiProvider, ImageAnalysis, PlaceContext } from './types';
export type { AiLog } from './sdk-provider';
export { preloadLanguageCheck } from './language-check';

export const DEFAULT_MODELS = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-sonnet-4-5',
  'openai-compatible': 'llama3.2-vision',
} as const;

/**
 * The provider named by AI_PROVIDER (config.ts has already checked its key and base URL), with its
 * timeouts; `options` (the logger, tests' shorter waits) add to them. Every provider reads answers
 * through the bounded fetch (the size cap).
 */
export function createAiProvider(config: AppConfig['ai'], extra: SdkProviderOptions = {}): AiProvider {
  const { timeoutMs, imageTimeoutMs, retryBaseMs } = config;
  const options = { timeoutMs, imageTimeoutMs, retryBaseMs, ...extra };
  const fetch = boundedFetch();
  switch (config.provider) {
    case 'offline':
      return createOfflineProvider();
    case 'openai': {
      const openai = createOpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl, fetch });
      return createSdkProvider('openai', openai.chat(config.model ?? DEFAULT_MODELS.openai), options);
    }
    case 'anthropic': {
      const anthropic = createAnthropic({ apiKey: config.apiKey, baseURL: config.baseUrl, fetch });
      return createSdkProvider('anthropic', anthropic(config.model ?? DEFAULT_MODELS.anthropic), options);
    }
    case 'openai-compatible': {
      if (!config.baseUrl) throw new Error('AI_BASE_URL is required when AI_PROVIDER is openai-compatible');
      const compatible = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseUrl,
        apiKey: config.apiKey,
        fetch,
        // Sends response_format { type: 'json_schema' }: Ollama, vLLM and LM Studio honour it.
        supportsStructuredOutputs: true,
      });
      return createSdkProvider(
        'openai-compatible',
        compatible.chatModel(config.model ?? DEFAULT_MODELS['openai-compatible']),
        options,
      );
    }
  }
}
