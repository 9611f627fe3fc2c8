import { readFileSync } from 'node:fs';
import {
  AGENT_BUSY_LEASE_MS,
  AGENT_CONNECT_ERRORS,
  AGENT_ERROR_CODES,
  AGENT_EVENTS,
  AGENT_HEARTBEAT_INTERVAL_MS,
  AGENT_MAX_PAYLOAD_BYTES,
  AGENT_NAMESPACE,
  AGENT_PRESENCE_TIMEOUT_MS,
  AGENT_PROTOCOL_VERSION,
  COMMAND_TYPES,
  DEVICE_CHECK_TYPES,
  DISCONNECT_REASONS,
  HEALTH_CHECK_DEADLINE_MS,
  HEALTH_CHECK_STATUS,
  NETWORK_TYPES,
  REALTIME_PATH,
  SUPPORTED_AGENT_PROTOCOL_VERSIONS,
  TRANSFER_DEADLINE_MS,
  WALLET_COMMAND_CHECKS,
  WALLET_COMMAND_DEADLINE_MS,
  WALLET_ERROR_CODES,
  WALLET_OTP_TTL_SECONDS_DEFAULT,
  WALLET_TRANSACTIONS_PER_REPORT_MAX,
} from '@gerbang/contract';
import { describe, expect, it } from 'vitest';

const doc = readFileSync(new URL('../../../docs/agent-protocol.md', import.meta.url), 'utf8');

/** The cells of every table row in `text`, trimmed (tables may be padded by the formatter). */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

/** The "Constants" table of docs/agent-protocol.md: name → the value cell as written. */
function documentedConstants(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const [name, value] of tableRows(doc.slice(doc.indexOf('## 12. Constants')))) {
    const constant = name?.match(/^`([A-Z_]+)`$/)?.[1];
    if (constant && value) rows.set(constant, value);
  }
  return rows;
}

const quoted = (value: string | number) => (typeof value === 'string' ? `\`'${value}'\`` : `\`${value}\``);
const listed = (values: readonly (string | number)[]) => values.map((v) => `\`${v}\``).join(', ');
const mapped = (record: Record<string, string | number>) =>
  Object.entries(record)
    .map(([key, value]) => `\`${key}: ${typeof value === 'string' ? `'${value}'` : value}\``)
    .join(', ');

describe('docs/agent-protocol.md', () => {
  it('states every protocol constant exactly as the contract defines it', () => {
    expect(Object.fromEntries(documentedConstants())).toEqual({
      REALTIME_PATH: quoted(REALTIME_PATH),
      AGENT_NAMESPACE: quoted(AGENT_NAMESPACE),
      AGENT_PROTOCOL_VERSION: quoted(AGENT_PROTOCOL_VERSION),
      SUPPORTED_AGENT_PROTOCOL_VERSIONS: `\`[${SUPPORTED_AGENT_PROTOCOL_VERSIONS.join(', ')}]\``,
      AGENT_HEARTBEAT_INTERVAL_MS: quoted(AGENT_HEARTBEAT_INTERVAL_MS),
      AGENT_PRESENCE_TIMEOUT_MS: quoted(AGENT_PRESENCE_TIMEOUT_MS),
      AGENT_BUSY_LEASE_MS: quoted(AGENT_BUSY_LEASE_MS),
      HEALTH_CHECK_DEADLINE_MS: quoted(HEALTH_CHECK_DEADLINE_MS),
      WALLET_COMMAND_DEADLINE_MS: quoted(WALLET_COMMAND_DEADLINE_MS),
      TRANSFER_DEADLINE_MS: quoted(TRANSFER_DEADLINE_MS),
      AGENT_MAX_PAYLOAD_BYTES: quoted(AGENT_MAX_PAYLOAD_BYTES),
      AGENT_EVENTS: mapped(AGENT_EVENTS),
      AGENT_ERROR_CODES: listed(AGENT_ERROR_CODES),
      AGENT_CONNECT_ERRORS: mapped(AGENT_CONNECT_ERRORS),
      DISCONNECT_REASONS: listed(DISCONNECT_REASONS),
      COMMAND_TYPES: listed(COMMAND_TYPES),
      DEVICE_CHECK_TYPES: listed(DEVICE_CHECK_TYPES),
      NETWORK_TYPES: listed(NETWORK_TYPES),
      HEALTH_CHECK_STATUS: mapped(HEALTH_CHECK_STATUS),
      WALLET_COMMAND_CHECKS: listed(WALLET_COMMAND_CHECKS),
      WALLET_ERROR_CODES: listed(WALLET_ERROR_CODES),
      WALLET_OTP_TTL_SECONDS_DEFAULT: quoted(WALLET_OTP_TTL_SECONDS_DEFAULT),
      WALLET_TRANSACTIONS_PER_REPORT_MAX: quoted(WALLET_TRANSACTIONS_PER_REPORT_MAX),
    });
  });

  it('documents every error code and every disconnect reason', () => {
    const firstCells = new Set(tableRows(doc).map((cells) => cells[0]));
    for (const code of AGENT_ERROR_CODES) expect(firstCells).toContain(`\`${code}\``);
    for (const reason of DISCONNECT_REASONS) expect(firstCells).toContain(`\`${reason}\``);
    for (const code of WALLET_ERROR_CODES) expect(firstCells).toContain(`\`${code}\``);
    for (const event of Object.values(AGENT_EVENTS)) expect(doc).toContain(`\`${event}\``);
  });
});
