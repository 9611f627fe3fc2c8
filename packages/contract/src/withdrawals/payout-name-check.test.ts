import { describe, expect, it } from 'vitest';
import { holderNameScore, holderNamesMatch, holderNameWords } from './payout-name-check';

describe('payout name check', () => {
  it('reads a name as its words, without case, accents, punctuation, titles or company forms', () => {
    expect(holderNameWords('Bpk. H. Ñuñez-Sántos, S.')).toEqual(['h', 'nunez', 'santos', 's']);
    expect(holderNameWords('PT. Toko Maju Tbk')).toEqual(['toko', 'maju']);
    expect(holderNameWords("Ibu Dewi O'Neil")).toEqual(['dewi', 'oneil']);
    expect(holderNameWords('Mr & Mrs')).toEqual([]);
  });

  it.each([
    ['Lina Marlina', 'MARLINA LINA', 100],
    ['Ibu Lina Marlina', 'LINA MARLINA', 100],
    ['PT Toko Maju', 'TOKO MAJU', 100],
    ['Juan dela Cruz Jr.', 'JUAN DELA CRUZ', 100],
    ['Juan Delacruz', 'JUAN DELA CRUZ', 100],
  ])('%s and %s are the same holder (%d)', (given, verified, score) => {
    expect(holderNameScore(given, verified)).toBe(score);
  });

  it.each([
    ['Budi Santoso', 'BUDI SANTOSA'],
    ['M. Yusuf', 'MUHAMMAD YUSUF'],
    ['Siti Rahayu', 'SITI RAHAYU S'],
  ])('%s and %s match closely enough', (given, verified) => {
    const score = holderNameScore(given, verified);
    expect(score).toBeLessThan(100);
    expect(holderNamesMatch(score)).toBe(true);
  });

  it.each([
    ['Walk Tester', 'PT TOKO MAJU'],
    ['Budi', 'BUDI SANTOSO'],
    ['Maria Santos', 'MARIO SANTANA'],
    ['Dewi Lestari', 'DEWI'],
    ['PT', 'PT TOKO MAJU'],
  ])('%s and %s do not match', (given, verified) => {
    expect(holderNamesMatch(holderNameScore(given, verified))).toBe(false);
  });

  it('scores a name against itself 100 and is symmetric', () => {
    expect(holderNameScore('Agus Pratama', 'Agus Pratama')).toBe(100);
    expect(holderNameScore('Budi Santoso', 'Budi')).toBe(holderNameScore('Budi', 'Budi Santoso'));
  });
});
