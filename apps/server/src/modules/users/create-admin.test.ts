import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createTestDatabase } from '../../../test/helpers/test-database';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { ensureFirstAdmin } from './create-admin';
import { api, auditFor, tokenFromLink } from './users.test-support';

const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const TSX = join(SERVER_DIR, '../../node_modules/.bin/tsx');

function runCli(args: string[], env: Record<string, string>) {
  return promisify(execFile)(TSX, ['src/cli/admin.ts', ...args], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

describe('first run: ensureFirstAdmin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAIL: 'first@gerbang.test' } });
  });
  afterAll(() => t.close());

  it('creates ADMIN_EMAIL as an invited Admin once, audits it, and returns a working activation link', async () => {
    const lost = await ensureFirstAdmin(t.app.ctx);
    expect(lost).toMatch(/^http:\/\/localhost:3000\/auth\/activate\?token=/);
    // A restart before activation prints a fresh link; the earlier one stops working.
    const link = await ensureFirstAdmin(t.app.ctx);
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/activate\?token=/);
    expect(link).not.toBe(lost);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/auth/activate',
      payload: { token: tokenFromLink(lost as string), password: 'first admin password' },
    });
    expect(stale.statusCode).toBe(400);

    const password = 'first admin password';
    const activate = await t.app.inject({
      method: 'POST',
      url: '/auth/activate',
      payload: { token: tokenFromLink(link as string), password },
    });
    expect(activate.statusCode).toBeLessThan(300);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: 'first@gerbang.test', password },
    });
    expect(signin.statusCode).toBe(200);
    expect(await ensureFirstAdmin(t.app.ctx)).toBeNull();
    const { user, accessToken } = signin.json();
    expect(user).toMatchObject({ email: 'first@gerbang.test', roleId: ROLE.Admin, status: 'active' });
    const entry = (await auditFor(t, user.id)).find((row) => row.action === AUDIT_ACTIONS.adminCreated);
    expect(entry).toMatchObject({ actorUserId: null, targetType: 'user', subject: 'first@gerbang.test' });
    // Only one Admin exists.
    const admins = await api(t.app, { authorization: `Bearer ${accessToken}` }).get(`/users?roleId=${ROLE.Admin}`);
    expect(admins.json().items).toHaveLength(1);
  });
});

describe('npm run admin -- create <email>', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'gerbang-cli-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('creates an Admin in the embedded database, prints one line with the link, refuses the same email again', async () => {
    const dataDir = tempDir();
    const created = await runCli(['create', 'Ops@CLI.test'], { DATA_DIR: dataDir });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const lines = created.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ops@cli\.test.*http:\/\/localhost:3000\/auth\/activate\?token=[\w-]+$/);

    const again = await runCli(['create', 'ops@cli.test'], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  }, 60_000);

  it('refuses to touch an embedded database a running server holds', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'gerbang.lock'), String(process.pid));
    const res = await runCli(['create', 'locked@cli.test'], { DATA_DIR: dataDir });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('in use');
  });

  it('explains its usage and refuses a bad email', async () => {
    expect((await runCli([], { DATA_DIR: tempDir() })).stderr).toContain('Usage');
    expect((await runCli(['create', 'nope'], { DATA_DIR: tempDir() })).stderr).toContain('Not a valid email');
  });

  it('works against PostgreSQL with DATABASE_URL', async (context) => {
    const database = await createTestDatabase();
    if (!database.url) {
      await database.close();
      context.skip();
    }
    try {
      const res = await runCli(['create', 'pg@cli.test', 'Ops', 'Lead'], {
        DATABASE_URL: database.url as string,
        JWT_SECRET: 'x'.repeat(40),
        ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      });
      expect(res.stderr).toBe('');
      expect(res.stdout).toContain('/auth/activate?token=');
      const rows = await database.db.execute("select name, role_id, status from users where email = 'pg@cli.test'");
      expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
        { name: 'Ops Lead', role_id: ROLE.Admin, status: 'invited' },
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
