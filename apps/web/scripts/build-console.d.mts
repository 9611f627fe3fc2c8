export function buildConsole(target: string, options?: { outDir?: string }): Promise<void>;
