import { readFileSync } from 'node:fs';
import type { Language } from '@gerbang/contract';

type Messages = { [key: string]: string | Messages };

/** The web app's own translation files, so language tests assert the texts the app ships. */
export function messages(language: Language, namespace: 'common' | 'auth' | 'users' | 'errors'): Messages {
  const file = new URL(`../../apps/web/src/locales/${language}/${namespace}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Messages;
}

export function text(language: Language, namespace: 'common' | 'auth' | 'users' | 'errors', key: string): string {
  let node: string | Messages | undefined = messages(language, namespace);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No text ${language}/${namespace}:${key}`);
  return node;
}
