import type {
  CreateProxyBody,
  ImportProxiesBody,
  ImportProxiesResponse,
  ProxyEntry,
  UpdateProxyBody,
} from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../../crypto/secret-box';
import { isUniqueViolation } from '../../db/pg-errors';
import { AppError, notFound } from '../../http/app-error';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { ListProxiesFilter, NewProxyRecord, ProxiesRepository, ProxyRecord } from './proxies.repository';
import { endpointKey } from './proxies.repository';
import { checkProxy, type ProxyCheckResult } from './proxy-check';
import { openProxyEndpoint, PROXY_PASSWORD_CONTEXT } from './proxy-endpoint';
import { hostPort, normalizeHost, parseProxyLines } from './proxy-lines';
import { toProxyResponse } from './proxy-response';

/** Who is acting, and from where (for the audit trail). */
export type Actor = { userId: string; ip: string };

/** How many proxies the schedule checks at once. */
export const SCHEDULED_CHECK_CONCURRENCY = 8;

const duplicate = () =>
  new AppError('CONFLICT', 'A proxy with this type, host, port and username already exists', {
    fields: { 'body.host': 'A proxy with this type, host, port and username already exists' },
  });

export function createProxiesService(deps: {
  repo: ProxiesRepository;
  audit: AuditRepository;
  secretBox: SecretBox;
  logger: FastifyBaseLogger;
  check: { url: string; timeoutMs: number };
}) {
  const { repo, audit, secretBox } = deps;

  async function getRecord(id: string): Promise<ProxyRecord> {
    const proxy = await repo.findById(id);
    if (!proxy) throw notFound('Proxy');
    return proxy;
  }

  function record(actor: Actor, action: string, target: ProxyRecord | null, details: Record<string, unknown>) {
    return audit.insert({
      actorUserId: actor.userId,
      action,
      targetType: 'proxy',
      targetId: target?.id ?? null,
      subject: target ? `${target.type}://${hostPort(target.host, target.port)}` : null,
      ip: actor.ip,
      details,
    });
  }

  const seal = (password: string | null | undefined) =>
    password ? secretBox.encrypt(password, PROXY_PASSWORD_CONTEXT) : null;

  async function checkOne(proxy: ProxyRecord): Promise<ProxyRecord> {
    const { isPasswordUnreadable, ...endpoint } = openProxyEndpoint(proxy, secretBox);
    const result: ProxyCheckResult = isPasswordUnreadable
      ? { ok: false, latencyMs: null, error: 'The stored password cannot be decrypted; set it again' }
      : await checkProxy(endpoint, { checkUrl: deps.check.url, timeoutMs: deps.check.timeoutMs });
    const updated = await repo.recordCheck(
      proxy.id,
      result.ok
        ? { checkStatus: 'ok', latencyMs: result.latencyMs, exitIp: result.exitIp, lastError: null }
        : { checkStatus: 'failed', latencyMs: result.latencyMs, exitIp: null, lastError: result.error },
    );
    if (!updated) throw notFound('Proxy');
    return updated;
  }

  return {
    async list(filter: ListProxiesFilter): Promise<{ items: ProxyEntry[] }> {
      const rows = await repo.list({ ...filter, q: filter.q || undefined });
      return { items: rows.map(toProxyResponse) };
    },

    async get(id: string): Promise<ProxyEntry> {
      return toProxyResponse(await getRecord(id));
    },

    async create(actor: Actor, body: CreateProxyBody): Promise<ProxyEntry> {
      const fields: NewProxyRecord = {
        type: body.type,
        host: normalizeHost(body.host),
        port: Number(body.port),
        username: body.username || null,
        passwordEncrypted: seal(body.password),
        label: body.label ?? '',
      };
      if (await repo.endpointTaken(fields)) throw duplicate();
      const created = await repo.insert(fields);
      if (!created) throw duplicate();
      await record(actor, AUDIT_ACTIONS.proxyCreated, created, {
        type: created.type,
        host: created.host,
        port: created.port,
        username: created.username,
        label: created.label,
        hasPassword: created.passwordEncrypted !== null,
      });
      return toProxyResponse(created);
    },

    async update(actor: Actor, id: string, body: UpdateProxyBody): Promise<ProxyEntry> {
      const current = await getRecord(id);
      const next = {
        type: body.type ?? current.type,
        host: body.host !== undefined ? normalizeHost(body.host) : current.host,
        port: body.port !== undefined ? Number(body.port) : current.port,
        username: body.username !== undefined ? body.username || null : current.username,
        label: body.label ?? current.label,
      };
      const changes: Partial<NewProxyRecord> = {};
      const diff: Record<string, unknown> = {};
      for (const key of ['type', 'host', 'port', 'username', 'label'] as const) {
        if (next[key] !== current[key]) {
          Object.assign(changes, { [key]: next[key] });
          diff[key] = { from: current[key], to: next[key] };
        }
      }
      // Absent keeps the password, null (or empty) clears it, a value replaces it; the audit says which, never what.
      if (body.password !== undefined) {
        if (body.password) {
          changes.passwordEncrypted = seal(body.password);
          diff.password = 'changed';
        } else if (current.passwordEncrypted !== null) {
          changes.passwordEncrypted = null;
          diff.password = 'cleared';
        }
      }
      if (Object.keys(changes).length === 0) return toProxyResponse(current);
      const endpointChanged = ['type', 'host', 'port', 'username'].some((key) => key in changes);
      if (endpointChanged && (await repo.endpointTaken(next, id))) throw duplicate();
      let updated: ProxyRecord | null;
      try {
        updated = await repo.update(id, { ...changes, resetCheck: endpointChanged || 'passwordEncrypted' in changes });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
      if (!updated) throw notFound('Proxy');
      await record(actor, AUDIT_ACTIONS.proxyUpdated, updated, { changes: diff });
      return toProxyResponse(updated);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const deleted = await repo.delete(id);
      if (!deleted) throw notFound('Proxy');
      await record(actor, AUDIT_ACTIONS.proxyDeleted, deleted, {
        type: deleted.type,
        host: deleted.host,
        port: deleted.port,
        username: deleted.username,
        label: deleted.label,
      });
    },

    async import(actor: Actor, body: ImportProxiesBody): Promise<ImportProxiesResponse> {
      const { proxies: parsed, errors } = parseProxyLines(body.lines);
      const taken = await repo.existingEndpointKeys(body.type, [...new Set(parsed.map((p) => p.host))]);
      const firstLineOf = new Map<string, number>();
      const toInsert: { line: (typeof parsed)[number]; fields: NewProxyRecord }[] = [];
      for (const line of parsed) {
        const key = endpointKey(line);
        const fail = (message: string) => errors.push({ line: line.line, text: line.text, message });
        if (taken.has(key)) {
          fail('This proxy already exists');
          continue;
        }
        const earlier = firstLineOf.get(key);
        if (earlier !== undefined) {
          fail(`Same proxy as line ${earlier}`);
          continue;
        }
        firstLineOf.set(key, line.line);
        toInsert.push({
          line,
          fields: {
            type: body.type,
            host: line.host,
            port: line.port,
            username: line.username,
            passwordEncrypted: seal(line.password),
            label: '',
          },
        });
      }
      const inserted = await repo.insertMany(toInsert.map((item) => item.fields));
      const insertedKeys = new Set(inserted.map((row) => endpointKey(row)));
      // Created by someone else between our look-up and the insert.
      for (const { line } of toInsert) {
        if (!insertedKeys.has(endpointKey(line))) {
          errors.push({ line: line.line, text: line.text, message: 'This proxy already exists' });
        }
      }
      errors.sort((a, b) => a.line - b.line);
      if (inserted.length > 0 || errors.length > 0) {
        await record(actor, AUDIT_ACTIONS.proxiesImported, null, {
          type: body.type,
          created: inserted.length,
          failed: errors.length,
          createdIds: inserted.map((row) => row.id),
        });
      }
      const byKey = new Map(inserted.map((row) => [endpointKey(row), row]));
      const created = toInsert.flatMap(({ line }) => {
        const row = byKey.get(endpointKey(line));
        return row ? [toProxyResponse(row)] : [];
      });
      return { created, errors };
    },

    async check(actor: Actor, id: string): Promise<ProxyEntry> {
      const checked = await checkOne(await getRecord(id));
      await record(actor, AUDIT_ACTIONS.proxyChecked, checked, {
        checkStatus: checked.checkStatus,
        latencyMs: checked.latencyMs,
        exitIp: checked.exitIp,
        lastError: checked.lastError,
      });
      return toProxyResponse(checked);
    },

    /** The scheduled run: every proxy, at most `concurrency` at a time; one failure never stops the rest. */
    async checkAll(concurrency = SCHEDULED_CHECK_CONCURRENCY): Promise<{ checked: number }> {
      const ids = await repo.listIds();
      let next = 0;
      let checked = 0;
      const worker = async () => {
        while (next < ids.length) {
          const id = ids[next++] as string;
          try {
            const proxy = await repo.findById(id);
            if (!proxy) continue; // deleted since the list was read
            await checkOne(proxy);
            checked++;
          } catch (error) {
            deps.logger.warn({ err: error, proxyId: id }, 'scheduled proxy check failed');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
      return { checked };
    },
  };
}
export type ProxiesService = ReturnType<typeof createProxiesService>;
