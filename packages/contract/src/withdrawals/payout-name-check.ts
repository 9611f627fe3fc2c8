import { z } from 'zod';

/**
 * The payout name check: the holder's name the merchant gave against the one the provider's
 * inquiry returned. Names are compared as words, whatever their case, accents, punctuation and
 * order, without titles and company forms (PT, CV, Bpk, Ibu, Mr, Inc, …); a word may be a close
 * spelling (Santoso/Santosa) or an initial (M. Yusuf/Muhammad Yusuf). The score is 0–100; a payout
 * whose score is below PAYOUT_NAME_MATCH_MIN_SCORE does what its merchant's policy says.
 */
export const PAYOUT_NAME_MATCH_MIN_SCORE = 80;

/**
 * A merchant's policy for a payout whose names do not match: send it anyway (`allow`), hold it for
 * an operator's review (`hold`, the default), or fail it and release its hold (`refuse`).
 */
export const PAYOUT_NAME_POLICIES = ['allow', 'hold', 'refuse'] as const;
export const payoutNamePolicySchema = z.enum(PAYOUT_NAME_POLICIES);
export type PayoutNamePolicy = z.infer<typeof payoutNamePolicySchema>;
export const PAYOUT_NAME_POLICY_DEFAULT: PayoutNamePolicy = 'hold';

/** Words that say who someone is, not their name: titles, honorifics, suffixes and company forms. */
const NOT_A_NAME = new Set([
  // Indonesian
  'pt',
  'cv',
  'tbk',
  'ud',
  'pd',
  'bpk',
  'bapak',
  'pak',
  'ibu',
  'bu',
  'sdr',
  'sdri',
  'saudara',
  'saudari',
  'tn',
  'tuan',
  'ny',
  'nyonya',
  'nn',
  'nona',
  'hj',
  'haji',
  'hajah',
  'drs',
  'dra',
  'ir',
  // Filipino and English
  'mr',
  'mrs',
  'ms',
  'miss',
  'dr',
  'prof',
  'atty',
  'engr',
  'jr',
  'sr',
  'ii',
  'iii',
  'inc',
  'corp',
  'corporation',
  'co',
  'ltd',
  'llc',
  'limited',
  'company',
  'opc',
]);

/** The words of a name, lower case, without accents, punctuation, titles or company forms. */
export function holderNameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word !== '' && !NOT_A_NAME.has(word));
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** How alike two strings are, 0–1, by edit distance over the longer length. */
function likeness(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - editDistance(a, b) / longer;
}

/** Two words: the same (1), an initial of the other (0.8), a close spelling (≥ 0.75), or not (0). */
function wordLikeness(a: string, b: string): number {
  if (a === b) return 1;
  if ((a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b))) return 0.8;
  const score = likeness(a, b);
  return score >= 0.75 ? score : 0;
}

/**
 * How well two holder names match, 0–100: each word of one paired with at most one word of the
 * other (the best pairs first), or the names run together ("Dela Cruz" and "Delacruz"), whichever
 * is higher. 0 when either has no name words at all.
 */
export function holderNameScore(given: string, verified: string): number {
  const a = holderNameWords(given);
  const b = holderNameWords(verified);
  if (a.length === 0 || b.length === 0) return 0;
  const pairs = a
    .flatMap((wordA, i) => b.map((wordB, j) => ({ i, j, score: wordLikeness(wordA, wordB) })))
    .filter((pair) => pair.score > 0)
    .sort((x, y) => y.score - x.score);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  let matched = 0;
  for (const pair of pairs) {
    if (usedA.has(pair.i) || usedB.has(pair.j)) continue;
    usedA.add(pair.i);
    usedB.add(pair.j);
    matched += pair.score;
  }
  const byWords = (2 * matched) / (a.length + b.length);
  const runTogether = likeness(a.join(''), b.join(''));
  return Math.round(100 * Math.max(byWords, runTogether >= 0.9 ? runTogether : 0));
}

/** Whether a score passes the check. */
export const holderNamesMatch = (score: number) => score >= PAYOUT_NAME_MATCH_MIN_SCORE;

/**
 * A payout's name check as the consoles and the API show it: null when there was nothing to
 * compare (no name given, or not verified yet).
 */
export const payoutNameCheckSchema = z
  .object({
    /** 0–100: how well the name the merchant gave matches the provider's. */
    score: z.number().int().min(0).max(100),
    matches: z.boolean(),
  })
  .nullable();
export type PayoutNameCheck = z.infer<typeof payoutNameCheckSchema>;

export function payoutNameCheckOf(score: number | null): PayoutNameCheck {
  return score === null ? null : { score, matches: holderNamesMatch(score) };
}
