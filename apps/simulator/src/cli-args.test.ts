import { describe, expect, it } from 'vitest';
import { CliArgsError, parseCliArgs } from './cli-args';
import { DEFAULT_TOKENS_FILE } from './tokens-file';

describe('simulator command-line arguments', () => {
  it('has defaults for everything', () => {
    expect(parseCliArgs([])).toEqual({
      devices: 20,
      server: 'http://localhost:8080',
      tokensFile: DEFAULT_TOKENS_FILE,
      latencyMs: 800,
      failureRate: 0.1,
      heartbeatMs: undefined,
      busyRate: 0.05,
      chaos: false,
      prefix: 'sim',
      seed: undefined,
      statusMs: 5000,
    });
  });

  it('reads every option', () => {
    const args = parseCliArgs([
      '--devices=5',
      '--server',
      'https://gerbang.example.test:8443/',
      '--email',
      'ops@example.test',
      '--password-file',
      '/run/secrets/sim-password',
      '--tokens-file',
      '/tmp/t.json',
      '--latency-ms',
      '50',
      '--failure-rate',
      '1',
      '--heartbeat-ms',
      '1000',
      '--busy-rate',
      '0',
      '--chaos',
      '--prefix',
      'bench_a',
      '--seed',
      '99',
      '--status-ms',
      '0',
    ]);
    expect(args).toEqual({
      devices: 5,
      server: 'https://gerbang.example.test:8443',
      email: 'ops@example.test',
      password: { from: 'file', path: '/run/secrets/sim-password' },
      tokensFile: '/tmp/t.json',
      latencyMs: 50,
      failureRate: 1,
      heartbeatMs: 1000,
      busyRate: 0,
      chaos: true,
      prefix: 'bench_a',
      seed: 99,
      statusMs: 0,
    });
  });

  it('takes the password from SIM_PASSWORD or a file so it stays out of the process list, else asks for it', () => {
    const fromEnvironment = parseCliArgs(['--email', 'ops@example.test'], { SIM_PASSWORD: 'from the environment' });
    expect(fromEnvironment?.password).toEqual({ from: 'environment', value: 'from the environment' });
    expect(parseCliArgs(['--email', 'ops@example.test'])?.password).toEqual({ from: 'prompt' });
    expect(parseCliArgs(['--devices', '3'])?.password).toBeUndefined();
  });

  it('refuses a password on the command line, saying where to put it instead', () => {
    expect(() => parseCliArgs(['--email', 'ops@example.test', '--password', 'secret secret'])).toThrow(
      /--password is not taken: the command line shows in ps.*SIM_PASSWORD.*--password-file/,
    );
  });

  it('returns null for --help', () => {
    expect(parseCliArgs(['--help'])).toBeNull();
    expect(parseCliArgs(['-h'])).toBeNull();
  });

  it.each([
    [['--devices', 'ten'], '--devices must be a number (got "ten")'],
    [['--devices', '2.5'], '--devices must be a whole number (got 2.5)'],
    [['--devices', '0'], '--devices must be between 1 and 5000 (got 0)'],
    [['--failure-rate', '1.5'], '--failure-rate must be between 0 and 1 (got 1.5)'],
    [['--busy-rate=-0.1'], '--busy-rate must be between 0 and 1 (got -0.1)'],
    [['--heartbeat-ms', '10'], '--heartbeat-ms must be between 100 and 600000 (got 10)'],
    [['--latency-ms', ''], '--latency-ms must be a number (got "")'],
    [['--server', 'localhost:8080'], '--server must be an http:// or https:// URL (got "localhost:8080")'],
    [['--server', 'not a url'], '--server must be a URL such as http://localhost:8080 (got "not a url")'],
    [['--password-file', '/run/secrets/sim-password'], '--password-file needs --email'],
    [['--prefix', 'has space'], '--prefix must be 1–40 letters, digits, "-" or "_", starting with a letter or digit'],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(new CliArgsError(message));
  });

  it('refuses unknown options and stray words', () => {
    expect(() => parseCliArgs(['--devcies', '3'])).toThrow(CliArgsError);
    expect(() => parseCliArgs(['20'])).toThrow(CliArgsError);
    expect(() => parseCliArgs(['--devices'])).toThrow(CliArgsError);
  });
});
