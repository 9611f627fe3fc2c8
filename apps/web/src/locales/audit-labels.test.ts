import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTIONS, AREAS, AUDIT_ACTIONS, AUDIT_TARGET_TYPES, LANGUAGES } from '@gerbang/contract';
import { describe, expect, it } from 'vitest';

const read = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, language, `${namespace}.json`), 'utf8'));

describe('the audit and permission pages', () => {
  it("name every audit action and entity type of the contract's lists in every language", () => {
    for (const language of LANGUAGES) {
      const { actions, targetTypes } = read(language, 'audit');
      expect(Object.keys(actions).sort(), `${language}/audit.json actions`).toEqual(Object.keys(AUDIT_ACTIONS).sort());
      expect(Object.keys(targetTypes).sort(), `${language}/audit.json targetTypes`).toEqual(
        [...AUDIT_TARGET_TYPES].sort(),
      );
    }
  });

  it("name every area and action of the contract's permission table in every language", () => {
    for (const language of LANGUAGES) {
      const { areas, actions, legend } = read(language, 'permissions');
      expect(Object.keys(areas).sort(), `${language}/permissions.json areas`).toEqual([...AREAS].sort());
      expect(Object.keys(actions).sort(), `${language}/permissions.json actions`).toEqual([...ACTIONS].sort());
      for (const action of ACTIONS) expect(legend[action], `${language}: legend.${action}`).toBeTruthy();
    }
  });

  it('say it in Indonesian and Filipino, not in English', () => {
    const en = { audit: read('en', 'audit'), permissions: read('en', 'permissions') };
    for (const language of ['id', 'ph']) {
      const audit = read(language, 'audit');
      const permissions = read(language, 'permissions');
      const copied = [
        ...Object.keys(en.audit.actions).filter((key) => audit.actions[key] === en.audit.actions[key]),
        ...Object.keys(en.permissions.legend).filter((key) => permissions.legend[key] === en.permissions.legend[key]),
      ];
      expect(copied, language).toEqual([]);
    }
  });
});
