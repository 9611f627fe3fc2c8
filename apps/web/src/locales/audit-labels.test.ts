import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, LANGUAGES } from '@gerbang/contract';
import { describe, expect, it } from 'vitest';

const read = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, language, `${namespace}.json`), 'utf8'));

describe('the audit page', () => {
  it("name every audit action and entity type of the contract's lists in every language", () => {
    for (const language of LANGUAGES) {
      const { actions, targetTypes } = read(language, 'audit');
      expect(Object.keys(actions).sort(), `${language}/audit.json actions`).toEqual(Object.keys(AUDIT_ACTIONS).sort());
      expect(Object.keys(targetTypes).sort(), `${language}/audit.json targetTypes`).toEqual(
        [...AUDIT_TARGET_TYPES].sort(),
      );
    }
  });

  it('say it in Indonesian and Filipino, not in English', () => {
    const en = { audit: read('en', 'audit') };
    for (const language of ['id', 'ph']) {
      const audit = read(language, 'audit');
      const copied = [...Object.keys(en.audit.actions).filter((key) => audit.actions[key] === en.audit.actions[key])];
      expect(copied, language).toEqual([]);
    }
  });
});
