import {
  CREDENTIAL_FIELDS_OF_PROVIDER,
  type CreateWalletBody,
  type UpdateWalletBody,
  type WalletAccount,
  type WalletCredentialsInput,
  type WalletProvider,
  type WalletSummary,
} from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import type { SecretBox } from '../../crypto/secret-box';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors';
import { AppError, invalidFields, notFound } from '../../http/app-error';
import { decodeSortedKeysetCursor, toSortedPage } from '../../http/keyset-cursor';
import type { AgentLink } from '../agents/agent-link';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { DevicesRepository } from '../devices/devices.repository';
import type { ProxiesRepository } from '../proxies/proxies.repository';
import type { WalletEvents } from './wallet-events';
import { accountNumberOf, checkCredentialFields, limitColumnsOf } from './wallet-input';
import type { WalletLoginRepository } from './wallet-login.repository';
import type { WalletChanges, WalletListFilter, WalletRecord } from './wallet-record';
import { createWalletSummaries } from './wallet-summaries';
import { forceActiveSettings, isForceActive, toWalletAccount } from './wallet-view';
import { NO_MOVEMENTS, viewFactsOf, type WalletViewFactsRepository } from './wallet-view-facts.repository';
import type { WalletsRepository } from './wallets.repository';

export type Actor = { userId: string; ip: string };

/** Associated data of the sealed credentials: a value sealed for another column will not open here. */
export const CREDENTIALS_CONTEXT = 'wallet_accounts.credentials';

const duplicateNumber = () =>
  new AppError('CONFLICT', 'This account is already registered', {
    fields: { 'body.accountNumber': 'An account of this provider with this number is already registered' },
  });

export function createWalletsService(deps: {
  repo: WalletsRepository;
  facts: WalletViewFactsRepository;
  logins: WalletLoginRepository;
  devices: DevicesRepository;
  proxies: ProxiesRepository;
  audit: AuditRepository;
  secretBox: SecretBox;
  link: AgentLink;
  events: WalletEvents;
}) {
  const { repo, events } = deps;
  const summaries = createWalletSummaries({ repo, events });

  async function getRecord(id: string): Promise<WalletRecord> {
    const record = await repo.findById(id);
    if (!record) throw notFound('Wallet account');
    return record;
  }

  /** The API views of records, with their latest checks, today's totals and whether money moved. */
  async function views(records: WalletRecord[]): Promise<WalletAccount[]> {
    const facts = await deps.facts.factsOf(records.map((r) => r.id));
    return records.map((record) =>
      toWalletAccount(record, facts.get(record.id) ?? { today: NO_MOVEMENTS, hasMovedMoney: false }),
    );
  }

  async function view(id: string): Promise<WalletAccount> {
    const [account] = await views([await getRecord(id)]);
    return account as WalletAccount;
  }

  function record(actor: Actor | null, action: string, target: WalletRecord, details: Record<string, unknown>) {
    return deps.audit.insert({
      actorUserId: actor?.userId ?? null,
      action,
      targetType: 'wallet_account',
      targetId: target.id,
      subject: `${target.provider}:${target.accountNumber}`,
      ip: actor?.ip ?? null,
      details,
    });
  }

  /** Tells the phone(s) holding these accounts which accounts they now hold. */
  async function syncDevices(...deviceIds: string[]) {
    for (const deviceId of new Set(deviceIds)) {
      deps.link.sendAccounts(deviceId, { accounts: await repo.refsOfDevice(deviceId) });
    }
  }

  async function requireDevice(deviceId: string, errors: Record<string, string>) {
    if (!(await deps.devices.findById(deviceId))) errors['body.deviceId'] = 'No phone with this id';
  }

  /** Select Proxy takes a proxy whose last check succeeded; null clears it. */
  async function requireUsableProxy(proxyId: string | null, errors: Record<string, string>) {
    if (proxyId === null) return;
    const proxy = await deps.proxies.findById(proxyId);
    if (!proxy) errors['body.proxyId'] = 'No proxy with this id';
    else if (proxy.checkStatus !== 'ok') errors['body.proxyId'] = 'Choose a proxy whose last check succeeded';
  }

  function seal(credentials: Record<string, string>): { sealed: string; fields: string[] } {
    return {
      sealed: deps.secretBox.encrypt(JSON.stringify(credentials), CREDENTIALS_CONTEXT),
      fields: Object.keys(credentials).sort(),
    };
  }

  /** What the phone needs at login step 1; null when nothing usable is stored. */
  async function openCredentials(id: string): Promise<Record<string, string> | null> {
    const sealed = await repo.sealedCredentials(id);
    if (!sealed) return null;
    try {
      return JSON.parse(deps.secretBox.decrypt(sealed, CREDENTIALS_CONTEXT)) as Record<string, string>;
    } catch {
      // Key rotated without this value, or the value was damaged: treated as not set.
      return null;
    }
  }

  return {
    views,
    view,
    getRecord,
    openCredentials,
    syncDevices,

    async list(query: WalletListFilter & { limit: number; cursor?: string }) {
      const after = decodeSortedKeysetCursor(query.cursor, query.sort);
      const rows = await repo.page({ ...query, q: query.q || undefined }, query.limit, after);
      return toSortedPage(rows, query.limit, query.sort, (row) => toWalletAccount(row, viewFactsOf(row)));
    },

    /** The dashboard's cards: readiness from the one place it is decided, balances summed exactly. */
    summary(provider: WalletProvider): Promise<WalletSummary> {
      return summaries.of(provider);
    },

    async create(
      actor: Actor,
      body: Required<Omit<CreateWalletBody, 'credentials'>> & Pick<CreateWalletBody, 'credentials'>,
    ) {
      const errors: Record<string, string> = {};
      const accountNumber = accountNumberOf(body.provider, body.accountNumber, errors);
      const limits = limitColumnsOf(body.provider, body.limits ?? {}, errors);
      if (body.credentials) checkCredentialFields(body.provider, body.credentials, errors, 'body.credentials');
      await requireDevice(body.deviceId, errors);
      await requireUsableProxy(body.proxyId ?? null, errors);
      if (Object.keys(errors).length > 0) throw invalidFields(errors);
      const credentials = Object.fromEntries(
        Object.entries(body.credentials ?? {}).filter(([, value]) => value !== undefined),
      ) as Record<string, string>;
      const sealed = Object.keys(credentials).length > 0 ? seal(credentials) : null;
      let id: string;
      try {
        id = await repo.insert({
          deviceId: body.deviceId,
          provider: body.provider,
          accountNumber,
          holderName: body.holderName,
          label: body.label ?? '',
          notes: body.notes ?? '',
          ...limits,
          settings: forceActiveSettings({ provider: body.provider, settings: {} }, body.forceActive ?? false),
          proxyId: body.proxyId ?? null,
          ...(sealed
            ? { credentialsEncrypted: sealed.sealed, credentialFields: sealed.fields, credentialsUpdatedAt: new Date() }
            : {}),
        });
      } catch (error) {
        if (isUniqueViolation(error, 'wallet_accounts_number_key')) throw duplicateNumber();
        throw error;
      }
      const created = await getRecord(id);
      await record(actor, AUDIT_ACTIONS.walletCreated, created, {
        provider: created.provider,
        accountNumber: created.accountNumber,
        holderName: created.holderName,
        deviceId: created.deviceId,
        credentialsSet: created.credentialFields,
        forceActive: isForceActive(created),
      });
      events.changed();
      await syncDevices(created.deviceId);
      return view(id);
    },

    async update(actor: Actor, id: string, body: UpdateWalletBody): Promise<WalletAccount> {
      const current = await getRecord(id);
      const errors: Record<string, string> = {};
      const changes: WalletChanges = {};
      const diff: Record<string, unknown> = {};
      const change = <K extends keyof WalletChanges>(key: K, to: WalletChanges[K], from: unknown) => {
        if (to === undefined || to === from) return;
        changes[key] = to;
        diff[key] = {
          from: typeof from === 'bigint' ? from.toString() : from,
          to: typeof to === 'bigint' ? to.toString() : to,
        };
      };
      if (body.accountNumber !== undefined) {
        change('accountNumber', accountNumberOf(current.provider, body.accountNumber, errors), current.accountNumber);
      }
      if (body.deviceId !== undefined && body.deviceId !== current.deviceId) {
        await requireDevice(body.deviceId, errors);
        change('deviceId', body.deviceId, current.deviceId);
      }
      change('holderName', body.holderName, current.holderName);
      change('label', body.label, current.label);
      change('notes', body.notes, current.notes);
      if (body.limits) {
        const limits = limitColumnsOf(current.provider, body.limits, errors);
        for (const [key, to] of Object.entries(limits) as [keyof typeof limits, bigint | number | null][]) {
          change(key, to, current[key]);
        }
      }
      if (body.forceActive !== undefined && body.forceActive !== isForceActive(current)) {
        changes.settings = forceActiveSettings(current, body.forceActive);
        diff.forceActive = { from: !body.forceActive, to: body.forceActive };
      }
      if (Object.keys(errors).length > 0) throw invalidFields(errors);
      if (Object.keys(changes).length === 0) return view(id);
      // Another phone or another number: the app there is not signed in to this account.
      const signsOut = 'deviceId' in changes || 'accountNumber' in changes;
      if (signsOut) {
        if (await deps.logins.activeOf(id)) {
          throw new AppError('WALLET_LOGIN_RUNNING', 'Finish or cancel the running login before moving the account');
        }
        changes.loginStatus = 'logged_out';
      }
      try {
        if (!(await repo.update(id, signsOut ? { ...changes, loginStatusChangedAt: sql`now()` } : changes))) {
          throw notFound('Wallet account');
        }
      } catch (error) {
        if (isUniqueViolation(error, 'wallet_accounts_number_key')) throw duplicateNumber();
        throw error;
      }
      const updated = await getRecord(id);
      await record(actor, AUDIT_ACTIONS.walletUpdated, updated, { changes: diff });
      events.changed([id]);
      if (signsOut) await syncDevices(current.deviceId, updated.deviceId);
      return view(id);
    },

    /** Replaces the given credentials and keeps the others; the audit says which changed, never what. */
    async setCredentials(actor: Actor, id: string, body: WalletCredentialsInput): Promise<WalletAccount> {
      const current = await getRecord(id);
      const errors: Record<string, string> = {};
      checkCredentialFields(current.provider, body, errors, 'body');
      if (Object.keys(errors).length > 0) throw invalidFields(errors);
      const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >;
      const kept = (await openCredentials(id)) ?? {};
      const allowed = CREDENTIAL_FIELDS_OF_PROVIDER[current.provider] as readonly string[];
      const merged = Object.fromEntries(
        Object.entries({ ...kept, ...given }).filter(([field]) => allowed.includes(field)),
      );
      const sealed = seal(merged);
      await repo.setCredentials(id, sealed.sealed, sealed.fields);
      await record(actor, AUDIT_ACTIONS.walletCredentialsChanged, current, { changed: Object.keys(given).sort() });
      events.changed([id]);
      return view(id);
    },

    async setProxy(actor: Actor, id: string, proxyId: string | null): Promise<WalletAccount> {
      const current = await getRecord(id);
      const errors: Record<string, string> = {};
      await requireUsableProxy(proxyId, errors);
      if (Object.keys(errors).length > 0) throw invalidFields(errors);
      if (current.proxyId === proxyId) return view(id);
      await repo.update(id, { proxyId });
      await record(actor, AUDIT_ACTIONS.walletProxyChanged, current, { from: current.proxyId, to: proxyId });
      events.changed([id]);
      return view(id);
    },

    async disable(actor: Actor, id: string, reason: string): Promise<WalletAccount> {
      const current = await getRecord(id);
      if (current.status === 'disabled') return view(id);
      if (!(await repo.setStatus(id, ['active', 'auto_disabled'], 'disabled', reason || null))) return view(id);
      await record(actor, AUDIT_ACTIONS.walletDisabled, current, { from: current.status, reason });
      events.changed([id]);
      return view(id);
    },

    /** Enabling an auto-disabled account is how an operator says the cause is fixed. */
    async enable(actor: Actor, id: string): Promise<WalletAccount> {
      const current = await getRecord(id);
      if (current.status === 'active') return view(id);
      if (!(await repo.setStatus(id, ['disabled', 'auto_disabled'], 'active', null))) return view(id);
      await record(actor, AUDIT_ACTIONS.walletEnabled, current, {
        from: current.status,
        disabledReason: current.disabledReason,
        consecutiveFailures: current.consecutiveFailures,
      });
      events.changed([id]);
      return view(id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const current = await getRecord(id);
      const hasMoved = () =>
        new AppError('HAS_MOVED_MONEY', 'This account has moved money; disable it instead of deleting it');
      if ((await repo.withMovements([id])).size > 0) throw hasMoved();
      try {
        if (!(await repo.delete(id))) throw notFound('Wallet account');
      } catch (error) {
        // A transfer recorded between the check and the delete: the foreign key keeps the account.
        if (isForeignKeyViolation(error)) throw hasMoved();
        throw error;
      }
      await record(actor, AUDIT_ACTIONS.walletDeleted, current, {
        provider: current.provider,
        accountNumber: current.accountNumber,
        holderName: current.holderName,
      });
      events.changed();
      await syncDevices(current.deviceId);
    },
  };
}
export type WalletsService = ReturnType<typeof createWalletsService>;
