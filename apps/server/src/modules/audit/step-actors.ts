import type { StepActor } from '@gerbang/contract';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { apiTokens, devices, users, walletAccounts } from '../../db/schema';

/** The ids a timeline's steps name, to be read at once. */
export type ActorIds = { users: string[]; tokens: string[]; devices: string[]; accounts: string[] };

/** Names by id: users (with whether they are a merchant's), API tokens, phones, and accounts' phones. */
export type ActorNames = {
  user(id: string): StepActor;
  token(id: string | null): StepActor;
  phone(deviceId: string | null): StepActor;
  phoneOfAccount(accountId: string | null): StepActor;
};

export const CUSTOMER: StepActor = { kind: 'customer', name: null };
export const SYSTEM: StepActor = { kind: 'system', name: null };

const unique = (ids: string[]) => [...new Set(ids.filter((id) => id !== ''))];

/**
 * Reads the names of everyone a timeline names, in four small queries (none when it names nobody),
 * for a detail view: who took each step in words an operator or a merchant reads.
 */
export async function actorNames(db: Database, ids: ActorIds): Promise<ActorNames> {
  const [people, tokens, accounts] = await Promise.all([
    ids.users.length === 0
      ? []
      : db
          .select({ id: users.id, name: users.name, merchantId: users.merchantId })
          .from(users)
          .where(inArray(users.id, unique(ids.users))),
    ids.tokens.length === 0
      ? []
      : db
          .select({ id: apiTokens.id, name: apiTokens.name })
          .from(apiTokens)
          .where(inArray(apiTokens.id, unique(ids.tokens))),
    ids.accounts.length === 0
      ? []
      : db
          .select({ id: walletAccounts.id, deviceId: walletAccounts.deviceId })
          .from(walletAccounts)
          .where(inArray(walletAccounts.id, unique(ids.accounts))),
  ]);
  const deviceOfAccount = new Map(accounts.map((a) => [a.id, a.deviceId]));
  const deviceIds = unique([...ids.devices, ...accounts.flatMap((a) => (a.deviceId ? [a.deviceId] : []))]);
  const phones =
    deviceIds.length === 0
      ? []
      : await db.select({ id: devices.id, name: devices.name }).from(devices).where(inArray(devices.id, deviceIds));
  const userById = new Map(people.map((u) => [u.id, u]));
  const tokenById = new Map(tokens.map((t) => [t.id, t.name]));
  const phoneById = new Map(phones.map((p) => [p.id, p.name]));
  const phone = (deviceId: string | null): StepActor => ({
    kind: 'phone',
    name: deviceId === null ? null : (phoneById.get(deviceId) ?? null),
  });
  return {
    user(id) {
      const user = userById.get(id);
      // A removed user keeps their steps: an operator, by name unknown now.
      return { kind: user?.merchantId ? 'merchant_user' : 'operator', name: user?.name ?? null };
    },
    token: (id) => ({ kind: 'api_token', name: id === null ? null : (tokenById.get(id) ?? null) }),
    phone,
    phoneOfAccount: (accountId) => phone(accountId === null ? null : (deviceOfAccount.get(accountId) ?? null)),
  };
}

/** A details object's string field, when it has one. */
export function detailId(details: Record<string, unknown> | null, key: string): string | null {
  const value = details?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
}
