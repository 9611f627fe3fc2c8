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

  it("binds passkeys to the consoles' host, or the parent domain they share, and to the CORS origins on it", () => {
    const secrets = { JWT_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'ab'.repeat(32) };
    const local = resolveConfig(parseConfig({}), secrets);
    expect(local.WEBAUTHN_RP_ID).toBe('localhost');
    expect(local.WEBAUTHN_ORIGINS).toEqual(['http://localhost:3000', 'http://localhost:3001']);

    const shared = parseConfig({
      ADMIN_CONSOLE_URL: 'https://admin.gerbang.example',
      MERCHANT_CONSOLE_URL: 'https://merchant.gerbang.example',
      CORS_ORIGINS: 'https://admin.gerbang.example,https://merchant.gerbang.example,https://partner.example',
    });
    expect(shared.WEBAUTHN_RP_ID).toBe('gerbang.example');
    expect(resolveConfig(shared, secrets).WEBAUTHN_ORIGINS).toEqual([
      'https://admin.gerbang.example',
      'https://merchant.gerbang.example',
    ]);
    // Nothing shared but the top-level domain: the admin console's host.
    const apart = parseConfig({
      ADMIN_CONSOLE_URL: 'https://admin.gerbang.example',
      MERCHANT_CONSOLE_URL: 'https://shop.example',
    });
    expect(apart.WEBAUTHN_RP_ID).toBe('admin.gerbang.example');
    expect(
      parseConfig({ ADMIN_CONSOLE_URL: 'https://admin.gerbang.example', WEBAUTHN_RP_ID: 'Gerbang.Example' })
        .WEBAUTHN_RP_ID,
    ).toBe('gerbang.example');
  });

  it('refuses a passkey domain that is not a console host nor a parent domain of one', () => {
    expect(problemsOf({ WEBAUTHN_RP_ID: 'gerbang.example' })).toEqual([
      "WEBAUTHN_RP_ID: gerbang.example is neither console's host nor a parent domain of it (localhost, localhost)",
    ]);
    expect(problemsOf({ WEBAUTHN_RP_ID: 'https://localhost:3000' })[0]).toMatch(/^WEBAUTHN_RP_ID: a domain name/);
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
