/** One value an audited action changed: `field` is the detail's key ('' when the whole entry is the change). */
export type AuditChange = { field: string; from: unknown; to: unknown };

type Pair = { from: unknown; to: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isPair = (value: unknown): value is Pair => isRecord(value) && 'from' in value && 'to' in value;

/**
 * The before/after values an entry's details carry. The services write a change as `{ from, to }`:
 * the whole details (a wallet's proxy), under the field's name (`status`, a merchant's `minAmount`),
 * or under `changes` (a user's or a device's edit). Anything else is not a change and stays in the
 * details alone.
 */
export function auditChanges(details: Record<string, unknown> | null): AuditChange[] {
  if (!details) return [];
  if (isPair(details)) return [{ field: '', from: details.from, to: details.to }];
  const changes: AuditChange[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (isPair(value)) {
      changes.push({ field: key, from: value.from, to: value.to });
      continue;
    }
    if (!isRecord(value)) continue;
    for (const [field, inner] of Object.entries(value)) {
      if (isPair(inner)) changes.push({ field, from: inner.from, to: inner.to });
    }
  }
  return changes;
}
