import type { Plugin } from 'vite';

export type PrecompressTotals = { files: number; raw: number; br: number; gz: number };
export function precompress(dir: string): Promise<PrecompressTotals>;
export function precompressPlugin(): Plugin;
