import { LANGUAGES } from '@gerbang/contract';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_PAGE_NAMESPACES, NAMESPACES } from '../lib/i18n';
import { loadConsoleNamespace } from './console-catalog';
import { loadNamespace } from './namespace-catalog';

describe('translation catalogs', () => {
  it('give the consoles and the customer pages the same texts for every language and namespace', async () => {
    for (const language of LANGUAGES) {
      for (const namespace of NAMESPACES.filter((ns) => !CUSTOMER_PAGE_NAMESPACES.includes(ns))) {
        const [console, customer] = await Promise.all([
          loadConsoleNamespace(language, namespace),
          loadNamespace(language, namespace),
        ]);
        expect(console, `${language}/${namespace}`).toEqual(customer);
      }
    }
  });

  it('refuse a namespace or language that has no file, naming it', async () => {
    await expect(loadConsoleNamespace('en', 'nowhere')).rejects.toThrow('No translations for en/nowhere');
    await expect(loadConsoleNamespace('xx', 'common')).rejects.toThrow('No translations for xx/common');
    await expect(loadNamespace('xx', 'deposit')).rejects.toThrow('No translations for xx/deposit');
    // The customer pages' namespaces are theirs alone: a console carries no file of them.
    await expect(loadConsoleNamespace('en', 'deposit')).rejects.toThrow('No translations for en/deposit');
  });
});
