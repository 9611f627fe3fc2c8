import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMerchant } from '../../test/helpers/test-app';
import { createTestDatabase } from '../../test/helpers/test-database';
import { ConfigError, parseConfig } from '../config';
import { createSecretBox } from '../crypto/secret-box';
import type { DatabaseHandle } from '../db/database';
import { merchants } from '../db/schema';
import { WEBHOOK_SECRET_CONTEXT } from '../modules/merchants/merchants.service';
import { resealSecrets } from './reseal-secrets';

describe('rotating the encryption key', () => {
  let database: DatabaseHandle;
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const sealedOf = async (id: string) =>
    (await database.db.select().from(merchants).where(eq(merchants.id, id)))[0]?.webhookSecretEncrypted as string;

  it('seals every value of the retired key again with the new one; after that the new key alone opens them', async () => {
    const kept = randomUUID();
    const broken = randomUUID();
    for (const id of [kept, broken]) await ensureMerchant(database, id);
    const before = createSecretBox({ current: { version: 'v1', key: oldKey } });
    await database.db
      .update(merchants)
      .set({ webhookSecretEncrypted: before.encrypt('whsec_kept', WEBHOOK_SECRET_CONTEXT) })
      .where(eq(merchants.id, kept));
    const brokenValue = `v1.${randomBytes(40).toString('base64url')}`;
    await database.db.update(merchants).set({ webhookSecretEncrypted: brokenValue }).where(eq(merchants.id, broken));

    const during = createSecretBox({ current: { version: 'v2', key: newKey }, previous: { v1: oldKey } });
    const first = await resealSecrets(database.db, during);
    expect(first.find((r) => r.name === 'webhook secrets')).toEqual({
      name: 'webhook secrets',
      resealed: 1,
      current: 0,
      unreadable: 1,
    });
    expect(await sealedOf(kept)).toMatch(/^v2\./);
    // A value no key opens is reported and left as it was.
    expect(await sealedOf(broken)).toBe(brokenValue);

    const after = createSecretBox({ current: { version: 'v2', key: newKey } });
    expect(after.decrypt(await sealedOf(kept), WEBHOOK_SECRET_CONTEXT)).toBe('whsec_kept');
    const again = await resealSecrets(database.db, during);
    expect(again.find((r) => r.name === 'webhook secrets')).toMatchObject({ resealed: 0, current: 1 });
  });

  it('refuses a retired key listed under the current key’s version, and names what is wrong', () => {
    const env = {
      ENCRYPTION_KEY: newKey.toString('base64'),
      ENCRYPTION_KEY_VERSION: 'v2',
      ENCRYPTION_KEYS_PREVIOUS: `v1:${oldKey.toString('base64')}`,
    };
    expect(() => parseConfig(env)).not.toThrow();
    expect(() => parseConfig({ ...env, ENCRYPTION_KEYS_PREVIOUS: `v2:${oldKey.toString('base64')}` })).toThrow(
      /ENCRYPTION_KEYS_PREVIOUS: names v2/,
    );
    expect(() => parseConfig({ ...env, ENCRYPTION_KEYS_PREVIOUS: 'v1:short' })).toThrow(ConfigError);
  });
});
