import { describe, expect, it } from 'vitest';
import { env } from './env';

describe('build settings', () => {
  it('are parsed once, with admin as the default target', () => {
    expect(env.backendUrl).toBe('http://127.0.0.1:9');
    expect(env.buildTarget).toBe('admin');
    expect(env.consoleKind).toBe('admin');
  });
});
