import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import type { PasswordSource } from './cli-args';

/** Asks on the terminal; what is typed goes to a muted output, so it is never echoed. */
function ask(question: string): Promise<string> {
  if (!process.stdin.isTTY) {
    return Promise.reject(
      new Error('No terminal to ask the password on: set SIM_PASSWORD or use --password-file <file>'),
    );
  }
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  process.stdout.write(question);
  const prompt = createInterface({ input: process.stdin, output: muted, terminal: true });
  return new Promise((resolve) => {
    prompt.question('', (answer) => {
      prompt.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

/** The operator's password from where `npm run sim` was told to take it (never its command line). */
export async function readPassword(source: PasswordSource, email: string): Promise<string> {
  const password =
    source.from === 'environment'
      ? source.value
      : source.from === 'file'
        ? ((await readFile(source.path, 'utf8')).split(/\r?\n/)[0] ?? '')
        : await ask(`Password of ${email}: `);
  if (password === '')
    throw new Error(`No password for ${email} (${source.from === 'file' ? source.path : source.from} is empty)`);
  return password;
}
