import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from './local-store';

afterEach(() => vi.restoreAllMocks());

describe('the local store', () => {
  it('keeps values in localStorage when the browser allows it', () => {
    localStore.set('color-theme', 'dark');
    expect(localStorage.getItem('color-theme')).toBe('dark');
    expect(localStore.get('color-theme')).toBe('dark');
    localStore.remove('color-theme');
    expect(localStorage.getItem('color-theme')).toBeNull();
  });

  it('keeps working in memory where reading localStorage throws (a framed third-party page)', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    expect(localStore.get('language')).toBeNull();
    localStore.set('language', 'id');
    expect(localStore.get('language')).toBe('id');
    localStore.remove('language');
    expect(localStore.get('language')).toBeNull();
  });
});
