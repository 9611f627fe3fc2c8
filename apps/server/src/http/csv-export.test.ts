import { describe, expect, it } from 'vitest';
import { csvField } from './csv-export';

describe('a CSV field', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['+62 812', "'+62 812"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
  ])('writes %s as %s', (value, field) => {
    expect(csvField(value)).toBe(field);
  });
});
