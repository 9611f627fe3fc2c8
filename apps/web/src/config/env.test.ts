import { describe, expect, it } from 'vitest';
import defaults from './defaults.json' with { type: 'json' };
import { env, parseEnv } from './env';

describe('build settings', () => {
  it('are parsed once, with admin as the default target', () => {
    expect(env.backendUrl).toBe('http://127.0.0.1:9');
    expect(env.buildTarget).toBe('admin');
    expect(env.consoleKind).toBe('admin');
  });

  it("reach the API on the console's own origin by default (/api), or at an absolute URL when one is set", () => {
    expect(defaults.backendUrl).toBe('/api');
    expect(parseEnv({ MODE: 'production' }).backendUrl).toBe(`${location.origin}/api`);
    expect(parseEnv({ MODE: 'production', VITE_BACKEND_URL: '/gateway/' }).backendUrl).toBe(
      `${location.origin}/gateway`,
    );
    expect(parseEnv({ MODE: 'production', VITE_BACKEND_URL: 'https://api.example.com' }).backendUrl).toBe(
      'https://api.example.com',
    );
    expect(() => parseEnv({ MODE: 'production', VITE_BACKEND_URL: 'api.example.com' })).toThrow(
      'VITE_BACKEND_URL: Invalid URL',
    );
  });
});
