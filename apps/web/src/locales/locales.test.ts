import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_CAPABILITIES, ERROR_CODES, LANGUAGES, WALLET_PROVIDERS } from '@gerbang/contract';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../lib/i18n';

const LOCALES_DIR = import.meta.dirname;

function flattenKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key));
}

function readNamespace(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(join(LOCALES_DIR, language, `${namespace}.json`), 'utf8'));
}

const namespaceFiles = new Set(
  LANGUAGES.flatMap((language) =>
    readdirSync(join(LOCALES_DIR, language))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length)),
  ),
);

describe('translations', () => {
  it('have a folder per language holding every namespace file', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(join(LOCALES_DIR, language)).filter((file) => file.endsWith('.json'));
      expect(files.sort()).toEqual([...namespaceFiles].map((namespace) => `${namespace}.json`).sort());
    }
  });

  it("name every wallet provider of the contract's table in every language, which is all a new provider's pages need", () => {
    for (const language of LANGUAGES) {
      const { providers, routes } = readNamespace(language, 'common') as {
        providers: Record<string, string>;
        routes: { providerDashboard: string };
      };
      const { sidebar, pageHeader } = readNamespace(language, 'console') as {
        sidebar: { provider: string };
        pageHeader: { provider: { title: string; blurb: string } };
      };
      for (const provider of WALLET_PROVIDERS) expect(providers[provider], `${language}: ${provider}`).toBeTruthy();
      // A provider without texts of its own gets these, with its name.
      for (const text of [
        routes.providerDashboard,
        sidebar.provider,
        pageHeader.provider.title,
        pageHeader.provider.blurb,
      ]) {
        expect(text, language).toContain('{{name}}');
      }
    }
  });

  it('register every namespace file with i18next', () => {
    expect([...namespaceFiles].sort()).toEqual([...NAMESPACES].sort());
  });

  for (const namespace of namespaceFiles) {
    it(`define every "${namespace}" key in en, id and ph`, () => {
      const keysByLanguage = LANGUAGES.map((language) => flattenKeys(readNamespace(language, namespace)).sort());
      const allKeys = [...new Set(keysByLanguage.flat())].sort();
      for (const [index, language] of LANGUAGES.entries()) {
        const missing = allKeys.filter((key) => !keysByLanguage[index]?.includes(key));
        expect(missing, `${language}/${namespace}.json is missing keys`).toEqual([]);
      }
    });

    it(`have no empty "${namespace}" texts`, () => {
      for (const language of LANGUAGES) {
        const data = readNamespace(language, namespace);
        const empty = flattenKeys(data).filter((key) => {
          const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], data);
          return typeof text !== 'string' || text.trim() === '';
        });
        expect(empty.filter(Boolean), `${language}/${namespace}.json has empty texts`).toEqual([]);
      }
    });
  }

  it('give every server error code a message', () => {
    for (const language of LANGUAGES) {
      const errors = readNamespace(language, 'errors') as Record<string, string>;
      expect(Object.keys(errors).sort()).toEqual([...ERROR_CODES].sort());
    }
  });

  it('name every capability a phone can declare (the device page lists them)', () => {
    for (const language of LANGUAGES) {
      const { checkTypes } = readNamespace(language, 'devices') as { checkTypes: Record<string, string> };
      const unnamed = AGENT_CAPABILITIES.filter((capability) => !checkTypes[capability]);
      expect(unnamed, `${language}/devices.json checkTypes`).toEqual([]);
    }
  });
});
