import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.ai.provider).toBe('offline');
    expect(config.maxUploadBytes).toBe(40 * 1024 * 1024);
    expect(config.trustProxy).toBe(false);
  });

  it.each([
    ['true', true],
    ['FALSE', false],
    ['1', 1],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.1.10, ::1, fd00::/8', ['10.0.0.0/8', '192.168.1.10', '::1', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://travel.example/' }).publicUrl).toBe('https://travel.example');
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must start with postgres/],
    [{ PUBLIC_URL: 'travel.example' }, /^Invalid configuration: PUBLIC_URL /],
    [{ AI_PROVIDER: 'skynet' }, /^Invalid configuration: AI_PROVIDER must be one of offline, openai/],
    [{ AI_PROVIDER: 'openai-compatible' }, /^Invalid configuration: AI_BASE_URL is required/],
    [{ AI_PROVIDER: 'openai' }, /^Invalid configuration: AI_API_KEY is required/],
    [{ ADMIN_PASSWORD: 'short' }, /^Invalid configuration: ADMIN_PASSWORD must be at least 8/],
    [{ MAX_UPLOAD_MB: '0' }, /^Invalid configuration: MAX_UPLOAD_MB /],
    [{ TRUST_PROXY: 'yes' }, /^Invalid configuration: TRUST_PROXY must be false, true, a number of proxies/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^Invalid configuration: TRUST_PROXY /],
    [{ TRUST_PROXY: '10.0.0.1,proxy.internal' }, /^Invalid configuration: TRUST_PROXY /],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('accepts a PostgreSQL URL and an OpenAI-compatible server', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://localhost:11434/v1',
      AI_MODEL: 'llava',
    });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.ai).toEqual({
      provider: 'openai-compatible',
      baseUrl: 'http://localhost:11434/v1',
      model: 'llava',
      apiKey: undefined,
    });
  });
});
