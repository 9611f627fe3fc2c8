import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, parseConfig, resolveConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('server configuration', () => {
  it('starts on the embedded default with no settings at all', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ PORT: 8080, ADMIN_PORT: 3000, MERCHANT_PORT: 3001, DATA_DIR: './data' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('links to the consoles, and lets them call the API, on the ports they were moved to', () => {
    const raw = parseConfig({ ADMIN_PORT: '4000', MERCHANT_PORT: '4001' });
    expect(raw).toMatchObject({
      ADMIN_CONSOLE_URL: 'http://localhost:4000',
      MERCHANT_CONSOLE_URL: 'http://localhost:4001',
    });
    const config = resolveConfig(raw, { JWT_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'ab'.repeat(32) });
    expect(config.CORS_ORIGINS).toEqual(['http://localhost:4000', 'http://localhost:4001']);
  });

  it('keeps console URLs that are given, whatever the ports', () => {
    const raw = parseConfig({ ADMIN_PORT: '4000', ADMIN_CONSOLE_URL: 'https://admin.gerbang.example' });
    expect(raw).toMatchObject({
      ADMIN_CONSOLE_URL: 'https://admin.gerbang.example',
      MERCHANT_CONSOLE_URL: 'http://localhost:3001',
    });
  });

  it('names each missing secret when DATABASE_URL is set', () => {
    const problems = problemsOf({ DATABASE_URL: 'postgres://db.example:5432/gerbang' });
    expect(problems).toEqual([
      'JWT_SECRET: required when DATABASE_URL is set',
      'ENCRYPTION_KEY: required when DATABASE_URL is set',
    ]);
  });

  it('names every invalid setting at once', () => {
    const problems = problemsOf({ PORT: 'eighty', JWT_SECRET: 'short', ENCRYPTION_KEY: 'abc', SMTP_URL: 'not a url' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['ENCRYPTION_KEY', 'JWT_SECRET', 'PORT', 'SMTP_URL']);
  });

  it('accepts a 32-byte hex encryption key with a PostgreSQL URL', () => {
    const config = parseConfig({
      DATABASE_URL: 'postgres://db.example:5432/gerbang',
      JWT_SECRET: 'x'.repeat(32),
      ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect(config.DATABASE_URL).toBe('postgres://db.example:5432/gerbang');
  });
});

describe('the README configuration table', () => {
  it('documents every setting the server reads', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z_]+)`/gm)].map((m) => m[1]));
    const missing = Object.keys(configSchema.shape).filter((key) => key !== 'NODE_ENV' && !documented.has(key));
    expect(missing).toEqual([]);
  });
});
